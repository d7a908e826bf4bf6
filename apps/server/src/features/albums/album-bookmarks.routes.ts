import { ZAlbumParams, ZBookmarkAdded } from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth';
import type { ContentContext } from '../../platform/content';
import { addBookmark, removeBookmark } from '../reactions';

type AlbumsApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * `albums/{id}/bookmark/`: the kernel's bookmarks for albums. `/api/common/bookmark/` serves
 * kinds with a feed (discussions, polls, quizzes), which albums are not part of.
 */
export function albumBookmarkRoutes(app: AlbumsApp, ctx: ContentContext): void {
  const tags = ['albums'];
  app.post(
    '/albums/:id/bookmark/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Bookmark an album; bookmarking it again changes nothing.',
        params: ZAlbumParams,
        response: { 201: ZBookmarkAdded },
      },
    },
    async (request, reply) => {
      await addBookmark(ctx, currentUser(request), { model: 'album', id: request.params.id });
      return reply.code(201).send({ bookmarked: true });
    },
  );

  app.delete(
    '/albums/:id/bookmark/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Remove your bookmark of an album, if there is one.',
        params: ZAlbumParams,
        response: { 204: z.null().describe('Removed.') },
      },
    },
    async (request, reply) => {
      await removeBookmark(ctx, currentUser(request), { model: 'album', id: request.params.id });
      return reply.code(204).send(null);
    },
  );
}
