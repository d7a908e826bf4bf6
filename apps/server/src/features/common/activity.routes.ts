import { ZActivityCounts, ZActivityCountsQuery } from '@agora/shared';
import type { ContentContext } from '../../platform/content';
import { countActivity } from './activity.service';
import type { CommonApp } from './common.routes';

/** A profile's tab counts: as open as the profile and the lists they count. */
export function activityRoutes(app: CommonApp, ctx: ContentContext): void {
  app.get(
    '/activity-counts/',
    {
      onRequest: app.authenticateOptional,
      schema: {
        tags: ['common'],
        summary:
          "How many published discussions, polls and quizzes a member wrote and how many of their comments everyone may read: their profile's tab counts.",
        querystring: ZActivityCountsQuery,
        response: { 200: ZActivityCounts },
      },
    },
    async (request) => countActivity(ctx, request.query.author),
  );
}
