import { presentPage } from '../../platform/pagination';
import { ZDiscussionPage, ZTrendingQuery } from '@agora/shared';
import { listTrending, presentDiscussion, type ForumsContext } from '../forums';
import type { CommonApp } from './common.routes';

export function trendingRoutes(app: CommonApp, forums: ForumsContext): void {
  app.get(
    '/trending-post/',
    {
      onRequest: app.authenticateOptional,
      schema: {
        tags: ['common'],
        summary:
          'The most active published content of the last week, by likes, comments and views with time decay.',
        querystring: ZTrendingQuery,
        response: { 200: ZDiscussionPage },
      },
    },
    async (request) => {
      const page = await listTrending(forums, request.user, undefined, request.query);
      return presentPage(page, presentDiscussion);
    },
  );
}
