import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_SUBSCRIPTIONS_MAX, WS_CLOSE_UNAUTHORIZED } from '@agora/shared';
import type { LiveUpdateEvent } from '@agora/shared';
import { FakeWebSocket } from '../testing/fake-websocket';
import { makeJwt } from '../testing/jwt';
import { createLiveSocket } from './live-socket';
import type { LiveSocket, LiveSocketOptions } from './live-socket';

const LOCATION = { href: 'http://agora.test/polls/7' };
const ADA = makeJwt({ sub: 1, sid: 'a' });
const BOB = makeJwt({ sub: 2, sid: 'b' });

let token: string | null;
let sessionListeners: Set<() => void>;

function liveSocket(extra: Partial<LiveSocketOptions> = {}): LiveSocket {
  return createLiveSocket({
    getToken: () => token,
    subscribeSession: (listener) => {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
    WebSocketImpl: FakeWebSocket,
    location: LOCATION,
    ...extra,
  });
}

const update = (id: number, likesCount: number): LiveUpdateEvent => ({
  type: 'live_update',
  model: 'poll',
  id,
  counts: { likesCount },
});

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
  token = null;
  sessionListeners = new Set();
});

afterEach(() => vi.useRealTimers());

describe('live socket', () => {
  it('opens one socket for every watcher, subscribes once per object, and routes updates', () => {
    const live = liveSocket();
    const first: LiveUpdateEvent[] = [];
    const second: LiveUpdateEvent[] = [];
    const other: LiveUpdateEvent[] = [];
    live.watch({ model: 'poll', id: 7 }, (event) => first.push(event));
    live.watch({ model: 'poll', id: 7 }, (event) => second.push(event));
    live.watch({ model: 'forum', id: 7 }, (event) => other.push(event));
    expect(FakeWebSocket.instances).toHaveLength(1);
    const socket = FakeWebSocket.last();
    // Signed out: no token in the address.
    expect(socket.url).toBe('ws://agora.test/ws/live/');
    expect(socket.sent).toEqual([]);

    socket.open();
    expect(socket.sent).toEqual([
      { type: 'subscribe', model: 'poll', id: 7 },
      { type: 'subscribe', model: 'forum', id: 7 },
    ]);
    socket.receive(update(7, 3));
    socket.receive('not json');
    socket.receive({ type: 'notification_count', notification_count: 2 });
    expect(first).toEqual([update(7, 3)]);
    expect(second).toEqual([update(7, 3)]);
    expect(other).toEqual([]);
  });

  it('passes the access token when signed in', () => {
    token = ADA;
    liveSocket().watch({ model: 'poll', id: 1 }, () => undefined);
    expect(FakeWebSocket.last().url).toBe(`ws://agora.test/ws/live/?token=${ADA}`);
  });

  it("unsubscribes when an object's last watcher leaves and closes the socket a while later", () => {
    const live = liveSocket({ idleCloseMs: 5000 });
    const stopFirst = live.watch({ model: 'poll', id: 7 }, () => undefined);
    const stopSecond = live.watch({ model: 'poll', id: 7 }, () => undefined);
    const socket = FakeWebSocket.last();
    socket.open();
    socket.sent = [];
    stopFirst();
    stopFirst();
    expect(socket.sent).toEqual([]);
    stopSecond();
    expect(socket.sent).toEqual([{ type: 'unsubscribe', model: 'poll', id: 7 }]);

    // A page replacing another watches again on the same socket.
    vi.advanceTimersByTime(4000);
    const stopThird = live.watch({ model: 'poll', id: 8 }, () => undefined);
    vi.advanceTimersByTime(5000);
    expect(socket.closedWith).toBeUndefined();
    expect(socket.sent.at(-1)).toEqual({ type: 'subscribe', model: 'poll', id: 8 });
    stopThird();
    vi.advanceTimersByTime(5000);
    expect(socket.closedWith).toBe(1000);
    expect(live.status).toEqual({ state: 'idle' });

    live.watch({ model: 'poll', id: 9 }, () => undefined);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('reconnects after 1, 2, 4… seconds, at most 10 times, and subscribes again', () => {
    const live = liveSocket();
    live.watch({ model: 'poll', id: 7 }, () => undefined);
    FakeWebSocket.last().open();
    FakeWebSocket.last().serverClose(1006);
    expect(live.status).toEqual({ state: 'reconnecting', attempt: 1, delayMs: 1000 });
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.last().open();
    expect(FakeWebSocket.last().sent).toEqual([{ type: 'subscribe', model: 'poll', id: 7 }]);

    for (let attempt = 1; attempt <= 10; attempt += 1) {
      FakeWebSocket.last().serverClose(1006);
      expect(live.status).toMatchObject({ attempt, delayMs: 2 ** (attempt - 1) * 1000 });
      vi.advanceTimersByTime(2 ** (attempt - 1) * 1000);
    }
    FakeWebSocket.last().serverClose(1006);
    expect(live.status).toEqual({ state: 'disconnected', reason: 'gave-up' });
    expect(FakeWebSocket.instances).toHaveLength(12);

    // A page watching something new tries again.
    live.watch({ model: 'poll', id: 8 }, () => undefined);
    expect(FakeWebSocket.instances).toHaveLength(13);
  });

  it('reconnects as the new member when the session changes, not on a refreshed token', () => {
    token = ADA;
    const live = liveSocket();
    live.watch({ model: 'poll', id: 7 }, () => undefined);
    FakeWebSocket.last().open();
    const changed = () => {
      for (const listener of sessionListeners) listener();
    };
    changed();
    expect(FakeWebSocket.instances).toHaveLength(1);

    token = BOB;
    changed();
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.instances[0]?.closedWith).toBe(1000);
    expect(FakeWebSocket.last().url).toContain(`token=${BOB}`);
    FakeWebSocket.last().open();
    expect(FakeWebSocket.last().sent).toEqual([{ type: 'subscribe', model: 'poll', id: 7 }]);

    token = null;
    changed();
    expect(FakeWebSocket.last().url).toBe('ws://agora.test/ws/live/');
  });

  it('asks for a fresh token after a 4401 close', async () => {
    token = ADA;
    const refreshToken = vi.fn(async () => BOB);
    const live = liveSocket({ refreshToken });
    live.watch({ model: 'poll', id: 7 }, () => undefined);
    FakeWebSocket.last().serverClose(WS_CLOSE_UNAUTHORIZED);
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshToken).toHaveBeenCalledOnce();
    expect(FakeWebSocket.last().url).toContain(`token=${BOB}`);
  });

  it(`subscribes to ${LIVE_SUBSCRIPTIONS_MAX} objects at most; the next waits for a free slot`, () => {
    const live = liveSocket();
    const stops = Array.from({ length: LIVE_SUBSCRIPTIONS_MAX + 1 }, (_, index) =>
      live.watch({ model: 'poll', id: index + 1 }, () => undefined),
    );
    const socket = FakeWebSocket.last();
    socket.open();
    expect(socket.sent).toHaveLength(LIVE_SUBSCRIPTIONS_MAX);
    expect(socket.sent).not.toContainEqual({
      type: 'subscribe',
      model: 'poll',
      id: LIVE_SUBSCRIPTIONS_MAX + 1,
    });
    socket.sent = [];
    stops[3]?.();
    expect(socket.sent).toEqual([
      { type: 'unsubscribe', model: 'poll', id: 4 },
      { type: 'subscribe', model: 'poll', id: LIVE_SUBSCRIPTIONS_MAX + 1 },
    ]);
  });
});
