import { configureStore } from '@reduxjs/toolkit';
import type { NotificationItem } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../lib/api';
import { http } from '../../lib/http-client';
import { createFakeServer } from '../../lib/testing/fake-server';
import type { FakeServer } from '../../lib/testing/fake-server';
import { authReducer, sessionEnded } from '../auth';
import type { AuthState } from '../auth';
import {
  fetchNotificationCount,
  fetchNotificationDetails,
  notificationCountChanged,
  notificationReceived,
  notificationsReducer,
  readAllNotifications,
  setNotificationViewed,
} from './index';

function notification(id: number, appLabel = 'forums', viewed = false): NotificationItem {
  return {
    id,
    message: `notification ${id}`,
    viewed,
    createdAt: '2026-03-01T12:00:00.000Z',
    actor: { id: 7, username: 'ada', avatar: null },
    verb: 'commented',
    targetObject: {
      appLabel,
      model: 'discussion',
      id: 12,
      title: 'Engines',
      url: '/discussions/12',
    },
  };
}

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

function makeStore(token: string | null = 'access') {
  return configureStore({
    reducer: {
      auth: authReducer,
      notifications: notificationsReducer,
      [api.reducerPath]: api.reducer,
    },
    preloadedState: { auth: auth(token) },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

const detailIds = (store: ReturnType<typeof makeStore>) =>
  store.getState().notifications.details.map((n) => n.id);

let server: FakeServer;
const originalTransport = http.transport;

beforeEach(() => {
  server = createFakeServer();
  http.transport = server.transport;
});

afterEach(() => {
  http.transport = originalTransport;
});

describe('notification details (SPEC §3, §6, §9)', () => {
  it("keeps only items whose targetObject.appLabel is 'forums'", async () => {
    const store = makeStore();
    server.on('GET', '/api/common/notification-details', {
      status: 200,
      data: {
        results: [
          notification(5),
          notification(4, 'polls'),
          notification(3),
          notification(2, 'chats'),
        ],
        next: null,
      },
    });
    await store.dispatch(fetchNotificationDetails());
    expect(detailIds(store)).toEqual([5, 3]);
    expect(store.getState().notifications.loading).toBe(false);
  });

  it('asks for 10 by default, or the limit given', async () => {
    const store = makeStore();
    server.on('GET', '/api/common/notification-details', {
      status: 200,
      data: { results: [], next: null },
    });
    await store.dispatch(fetchNotificationDetails());
    await store.dispatch(fetchNotificationDetails(50));
    expect(server.received('GET', '/api/common/notification-details').map((r) => r.params)).toEqual(
      [{ limit: 10 }, { limit: 50 }],
    );
  });

  it('are not fetched when signed out, nor is the count', async () => {
    const store = makeStore(null);
    const before = store.getState().notifications;
    await store.dispatch(fetchNotificationDetails());
    await store.dispatch(fetchNotificationCount());
    await store.dispatch(readAllNotifications());
    await store.dispatch(setNotificationViewed(5));
    expect(server.requests).toHaveLength(0);
    expect(store.getState().notifications).toBe(before);
  });

  it('fail with the first nonFieldErrors message (SPEC §8)', async () => {
    const store = makeStore();
    server.on('GET', '/api/common/notification-details', {
      status: 400,
      data: { limit: ['Ask for at most 50.'], nonFieldErrors: ['Notifications are unavailable.'] },
    });
    const result = await store.dispatch(fetchNotificationDetails(99));
    expect(result.payload).toBe('Notifications are unavailable.');
    expect(store.getState().notifications.error).toBe('Notifications are unavailable.');
  });
});

describe('notification count (SPEC §3: a number)', () => {
  it('is read from notification-count', async () => {
    const store = makeStore();
    server.on('GET', '/api/common/notification-count', {
      status: 200,
      data: { notificationCount: 4 },
    });
    await store.dispatch(fetchNotificationCount());
    expect(store.getState().notifications.count).toBe(4);
  });

  it('follows the socket', () => {
    const store = makeStore();
    store.dispatch(notificationCountChanged(7));
    expect(store.getState().notifications.count).toBe(7);
  });
});

describe('new, viewed and read notifications', () => {
  it('puts a new forums notification on top and drops others', () => {
    const store = makeStore();
    store.dispatch(notificationReceived(notification(1)));
    store.dispatch(notificationReceived(notification(2)));
    store.dispatch(notificationReceived(notification(3, 'polls')));
    store.dispatch(notificationReceived(notification(2)));
    expect(detailIds(store)).toEqual([2, 1]);
  });

  it('set viewed calls PUT notification-setviewed?notification_id= and marks the item', async () => {
    const store = makeStore();
    store.dispatch(notificationReceived(notification(5)));
    store.dispatch(notificationCountChanged(3));
    server.on('PUT', '/api/common/notification-setviewed', { status: 200, data: {} });
    await store.dispatch(setNotificationViewed(5));
    expect(server.received('PUT', '/api/common/notification-setviewed')[0]?.params).toEqual({
      notification_id: 5,
    });
    expect(store.getState().notifications.details[0]?.viewed).toBe(true);
    expect(store.getState().notifications.count).toBe(2);
    await store.dispatch(setNotificationViewed(5));
    expect(store.getState().notifications.count).toBe(2);
  });

  it('read all calls POST notification-readall/ and clears the count', async () => {
    const store = makeStore();
    store.dispatch(notificationReceived(notification(5)));
    store.dispatch(notificationReceived(notification(6)));
    store.dispatch(notificationCountChanged(2));
    server.on('POST', '/api/common/notification-readall/', { status: 200, data: {} });
    await store.dispatch(readAllNotifications());
    expect(server.received('POST', '/api/common/notification-readall/')).toHaveLength(1);
    expect(store.getState().notifications.count).toBe(0);
    expect(store.getState().notifications.details.every((n) => n.viewed)).toBe(true);
  });

  it('forgets everything when the session ends', () => {
    const store = makeStore();
    store.dispatch(notificationReceived(notification(5)));
    store.dispatch(notificationCountChanged(2));
    store.dispatch(sessionEnded());
    expect(store.getState().notifications).toMatchObject({ count: 0, details: [] });
  });
});
