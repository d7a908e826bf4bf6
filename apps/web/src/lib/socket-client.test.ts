import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketMessage } from '@agora/shared';
import { createSocketClient, socketUrl } from './socket-client';
import type { SocketClient, SocketClientOptions, SocketStatus } from './socket-client';
import { FakeWebSocket } from './testing/fake-websocket';

const LOCATION = { href: 'http://agora.test/chat' };

let token: string | null;
let statuses: SocketStatus[];
let messages: SocketMessage[];
let client: SocketClient | undefined;

function connect(extra: Partial<SocketClientOptions> = {}): SocketClient {
  client = createSocketClient({
    path: '/ws/chats/',
    getToken: () => token,
    onMessage: (message) => messages.push(message),
    onStatus: (status) => statuses.push(status),
    WebSocketImpl: FakeWebSocket,
    location: LOCATION,
    ...extra,
  });
  client.start();
  return client;
}

const sockets = () => FakeWebSocket.instances.length;

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
  token = 'access-1';
  statuses = [];
  messages = [];
});

afterEach(() => {
  client?.close();
  client = undefined;
  vi.useRealTimers();
});

describe('socket url', () => {
  it('uses ws beside http and wss beside https, with the token as query parameter', () => {
    expect(socketUrl('/ws/chats/', 'a.b.c', { href: 'http://agora.test/chat' })).toBe(
      'ws://agora.test/ws/chats/?token=a.b.c',
    );
    expect(socketUrl('/ws/notifications/', 'a+b', { href: 'https://agora.test:8443/x' })).toBe(
      'wss://agora.test:8443/ws/notifications/?token=a%2Bb',
    );
  });

  it('defaults to the page location', () => {
    token = 'tok';
    connect({ location: undefined });
    expect(FakeWebSocket.last().url).toBe(`ws://${window.location.host}/ws/chats/?token=tok`);
  });
});

describe('connecting', () => {
  it('does not connect without an access token', () => {
    token = null;
    const c = connect();
    expect(sockets()).toBe(0);
    expect(c.status).toEqual({ state: 'idle' });
    expect(c.start()).toBe(false);
    expect(sockets()).toBe(0);
  });

  it('reports connecting, then open, and passes on messages, dropping frames that are not one', () => {
    connect();
    expect(FakeWebSocket.last().url).toBe('ws://agora.test/ws/chats/?token=access-1');
    expect(statuses).toEqual([{ state: 'connecting' }]);
    FakeWebSocket.last().open();
    expect(statuses.at(-1)).toEqual({ state: 'open' });

    FakeWebSocket.last().receive({ type: 'total_chat', total_chat: 3 });
    FakeWebSocket.last().receive('not json');
    FakeWebSocket.last().receive([{ type: 'total_chat', total_chat: 4 }]);
    FakeWebSocket.last().receive({ total_chat: 5 });
    FakeWebSocket.last().receive({ type: 6 });
    expect(messages).toEqual([{ type: 'total_chat', total_chat: 3 }]);
  });

  it('does not open a second socket while one is connected', () => {
    const c = connect();
    FakeWebSocket.last().open();
    expect(c.start()).toBe(false);
    expect(sockets()).toBe(1);
  });
});

describe('reconnect backoff (SPEC §4, §9)', () => {
  it('retries 10 times after 1, 2, 4 … 512 s, then reports disconnected and stops', () => {
    connect();
    FakeWebSocket.last().open();
    FakeWebSocket.last().serverClose(1006);

    const expectedDelays = [1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000, 512000];
    expectedDelays.forEach((delay, index) => {
      const attempt = index + 1;
      expect(statuses.at(-1)).toEqual({ state: 'reconnecting', attempt, delayMs: delay });
      const before = sockets();
      vi.advanceTimersByTime(delay - 1);
      expect(sockets()).toBe(before);
      vi.advanceTimersByTime(1);
      expect(sockets()).toBe(before + 1);
      // The attempt fails without ever opening.
      FakeWebSocket.last().serverClose(1006);
    });

    expect(statuses.at(-1)).toEqual({ state: 'disconnected', reason: 'gave-up' });
    expect(sockets()).toBe(11);
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(sockets()).toBe(11);
  });

  it('resets the attempt counter after a successful open', () => {
    connect();
    FakeWebSocket.last().serverClose();
    vi.advanceTimersByTime(1000);
    FakeWebSocket.last().serverClose();
    expect(statuses.at(-1)).toEqual({ state: 'reconnecting', attempt: 2, delayMs: 2000 });
    vi.advanceTimersByTime(2000);
    FakeWebSocket.last().open();
    FakeWebSocket.last().serverClose();

    expect(statuses.at(-1)).toEqual({ state: 'reconnecting', attempt: 1, delayMs: 1000 });
    vi.advanceTimersByTime(999);
    expect(sockets()).toBe(3);
    vi.advanceTimersByTime(1);
    expect(sockets()).toBe(4);
  });

  it('manual retry after giving up connects at once and starts counting from 1 again', () => {
    const c = connect();
    FakeWebSocket.last().serverClose();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      vi.advanceTimersByTime(2 ** (attempt - 1) * 1000);
      FakeWebSocket.last().serverClose();
    }
    expect(c.status).toEqual({ state: 'disconnected', reason: 'gave-up' });
    expect(sockets()).toBe(11);

    c.retry();
    expect(sockets()).toBe(12);
    expect(c.status).toEqual({ state: 'connecting' });
    FakeWebSocket.last().serverClose();
    expect(c.status).toEqual({ state: 'reconnecting', attempt: 1, delayMs: 1000 });
    vi.advanceTimersByTime(1000);
    expect(sockets()).toBe(13);
  });

  it('manual retry while waiting cancels the pending attempt', () => {
    const c = connect();
    FakeWebSocket.last().serverClose();
    c.retry();
    expect(sockets()).toBe(2);
    FakeWebSocket.last().open();
    vi.advanceTimersByTime(10_000);
    expect(sockets()).toBe(2);
  });

  it('reconnects with the token current at the time of the attempt', () => {
    connect();
    FakeWebSocket.last().serverClose();
    token = 'access-2';
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.last().url).toBe('ws://agora.test/ws/chats/?token=access-2');
  });

  it('does not reconnect once signed out', () => {
    const c = connect();
    FakeWebSocket.last().serverClose();
    token = null;
    vi.advanceTimersByTime(1000);
    expect(sockets()).toBe(1);
    expect(c.status).toEqual({ state: 'idle' });
  });

  it('close() stops the socket and any pending attempt', () => {
    const c = connect();
    FakeWebSocket.last().open();
    const first = FakeWebSocket.last();
    c.close();
    expect(first.closedWith).toBe(1000);
    expect(c.status).toEqual({ state: 'idle' });
    vi.advanceTimersByTime(60_000);
    expect(sockets()).toBe(1);

    c.start();
    FakeWebSocket.last().serverClose();
    c.close();
    vi.advanceTimersByTime(60_000);
    expect(sockets()).toBe(2);
  });
});

