import { describe, expect, it } from 'vitest';
import { isForumsNotification } from './notification-apps';
import {
  ZNotificationCount,
  ZNotificationDetailsQuery,
  ZNotificationItem,
  ZNotificationPage,
  ZSetNotificationViewedQuery,
} from './notifications';

const notification = {
  id: 9,
  message: 'ada commented on your discussion',
  viewed: false,
  createdAt: '2026-03-01T12:00:00.000Z',
  actor: { id: 7, username: 'ada', avatar: null },
  verb: 'commented',
  targetObject: {
    appLabel: 'forums',
    model: 'discussion',
    id: 12,
    title: 'Engines',
    url: '/discussions/12',
  },
};

describe('notification contracts', () => {
  it('accepts an item with actor and target object', () => {
    expect(ZNotificationItem.parse(notification)).toEqual(notification);
    expect(ZNotificationItem.safeParse({ ...notification, targetObject: {} }).success).toBe(false);
    expect(ZNotificationPage.parse({ results: [notification], next: null }).results).toHaveLength(
      1,
    );
  });

  it('answers the count as {notificationCount}', () => {
    expect(ZNotificationCount.parse({ notificationCount: 3 })).toEqual({ notificationCount: 3 });
    expect(ZNotificationCount.safeParse({ notification_count: 3 }).success).toBe(false);
  });

  it('defaults the details limit to 10 and caps it at 50', () => {
    expect(ZNotificationDetailsQuery.parse({})).toEqual({ limit: 10 });
    expect(ZNotificationDetailsQuery.parse({ limit: '50' })).toEqual({ limit: 50 });
    expect(ZNotificationDetailsQuery.safeParse({ limit: '51' }).success).toBe(false);
    expect(ZSetNotificationViewedQuery.parse({ notification_id: '9' })).toEqual({
      notification_id: 9,
    });
  });

  it('keeps only forums notifications', () => {
    expect(isForumsNotification(ZNotificationItem.parse(notification))).toBe(true);
    const poll = {
      ...notification,
      targetObject: { ...notification.targetObject, appLabel: 'polls' },
    };
    expect(isForumsNotification(ZNotificationItem.parse(poll))).toBe(false);
  });
});
