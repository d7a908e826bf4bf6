import { ZIdParams, ZRelatedDiscussions } from '@agora/shared';
import { presentDiscussion } from './discussions.presenter';
import type { ForumsContext } from './forums.context';
import type { ForumsApp } from './forums.routes';
import { listRelated } from './related.service';

export function relatedRoutes(app: ForumsApp, ctx: ForumsContext): void {
  app.get(
    '/forums/:id/related_forums/',
    {
      onRequest: app.authenticateOptional,
      config: { anonymousCache: true },
      schema: {
        tags: ['forums'],
        summary: 'Up to 5 published discussions sharing its tags or the words of its title.',
        params: ZIdParams,
        response: { 200: ZRelatedDiscussions },
      },
    },
    async (request) => ({
      results: (await listRelated(ctx, request.user, request.params.id)).map(presentDiscussion),
    }),
  );
}
