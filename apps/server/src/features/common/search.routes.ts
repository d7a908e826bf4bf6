import { ZContentSearchResults, ZMemberSearchResults, ZSearchQuery } from '@agora/shared';
import {
  presentCommentHit,
  presentDiscussionHit,
  searchContent,
  type ForumsContext,
} from '../forums';
import { searchMembers } from '../users';
import type { CommonApp } from './common.routes';

/** Search: content is as open as the lists it comes from; members, like their profiles, are not. */
export function searchRoutes(app: CommonApp, forums: ForumsContext): void {
  const tags = ['common'];

  app.get(
    '/fetchdata/',
    {
      onRequest: app.authenticateOptional,
      schema: {
        tags,
        summary:
          'Full-text search of published discussions and their comments, best match first, with highlighted snippets.',
        querystring: ZSearchQuery,
        response: { 200: ZContentSearchResults },
      },
    },
    async (request) => {
      const found = await searchContent(forums, request.query.q);
      return {
        discussions: found.discussions.map(presentDiscussionHit),
        comments: found.comments.map(presentCommentHit),
      };
    },
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
