import type { NotificationItem } from './notifications';

/** Which app a notification is about; apart from the schemas, which the first page load does without. */

/** The only app whose notifications the client keeps (SPEC §3). */
export const NOTIFICATION_APP_LABEL_FORUMS = 'forums';

/** SPEC §3: only notifications about the forums app are kept in the detail list. */
export function isForumsNotification(notification: NotificationItem): boolean {
  return notification.targetObject.appLabel === NOTIFICATION_APP_LABEL_FORUMS;
}
