import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { NOTIFICATION_SOCKET_PATH } from '@agora/shared';
import { refreshAccessToken } from '../../lib/http-client';
import { createSocketClient, followSession } from '../../lib/socket-client';
import type { SocketClient, SocketLocation, WebSocketConstructor } from '../../lib/socket-client';
import { selectAuthToken } from '../auth';
import type { AuthRootState } from '../auth';
import { notifyDesktop } from './desktop-notify';
import type { DesktopNotifier } from './desktop-notify';
import {
  notificationConnectionChanged,
  notificationCountChanged,
  notificationReceived,
} from './notification-slice';
import type { NotificationsRootState } from './notification-slice';

/** The store as the notification wiring needs it; the app's store fits. */
export interface NotificationStore {
  getState: () => AuthRootState & NotificationsRootState;
  dispatch: ThunkDispatch<AuthRootState & NotificationsRootState, unknown, UnknownAction>;
  subscribe: (listener: () => void) => () => void;
}

export interface NotificationSocketOptions {
  /** Defaults to the browser's WebSocket. */
  WebSocketImpl?: WebSocketConstructor;
  /** Defaults to `window.location`. */
  location?: SocketLocation;
  /** A fresh access token after a 4401 close, or null; defaults to the HTTP client's refresh. */
  refreshToken?: () => Promise<string | null>;
  /** Defaults to the browser's desktop notifications. */
  notify?: DesktopNotifier;
}

let active: SocketClient | null = null;

/**
 * Connects the notification socket to the store (SPEC §7 "Sockets"): `notification_count` sets
 * the count; `notification_details` puts the notification on top of the list (forums only) and
 * raises a desktop notification. Connects only while there is an access token (SPEC §6).
 * Call once, after the store is made; returns the function that disconnects it.
 */
export function connectNotificationSocket(
  store: NotificationStore,
  options: NotificationSocketOptions = {},
): () => void {
  const token = () => selectAuthToken(store.getState());
  const notify = options.notify ?? notifyDesktop;
  const client = createSocketClient({
    path: NOTIFICATION_SOCKET_PATH,
    getToken: token,
    refreshToken: options.refreshToken ?? (() => refreshAccessToken().catch(() => null)),
    WebSocketImpl: options.WebSocketImpl,
    location: options.location,
    onStatus: (status) => store.dispatch(notificationConnectionChanged(status)),
    onMessage: (message) => {
      if (message.type === 'notification_count') {
        store.dispatch(notificationCountChanged(message.notification_count));
      } else if (message.type === 'notification_details') {
        store.dispatch(notificationReceived(message.notification));
        void notify({
          body: message.message,
          icon: message.notification.actor.avatar ?? undefined,
          tag: `agora-notification-${message.notification.id}`,
        });
      }
    },
  });
  const unfollow = followSession(client, {
    getToken: token,
    subscribe: (listener) => store.subscribe(listener),
  });
  active = client;

  return () => {
    unfollow();
    client.close();
    if (active === client) active = null;
  };
}

/** The "Disconnected — retry" action: connects now and counts attempts from 1 again. */
export function retryNotificationSocket(): void {
  active?.retry();
}
