import {
  ZFeaturedPage,
  ZFeaturedQuery,
  ZFeaturedStatus,
  ZFeatureParams,
  ZFeatureRef,
} from '@agora/shared';
import { z } from 'zod';
import { currentUser, requireStaff } from '../../platform/auth';
import { presentDiscussion, type ForumsContext } from '../forums';
import { presentPage } from '../../platform/pagination';
import type { CommonApp } from './common.routes';
import { feature, featuredStatus, listFeatured, unfeature } from './featured.service';

/** /api/common/featured-post/: what staff featured, open to all; featuring is staff-only. */
export function featuredRoutes(app: CommonApp, forums: ForumsContext): void {
  const tags = ['common'];
  const staffOnly = [app.authenticate, requireStaff];

  app.get(
    '/featured-post/',
    {
      onRequest: app.authenticateOptional,
      schema: {
        tags,
        summary: 'Published discussions staff featured, newest featured first.',
        querystring: ZFeaturedQuery,
        response: { 200: ZFeaturedPage },
      },
    },
    async (request) => {
      const page = await listFeatured(forums, request.user, request.query);
      return presentPage(page, presentDiscussion);
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
    async (request) => featuredStatus(forums, request.params),
  );

  app.post(
    '/featured-post/',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        summary: 'Staff: feature a published discussion; featuring it again changes nothing.',
        body: ZFeatureRef,
        response: { 201: ZFeaturedStatus },
      },
    },
    async (request, reply) => {
      const status = await feature(forums, currentUser(request), request.body);
      return reply.code(201).send(status);
    },
  );

  app.delete(
    '/featured-post/',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        summary: 'Staff: stop featuring a discussion.',
        body: ZFeatureRef,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await unfeature(forums, request.body);
      return reply.code(204).send(null);
    },
  );
}
