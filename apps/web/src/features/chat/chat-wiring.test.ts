import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { clearTokens } from '../../lib/cookies';
import { http } from '../../lib/http-client';
import { createFakeServer } from '../../lib/testing/fake-server';
import type { FakeServer } from '../../lib/testing/fake-server';
import { FakeWebSocket } from '../../lib/testing/fake-websocket';
import { signInAsMe } from '../../../test/chat-fixtures';
import { createSessionBridge, logout } from '../auth';
import { connectNotificationSocket } from '../notifications';
import { connectChatSocket } from './index';

/** The app's own store, wired like main.tsx: sockets follow the session (SPEC §6). */

const location = { href: 'https://agora.test/' };
const refreshToken = async () => null;
let server: FakeServer;
let stops: (() => void)[] = [];
const originalTransport = http.transport;

function wire(store: ReturnType<typeof makeStore>) {
  stops = [
    createSessionBridge(store),
    connectChatSocket(store, { WebSocketImpl: FakeWebSocket, location, refreshToken }),
    connectNotificationSocket(store, {
      WebSocketImpl: FakeWebSocket,
      location,
      refreshToken,
      notify: async () => 'shown',
    }),
  ];
}

const paths = () => FakeWebSocket.instances.map((socket) => new URL(socket.url).pathname);

beforeEach(() => {
  FakeWebSocket.reset();
  server = createFakeServer();
  http.transport = server.transport;
});

afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  clearTokens();
  http.transport = originalTransport;
});

describe('chat and notification sockets on the app store', () => {
  it('stay closed without an access token', () => {
    const store = makeStore();
    wire(store);
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(store.getState().chat.connection).toEqual({ state: 'idle' });
    expect(store.getState().notifications.connection).toEqual({ state: 'idle' });
  });

  it('connect with the access token and close on logout, clearing both slices', async () => {
    signInAsMe();
    const store = makeStore();
    wire(store);
    expect(paths()).toEqual(['/ws/chats/', '/ws/notifications/']);
    for (const socket of FakeWebSocket.instances) socket.open();
    FakeWebSocket.instances[0]?.receive({ type: 'total_chat', total_chat: 2 });
    FakeWebSocket.instances[1]?.receive({ type: 'notification_count', notification_count: 4 });
    expect(store.getState().chat.unreadTotal).toBe(2);
    expect(store.getState().notifications.count).toBe(4);

    server.on('POST', '/auth/logout/', { status: 204 });
    await store.dispatch(logout());

    expect(FakeWebSocket.instances.map((socket) => socket.closedWith)).toEqual([1000, 1000]);
    expect(store.getState().chat.connection).toEqual({ state: 'idle' });
    expect(store.getState().notifications.connection).toEqual({ state: 'idle' });
    expect(store.getState().chat.unreadTotal).toBe(0);
    expect(store.getState().notifications.count).toBe(0);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});
