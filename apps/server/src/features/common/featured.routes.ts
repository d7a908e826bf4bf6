import {
  ZFeedPage,
  ZFeaturedQuery,
  ZFeaturedStatus,
  ZFeatureParams,
  ZFeatureRef,
} from '@agora/shared';
import { z } from 'zod';
import { currentUser, requireStaff } from '../../platform/auth';
import type { ContentContext } from '../../platform/content';
import type { CommonApp } from './common.routes';
import { feature, featuredStatus, listFeatured, unfeature } from './featured.service';

/** /api/common/featured-post/: what staff featured, open to all; featuring is staff-only. */
export function featuredRoutes(app: CommonApp, ctx: ContentContext): void {
  const tags = ['common'];
  const staffOnly = [app.authenticate, requireStaff];

  app.get(
    '/featured-post/',
    {
      onRequest: app.authenticateOptional,
      config: { anonymousCache: true },
      schema: {
        tags,
        summary:
          'Published objects of one kind staff featured, newest featured first, each in its kind’s shape.',
        querystring: ZFeaturedQuery,
        response: { 200: ZFeedPage },
      },
    },
    async (request) => {
      const { model_type: model, ...page } = request.query;
      return listFeatured(ctx, request.user, model, page);
    },
  );

  app.get(
    '/featured-post/:model/:id/',
    {
      schema: {
        tags,
        summary: 'Whether staff featured this object, and since when.',
        params: ZFeatureParams,
        response: { 200: ZFeaturedStatus },
      },
    },
    async (request) => featuredStatus(ctx, request.params),
  );

  app.post(
    '/featured-post/',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        summary: 'Staff: feature a published object; featuring it again changes nothing.',
        body: ZFeatureRef,
        response: { 201: ZFeaturedStatus },
      },
    },
    async (request, reply) => {
      const status = await feature(ctx, currentUser(request), request.body);
      return reply.code(201).send(status);
    },
  );

  app.delete(
    '/featured-post/',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        summary: 'Staff: stop featuring an object.',
        body: ZFeatureRef,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await unfeature(ctx, currentUser(request), request.body);
      return reply.code(204).send(null);
    },
  );
}
