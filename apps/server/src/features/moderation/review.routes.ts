import {
  MODERATION_DECISIONS,
  ZModerationDecision,
  ZReportedObjectPage,
  ZReportedObjectParams,
  ZReportedObjectQuery,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireStaff } from '../../platform/auth';
import { moderationContext } from './moderation.context';
import { decide, listReportedObjects } from './review.service';

const SUMMARIES = {
  dismiss: 'Close the open reports about an object as dismissed; if they hid it, show it again.',
  hide: 'Close the open reports about an object as hidden; it stays hidden from members.',
} as const;

/** Everything under /api/moderation/: the staff's review of reported content. */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = moderationContext(app);
  const tags = ['moderation'];
  const onRequest = [app.authenticate, requireStaff];

  app.get(
    '/reports/',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Objects with open reports, grouped per object, the longest waiting first.',
        querystring: ZReportedObjectQuery,
        response: { 200: ZReportedObjectPage },
      },
    },
    async (request) => {
      const page = await listReportedObjects(ctx, request.query);
      return { results: page.rows, next: page.next };
    },
  );

  for (const decision of MODERATION_DECISIONS) {
    app.post(
      `/reports/:model/:id/${decision}/`,
      {
        onRequest,
        schema: {
          tags,
          summary: SUMMARIES[decision],
          params: ZReportedObjectParams,
          response: { 200: ZModerationDecision },
        },
      },
      async (request) => decide(ctx, currentUser(request), request.params, decision),
    );
  }
};
