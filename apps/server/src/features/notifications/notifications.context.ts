import { NOTIFICATION_SOCKET_PATH, type NotificationSocketMessage } from '@agora/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ContentRegistry } from '../../platform/content';
import type { Database } from '../../platform/db';
import type { Storage } from '../../platform/storage';

/** Everything the notification services use; built once per app, never from a request. */
export interface NotificationsContext {
  db: Database;
  storage: Storage;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Names each target's application, model and page. */
  content: ContentRegistry;
  /** Sends a message to every notification socket the member has open, on any instance. Never throws. */
  push(userId: number, message: NotificationSocketMessage): Promise<void>;
}

export function notificationsContext(app: FastifyInstance): NotificationsContext {
  return {
    db: app.db,
    storage: app.storage,
    log: app.log,
    now: app.config.clock ?? (() => new Date()),
    content: app.content,
    async push(userId, message) {
      // The change is committed whatever happens here; the next count or list read shows it.
      await app.realtime
        .sendToUser(userId, NOTIFICATION_SOCKET_PATH, message)
        .catch((error: unknown) => {
          app.log.error({ err: error, userId }, 'could not push a notification');
        });
    },
  };
}
