export {
  notificationsReducer,
  notificationsSlice,
  notificationCountChanged,
  notificationReceived,
  notificationConnectionChanged,
  fetchNotificationCount,
  fetchNotificationDetails,
  readAllNotifications,
  setNotificationViewed,
  selectNotificationCount,
  selectNotificationDetails,
  selectNotificationsLoading,
  selectNotificationsError,
  selectNotificationConnection,
} from './notification-slice';
export type { NotificationsState, NotificationsRootState } from './notification-slice';
export { connectNotificationSocket, retryNotificationSocket } from './notification-socket';
export type { NotificationSocketOptions, NotificationStore } from './notification-socket';
export { createDesktopNotifier, notifyDesktop } from './desktop-notify';
export type {
  DesktopNotice,
  DesktopNoticeResult,
  DesktopNotifier,
  DesktopNotifierEnv,
  NotificationApi,
} from './desktop-notify';
export { NotificationBell } from './components/notification-bell';
export { NotificationRow } from './components/notification-row';
export { useOpenNotification } from './components/use-open-notification';
