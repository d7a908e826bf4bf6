import { ZLogout, ZSessionHistoryPage, ZSessionHistoryQuery } from '@agora/shared';
import { z } from 'zod';
import { currentUser } from '../../platform/auth';
import { presentPage } from '../../platform/pagination';
import type { AuthApp, AuthRouteDeps } from './auth.routes';
import { presentSession } from './sessions.presenter';
import { listSessions, logout, revokeAllSessions, revokeOwnSession } from './sessions.service';

export function sessionRoutes(app: AuthApp, { ctx }: AuthRouteDeps): void {
  const tags = ['sessions'];
  const noContent = { 204: z.null().describe('Done.') };

  app.post(
    '/logout/',
    {
      schema: {
        tags,
        summary: 'Sign out the session the refresh token belongs to.',
        body: ZLogout,
        response: noContent,
      },
    },
    async (request, reply) => {
      await logout(ctx, request.body.refresh_token);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/logoutall/',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'Sign out every session of your account.', response: noContent },
    },
    async (request, reply) => {
      await revokeAllSessions(ctx, currentUser(request).id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/userinfo/sessions/history/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Your signed-in devices, newest first.',
        querystring: ZSessionHistoryQuery,
        response: { 200: ZSessionHistoryPage },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const page = await listSessions(ctx, user.id, request.query);
      return presentPage(page, (row) => presentSession(row, user.sessionId));
    },
  );

  app.delete(
    '/userinfo/sessions/history/:id/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Sign out one of your sessions; its tokens stop working at once.',
        params: z.object({ id: z.string().max(64) }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await revokeOwnSession(ctx, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
