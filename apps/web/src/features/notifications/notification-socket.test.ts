import { configureStore } from '@reduxjs/toolkit';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { NotificationItem } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../lib/testing/fake-websocket';
import type { AuthState } from '../auth';
import { connectNotificationSocket, notificationsReducer, retryNotificationSocket } from './index';
import type { DesktopNotice } from './index';

const LOCATION = { href: 'http://agora.test/' };

function auth(authToken: string | null): AuthState {
  return {
    loading: false,
    authToken,
    isAuthenticated: authToken !== null,
    isNewUser: false,
    error: false,
    errorMsg: null,
    isTwoFaOn: false,
  };
}

const signedIn = (token: string | null) => ({ type: 'test/signedIn', payload: token });
function authStub(state: AuthState = auth(null), action: UnknownAction): AuthState {
  return action.type === 'test/signedIn' ? auth(action.payload as string | null) : state;
}

function makeStore(token: string | null) {
  return configureStore({
    reducer: { auth: authStub, notifications: notificationsReducer },
    preloadedState: { auth: auth(token) },
  });
}

function notification(id: number, appLabel: string): NotificationItem {
  return {
    id,
    message: `notification ${id}`,
    viewed: false,
    createdAt: '2026-03-01T12:00:00.000Z',
    actor: { id: 7, username: 'ada', avatar: 'https://agora.example/media/avatars/7.webp' },
    verb: 'liked',
    targetObject: {
      appLabel,
      model: 'discussion',
      id: 12,
      title: 'Engines',
      url: '/discussions/12',
    },
  };
}

let disconnect: (() => void) | undefined;
let notices: DesktopNotice[];

function wire(store: ReturnType<typeof makeStore>) {
  disconnect = connectNotificationSocket(store, {
    WebSocketImpl: FakeWebSocket,
    location: LOCATION,
    refreshToken: async () => null,
    notify: async (notice) => {
      notices.push(notice);
      return 'shown';
    },
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
  notices = [];
});

afterEach(() => {
  disconnect?.();
  disconnect = undefined;
  vi.useRealTimers();
});

describe('notification socket wiring', () => {
  it('connects to /ws/notifications/ only with an access token', () => {
    const store = makeStore(null);
    wire(store);
    expect(FakeWebSocket.instances).toHaveLength(0);
    store.dispatch(signedIn('tok'));
    expect(FakeWebSocket.last().url).toBe('ws://agora.test/ws/notifications/?token=tok');
    store.dispatch(signedIn(null));
    expect(FakeWebSocket.last().closedWith).toBe(1000);
  });

  it('sets the count and adds new forums notifications with a desktop notification', () => {
    const store = makeStore('tok');
    wire(store);
    FakeWebSocket.last().open();
    FakeWebSocket.last().receive({ type: 'notification_count', notification_count: 3 });
    expect(store.getState().notifications.count).toBe(3);

    const forums = notification(9, 'forums');
    FakeWebSocket.last().receive({
      type: 'notification_details',
      message: 'ada liked your discussion',
      notification: forums,
    });
    const polls = notification(10, 'polls');
    FakeWebSocket.last().receive({
      type: 'notification_details',
      message: 'ada voted',
      notification: polls,
    });

    expect(store.getState().notifications.details.map((n) => n.id)).toEqual([9]);
    expect(notices).toEqual([
      {
        body: 'ada liked your discussion',
        icon: 'https://agora.example/media/avatars/7.webp',
        tag: 'agora-notification-9',
      },
      {
        body: 'ada voted',
        icon: 'https://agora.example/media/avatars/7.webp',
        tag: 'agora-notification-10',
      },
    ]);
  });

  it('reconnects with the same backoff and retries on demand', () => {
    const store = makeStore('tok');
    wire(store);
    FakeWebSocket.last().serverClose();
    expect(store.getState().notifications.connection).toEqual({
      state: 'reconnecting',
      attempt: 1,
      delayMs: 1000,
    });
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.last().serverClose();
    retryNotificationSocket();
    expect(FakeWebSocket.instances).toHaveLength(3);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
  });
});
