/** The notifications feature's public API. */
export { notificationsRoutes } from './notifications.routes';
export { cleanNotifications } from './content-events';
export { mentionedUsernames } from './mentions';
