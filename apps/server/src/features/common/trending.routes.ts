import { ZFeedPage, ZTrendingQuery } from '@agora/shared';
import type { ContentContext } from '../../platform/content';
import type { CommonApp } from './common.routes';
import { feedOf } from './feeds';

export function trendingRoutes(app: CommonApp, ctx: ContentContext): void {
  app.get(
    '/trending-post/',
    {
      onRequest: app.authenticateOptional,
      config: { anonymousCache: true },
      schema: {
        tags: ['common'],
        summary:
          'The most active published content of one kind in the last week, with time decay, in its kind’s shape.',
        querystring: ZTrendingQuery,
        response: { 200: ZFeedPage },
      },
    },
    async (request) => {
      const { model_type: model, ...page } = request.query;
      const feed = feedOf(
        ctx.content,
        model,
        'This kind of content has no trending list.',
        'model_type',
      );
      return feed.trending(ctx, request.user, page);
    },
  );
}