describe('4429: too many sockets for the member', () => {
  it('stays closed, since reopening would only close another of the member sockets', () => {
    connect();
    FakeWebSocket.last().open();
    FakeWebSocket.last().serverClose(4429);
    expect(statuses.at(-1)).toEqual({ state: 'disconnected', reason: 'too-many' });
    vi.advanceTimersByTime(600_000);
    expect(sockets()).toBe(1);
  });
});

describe('4401: token refused', () => {
  it('waits its backoff step, then asks for a fresh token and reconnects with it', async () => {
    const refreshToken = vi.fn(async () => 'fresh');
    connect({ refreshToken });
    FakeWebSocket.last().serverClose(4401);
    expect(statuses.at(-1)).toEqual({ state: 'reconnecting', attempt: 1, delayMs: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(refreshToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(sockets()).toBe(2);
    expect(FakeWebSocket.last().url).toBe('ws://agora.test/ws/chats/?token=fresh');
  });

  it('never refreshes when the session ends during the wait', async () => {
    const refreshToken = vi.fn(async () => 'fresh');
    const c = connect({ refreshToken });
    FakeWebSocket.last().serverClose(4401);
    c.close();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(refreshToken).not.toHaveBeenCalled();
    expect(sockets()).toBe(1);
    expect(c.status).toEqual({ state: 'idle' });
  });

  it('stops, without retrying, when no fresh token can be had', async () => {
    const refreshToken = vi.fn(async () => null);
    const c = connect({ refreshToken });
    FakeWebSocket.last().serverClose(4401);
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(c.status).toEqual({ state: 'disconnected', reason: 'unauthorized' });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sockets()).toBe(1);
  });

  it('treats a failed refresh like no token', async () => {
    const refreshToken = vi.fn(() => Promise.reject(new Error('Token refresh failed')));
    const c = connect({ refreshToken });
    FakeWebSocket.last().serverClose(4401);
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.status).toEqual({ state: 'disconnected', reason: 'unauthorized' });
    expect(sockets()).toBe(1);
  });

  it('stops when the fresh token is refused too', async () => {
    const refreshToken = vi.fn(async () => 'fresh');
    const c = connect({ refreshToken });
    FakeWebSocket.last().serverClose(4401);
    await vi.advanceTimersByTimeAsync(1000);
    FakeWebSocket.last().serverClose(4401);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(c.status).toEqual({ state: 'disconnected', reason: 'unauthorized' });
    expect(sockets()).toBe(2);
  });

  it('stops at once without a refresh callback', () => {
    const c = connect();
    FakeWebSocket.last().serverClose(4401);
    expect(c.status).toEqual({ state: 'disconnected', reason: 'unauthorized' });
    vi.advanceTimersByTime(600_000);
    expect(sockets()).toBe(1);
  });

  it('ignores a refresh that settles after close()', async () => {
    let settle: (token: string) => void = () => undefined;
    const refreshToken = vi.fn(() => new Promise<string>((resolve) => (settle = resolve)));
    const c = connect({ refreshToken });
    FakeWebSocket.last().serverClose(4401);
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    c.close();
    settle('fresh');
    await vi.advanceTimersByTimeAsync(600_000);
    expect(sockets()).toBe(1);
    expect(c.status).toEqual({ state: 'idle' });
  });
});
