import { ZContentSearchResults, ZMemberSearchResults, ZSearchQuery } from '@agora/shared';
import type { ContentContext } from '../../platform/content';
import { searchMembers } from '../users';
import type { CommonApp } from './common.routes';
import { searchContent } from './search.service';

/** Search: content is as open as the lists it comes from; members, like their profiles, are not. */
export function searchRoutes(app: CommonApp, ctx: ContentContext): void {
  const tags = ['common'];

  app.get(
    '/fetchdata/',
    {
      onRequest: app.authenticateOptional,
      config: { anonymousCache: true },
      schema: {
        tags,
        summary:
          'Full-text search of published discussions and their comments, polls and quizzes, best match first, with highlighted snippets.',
        querystring: ZSearchQuery,
        response: { 200: ZContentSearchResults },
      },
    },
    async (request) => searchContent(ctx, request.query.q),
  );

  app.get(
    '/userdata/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Members by username or name: exact, then prefix, then similar spellings.',
        querystring: ZSearchQuery,
        response: { 200: ZMemberSearchResults },
      },
    },
    async (request) => ({ results: await searchMembers(app.db, app.storage, request.query.q) }),
  );
}
