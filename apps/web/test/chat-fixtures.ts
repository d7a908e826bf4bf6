import type { ChatListEntry, ChatMessage, NotificationItem } from '@agora/shared';
import { routes } from '../src/app/router';
import { makeStore } from '../src/app/store';
import { createSessionBridge } from '../src/features/auth';
import { connectChatSocket, persistChatSelection } from '../src/features/chat';
import { connectNotificationSocket } from '../src/features/notifications';
import type { DesktopNotifier } from '../src/features/notifications';
import { clearTokens, storeSignInTokens } from '../src/lib/cookies';
import { http } from '../src/lib/http-client';
import { createFakeServer } from '../src/lib/testing/fake-server';
import type { FakeServer } from '../src/lib/testing/fake-server';
import { FakeWebSocket } from '../src/lib/testing/fake-websocket';
import { jwtExpiringAt } from '../src/lib/testing/jwt';
import { renderRoutes } from './render';

/** Shared set-up for the chat and notification pages' tests: the real app, fake API and sockets. */

/** The signed-in member in these tests. */
export const ME = 1;
export const ADA = 7;
export const BOB = 8;

const HOUR = 60 * 60 * 1000;

/** An ISO time `hoursAgo` hours before now. */
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

/** Midnight today, local time: the chat's "Today" and "Yesterday" are local days. */
function startOfToday(): number {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
}

/** An ISO time earlier today, whatever the hour the test runs at (half an hour ago, or midnight). */
export const earlierToday = () =>
  new Date(Math.max(startOfToday(), Date.now() - HOUR / 2)).toISOString();

/** Noon yesterday as an ISO time: "Yesterday" whatever the hour the test runs at. */
export const yesterdayNoon = () => new Date(startOfToday() - 12 * HOUR).toISOString();

export function entry(chatId: number, extra: Partial<ChatListEntry> = {}): ChatListEntry {
  return {
    chatId,
    chatmessage: { message: `Last message of chat ${chatId}`, createdAt: hoursAgo(1), sender: ADA },
    displayName: `Member ${chatId}`,
    chatProfile: null,
    userId: [chatId + 100],
    blockedByMe: 'False',
    isBlocked: 'False',
    chatViewed: true,
    ...extra,
  };
}

export function message(id: number, chatId: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    chatId,
    createdAt: hoursAgo(1),
    message: `Message ${id}`,
    user: ADA,
    userProfile: null,
    read: false,
    ...extra,
  };
}

export function notification(id: number, extra: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id,
    message: `ada commented on your discussion (${id})`,
    viewed: false,
    createdAt: hoursAgo(2),
    actor: { id: ADA, username: 'ada', avatar: null },
    verb: 'commented',
    targetObject: {
      appLabel: 'forums',
      model: 'forum',
      id: 40 + id,
      title: `Engines ${id}`,
      url: `/discussions/${40 + id}`,
    },
    ...extra,
  };
}

const originalTransport = http.transport;
let stops: (() => void)[] = [];

/** A fake API at the HTTP client's transport, with the calls every page of the shell makes. */
export function fakeChatApi(): FakeServer {
  const server = createFakeServer();
  http.transport = server.transport;
  server.on('GET', '/auth/providers/', {
    status: 200,
    data: { google: null, apple: null, facebook: null },
  });
  server.on('GET', '/api/common/notification-count', {
    status: 200,
    data: { notificationCount: 0 },
  });
  return server;
}

/** Stores sign-in cookies for member `ME`, so the next store starts signed in. */
export function signInAsMe(): void {
  const claims = { sub: String(ME), sid: 'session-1', type: 'access' };
  storeSignInTokens(
    {
      access: jwtExpiringAt(Date.now() + 300_000, claims),
      refresh: jwtExpiringAt(Date.now() + 14 * 24 * HOUR, { sub: String(ME), type: 'refresh' }),
    },
    'password',
  );
}

/** The whole app at `path`, wired like main.tsx, with fake sockets and desktop notifications. */
export function renderWired(path: string, notify: DesktopNotifier = async () => 'shown') {
  FakeWebSocket.reset();
  // As in main.tsx, the client knows the session before the first page asks for anything.
  const store = makeStore();
  const stopSession = createSessionBridge(store);
  const view = renderRoutes(routes, path, store);
  const location = { href: 'http://agora.test/' };
  const refreshToken = async () => null;
  stops = [
    stopSession,
    persistChatSelection(view.store),
    connectChatSocket(view.store, { WebSocketImpl: FakeWebSocket, location, refreshToken }),
    connectNotificationSocket(view.store, {
      WebSocketImpl: FakeWebSocket,
      location,
      refreshToken,
      notify,
    }),
  ];
  return view;
}

/** The fake socket opened for `path` (`/ws/chats/` or `/ws/notifications/`), most recent first. */
export function socketFor(path: string): FakeWebSocket {
  const socket = FakeWebSocket.instances.filter((s) => new URL(s.url).pathname === path).at(-1);
  if (!socket) throw new Error(`No socket was opened for ${path}.`);
  return socket;
}

export function cleanUpWired(): void {
  for (const stop of stops) stop();
  stops = [];
  clearTokens();
  sessionStorage.clear();
  http.transport = originalTransport;
}
