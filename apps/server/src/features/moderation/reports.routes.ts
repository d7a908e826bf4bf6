import { ZCreateReport, ZReport } from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth';
import { moderationContext } from './moderation.context';
import { presentReport } from './moderation.presenter';
import { createReport } from './reports.service';

/** POST /api/forums/report/: a member reports a discussion, comment or reply. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = moderationContext(app);

  app.post(
    '/report/',
    {
      onRequest: [app.authenticate, app.actionLimit('reports')],
      schema: {
        tags: ['forums'],
        summary:
          'Report a discussion, comment or reply to staff; three open reports hide it until staff decide.',
        body: ZCreateReport,
        response: { 201: ZReport },
      },
    },
    async (request, reply) => {
      const report = await createReport(ctx, currentUser(request), request.body);
      return reply.code(201).send(presentReport(report));
    },
  );
};
