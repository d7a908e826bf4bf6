import { ZRefreshRequest, ZTokenPair } from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authContext } from './auth.context';
import { refreshSession } from './sessions.service';

/** POST /api/token/refresh/: a new access token and the next refresh token of the rotation. */
export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = authContext(app);
  app.post(
    '/token/refresh/',
    {
      schema: {
        tags: ['sessions'],
        summary:
          'Exchange a refresh token for a new pair. Each refresh token works once: using an old one again signs the whole session out.',
        body: ZRefreshRequest,
        response: { 200: ZTokenPair },
      },
    },
    async (request) => {
      const tokens = await refreshSession(ctx, request.body.refresh);
      return { access: tokens.access, refresh: tokens.refresh };
    },
  );
};
