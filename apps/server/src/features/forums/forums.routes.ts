import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audioRoutes } from './audio.routes';
import { commentRoutes } from './comments.routes';
import { discussionRoutes } from './discussions.routes';
import { forumsContext } from './forums.context';
import { reactionRoutes } from './reactions.routes';
import { relatedRoutes } from './related.routes';

export type ForumsApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Everything under /api/forums/. Reads are open to signed-out visitors; every write needs a
 * signed-in member.
 */
export const forumsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = forumsContext(app);
  discussionRoutes(app, ctx);
  commentRoutes(app, ctx);
  reactionRoutes(app, ctx);
  audioRoutes(app, ctx);
  relatedRoutes(app, ctx);
};
