import { z } from 'zod';
import { NOTIFICATION_DEFAULT_LIMIT, NOTIFICATION_MAX_LIMIT } from './constants';
import { zPage } from './pagination';
import { zText } from './text';

/** Notification contracts of issue 5 (SPEC §3, §7 "Common" and "Sockets"). */

const ZIsoDateTime = z.iso.datetime({ offset: true });
const ZId = z.number().int().positive();

/**
 * What happened, as `verb` says: a comment on your discussion, a reply to your comment, a like,
 * a vote in your poll, an `@username` mention, staff deciding about content you reported (hid
 * it, or left it up).
 */
export const NOTIFICATION_VERBS = [
  'commented',
  'replied',
  'liked',
  'voted',
  'mentioned',
  'report_upheld',
  'report_dismissed',
] as const;
export type NotificationVerb = (typeof NOTIFICATION_VERBS)[number];

export const ZNotificationActor = z.object({
  id: ZId,
  username: z.string(),
  avatar: z.url({ protocol: /^https?$/ }).nullable(),
});
export type NotificationActor = z.infer<typeof ZNotificationActor>;

/** What a notification is about: `appLabel` and `model` name its kind, `url` is where it lives. */
export const ZNotificationTarget = z.object({
  appLabel: z.string(),
  model: z.string(),
  id: ZId,
  title: z.string(),
  /** A path inside the web app, such as `/discussions/12`. */
  url: z.string(),
});
export type NotificationTarget = z.infer<typeof ZNotificationTarget>;

export const ZNotificationItem = z.object({
  id: ZId,
  /** The sentence shown to the member ("ada liked your discussion …"). */
  message: z.string(),
  viewed: z.boolean(),
  createdAt: ZIsoDateTime,
  actor: ZNotificationActor,
  verb: z.string(),
  targetObject: ZNotificationTarget,
});
export type NotificationItem = z.infer<typeof ZNotificationItem>;

/** GET `/api/common/notification-details?limit=`: newest first. */
export const ZNotificationPage = zPage(ZNotificationItem);
export type NotificationPage = z.infer<typeof ZNotificationPage>;

export const ZNotificationDetailsQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_MAX_LIMIT)
    .default(NOTIFICATION_DEFAULT_LIMIT),
  cursor: zText().max(200).optional(),
});
export type NotificationDetailsQuery = z.infer<typeof ZNotificationDetailsQuery>;

/**
 * GET `/api/common/notification-count`: notifications the member has not viewed. Also the answer
 * of POST `/api/common/notification-readall/` (then 0 unless one arrived meanwhile).
 */
export const ZNotificationCount = z.object({
  notificationCount: z.number().int().nonnegative(),
});
export type NotificationCount = z.infer<typeof ZNotificationCount>;

/** PUT `/api/common/notification-setviewed?notification_id=`: answers the notification, viewed. */
export const ZSetNotificationViewedQuery = z.object({
  notification_id: z.coerce.number().int().positive(),
});
export type SetNotificationViewedQuery = z.infer<typeof ZSetNotificationViewedQuery>;
