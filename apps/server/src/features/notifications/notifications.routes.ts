import {
  NOTIFICATION_SOCKET_PATH,
  ZNotificationCount,
  ZNotificationDetailsQuery,
  ZNotificationItem,
  ZNotificationPage,
  ZSetNotificationViewedQuery,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth';
import { handleContentEvents } from './content-events';
import { notificationsContext } from './notifications.context';
import { countUnviewed, listNotifications, readAll, setViewed } from './notifications.service';

/**
 * The member's notifications under /api/common/ (register with that prefix), their live socket at
 * /ws/notifications/, and their creation, as background jobs, from other features' domain events.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = notificationsContext(app);
  const tags = ['notifications'];

  handleContentEvents(app.jobs, ctx);

  app.realtime.route(NOTIFICATION_SOCKET_PATH, {
    async onOpen(user, send) {
      send({ type: 'notification_count', notification_count: await countUnviewed(ctx, user.id) });
    },
  });

  app.get(
    '/notification-count',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'How many of your notifications you have not viewed yet.',
        response: { 200: ZNotificationCount },
      },
    },
    async (request) => ({ notificationCount: await countUnviewed(ctx, currentUser(request).id) }),
  );

  app.get(
    '/notification-details',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Your notifications, newest first.',
        querystring: ZNotificationDetailsQuery,
        response: { 200: ZNotificationPage },
      },
    },
    async (request) => {
      const page = await listNotifications(ctx, currentUser(request).id, request.query);
      return { results: page.rows, next: page.next };
    },
  );

  app.post(
    '/notification-readall/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Mark all your notifications viewed.',
        response: { 200: ZNotificationCount },
      },
    },
    async (request) => ({ notificationCount: await readAll(ctx, currentUser(request).id) }),
  );

  app.put(
    '/notification-setviewed',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Mark one of your notifications viewed.',
        querystring: ZSetNotificationViewedQuery,
        response: { 200: ZNotificationItem },
      },
    },
    async (request) => setViewed(ctx, currentUser(request).id, request.query.notification_id),
  );
};
