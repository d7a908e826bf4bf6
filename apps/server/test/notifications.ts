import {
  NOTIFICATION_SOCKET_PATH,
  parseSocketMessage,
  type NotificationCount,
  type NotificationPage,
  type NotificationSocketMessage,
} from '@agora/shared';
import { asc, desc, eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import {
  notificationActors,
  notifications,
} from '../src/features/notifications/notifications.tables';
import type { Member } from './accounts';
import type { TestApp } from './build-app';
import { as } from './forums';

/**
 * Notification helpers for tests: the member's rows straight from the database, and a way to
 * wait for the background jobs that create them.
 *
 *   await postComment(t, bob, discussion.id);
 *   const [row] = await waitForNotifications(t, ada, 1);
 *   await eventsHandled(t); // before asserting that something did NOT create a notification
 */

export const COUNT = '/api/common/notification-count';
export const DETAILS = '/api/common/notification-details';
export const READ_ALL = '/api/common/notification-readall/';
export const SET_VIEWED = '/api/common/notification-setviewed';

/** The member's notifications, newest first, as stored. */
export async function notificationRows(t: TestApp, member: Member) {
  return t.db
    .select()
    .from(notifications)
    .where(eq(notifications.recipientId, member.user.id))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
}

/** Ids of the members gathered in a notification. */
export async function actorIds(t: TestApp, notificationId: number): Promise<number[]> {
  const rows = await t.db
    .select({ actorId: notificationActors.actorId })
    .from(notificationActors)
    .where(eq(notificationActors.notificationId, notificationId))
    .orderBy(asc(notificationActors.actorId));
  return rows.map((row) => row.actorId);
}

/** Waits (2 s at most) until the member has exactly `count` notifications, and returns them. */
export async function waitForNotifications(t: TestApp, member: Member, count: number) {
  return vi.waitFor(
    async () => {
      const rows = await notificationRows(t, member);
      expect(rows).toHaveLength(count);
      return rows;
    },
    { timeout: 2000, interval: 10 },
  );
}

/**
 * Resolves once every domain event committed so far has been handled: notifications are made by
 * background jobs, and the queue is idle once none is due or running. Their pushes then cross the
 * bus, which delivers in the order published: once a marker published now has arrived, the
 * pushes have too, and the bus is idle once their handlers have finished.
 */
export async function eventsHandled(t: TestApp): Promise<void> {
  await t.app.jobs.idle();
  let arrived: () => void = () => {};
  const marker = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const unsubscribe = await t.app.bus.subscribe('test.events-handled', () => arrived());
  await t.app.bus.publish('test.events-handled', null);
  await marker;
  await unsubscribe();
  await t.app.bus.idle();
}

export async function notificationCount(t: TestApp, member: Member): Promise<number> {
  const response = await as(t, member).get(COUNT);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationCount>().notificationCount;
}

export async function notificationPage(
  t: TestApp,
  member: Member,
  query = '',
): Promise<NotificationPage> {
  const response = await as(t, member).get(`${DETAILS}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationPage>();
}

export interface NotificationSocket {
  /** Every message received so far, in order. */
  messages: NotificationSocketMessage[];
  /** Waits (2 s at most) until `count` messages have arrived, and returns them. */
  received(count: number): Promise<NotificationSocketMessage[]>;
  /** Resolves with the close code once the server closes the socket. */
  closed: Promise<number>;
  close(): void;
}

/** Opens `/ws/notifications/` with `token` (none when undefined) and records what it receives. */
export async function openNotificationSocket(
  t: TestApp,
  token: string | undefined,
): Promise<NotificationSocket> {
  const messages: NotificationSocketMessage[] = [];
  let onClose: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => (onClose = resolve));
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  const socket = await t.app.injectWS(`${NOTIFICATION_SOCKET_PATH}${query}`, undefined, {
    // Listening before the upgrade completes: the count is sent right after it.
    onInit(ws) {
      ws.on('message', (data: Buffer) => {
        const message = parseSocketMessage(data.toString());
        if (message?.type === 'notification_count' || message?.type === 'notification_details') {
          messages.push(message);
        }
      });
      ws.on('close', (code: number) => onClose(code));
    },
  });
  return {
    messages,
    closed,
    received: (count) =>
      vi.waitFor(
        () => {
          expect(messages).toHaveLength(count);
          return messages;
        },
        { timeout: 2000, interval: 10 },
      ),
    close: () => socket.terminate(),
  };
}
