import {
  ZArchiveResult,
  ZBookmarkAdded,
  ZObjectRef,
  ZTagsList,
  ZTagsListQuery,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth';
import { archiveDiscussion, forumsContext, listTagCounts } from '../forums';
import { addBookmark, removeBookmark } from '../reactions';
import { featuredRoutes } from './featured.routes';
import { searchRoutes } from './search.routes';
import { trendingRoutes } from './trending.routes';

export type CommonApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Everything under /api/common/: operations across kinds of content. Each `model` is handed to
 * the feature that owns it; only discussions (`forum`) exist so far.
 */
export const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  const forums = forumsContext(app);
  const tags = ['common'];
  searchRoutes(app, forums);
  trendingRoutes(app, forums);
  featuredRoutes(app, forums);

  app.get(
    '/tags-list',
    {
      schema: {
        tags,
        summary: 'Tags with the number of published objects using them, most used first.',
        querystring: ZTagsListQuery,
        response: { 200: ZTagsList },
      },
    },
    async () => ({ results: await listTagCounts(forums) }),
  );

  app.post(
    '/bookmark/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Bookmark an object; bookmarking it again changes nothing.',
        body: ZObjectRef,
        response: { 201: ZBookmarkAdded },
      },
    },
    async (request, reply) => {
      await addBookmark(forums, currentUser(request), request.body);
      return reply.code(201).send({ bookmarked: true });
    },
  );

  app.delete(
    '/bookmark/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Remove the viewer's bookmark of an object, if there is one.",
        body: ZObjectRef,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeBookmark(forums, currentUser(request), request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/archieve/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The author archives their object: it leaves lists, its link keeps working.',
        body: ZObjectRef,
        response: { 200: ZArchiveResult },
      },
    },
    async (request) => archiveDiscussion(forums, currentUser(request), request.body.id),
  );
};
