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
import { contentContext } from '../../platform/content';
import { addBookmark, removeBookmark } from '../reactions';
import { activityRoutes } from './activity.routes';
import { featuredRoutes } from './featured.routes';
import { feedOf } from './feeds';
import { placesRoutes } from './places.routes';
import { searchRoutes } from './search.routes';
import { trendingRoutes } from './trending.routes';

const BOOKMARK_REFUSAL = 'This kind of content cannot be bookmarked here.';

export type CommonApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Everything under /api/common/: operations across kinds of content. Each `model` is served by
 * its kind's `feed` hook (ContentFeed) from the content registry; none is named here.
 */
export const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = contentContext(app);
  const tags = ['common'];
  searchRoutes(app, ctx);
  trendingRoutes(app, ctx);
  featuredRoutes(app, ctx);
  activityRoutes(app, ctx);
  placesRoutes(app);

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
    async (request) => {
      const model = request.query.model_name;
      const feed = feedOf(ctx.content, model, 'This kind of content has no tags.', 'model_name');
      return { results: await feed.tagCounts(ctx.db) };
    },
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
      feedOf(ctx.content, request.body.model, BOOKMARK_REFUSAL);
      await addBookmark(ctx, currentUser(request), request.body);
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
      feedOf(ctx.content, request.body.model, BOOKMARK_REFUSAL);
      await removeBookmark(ctx, currentUser(request), request.body);
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
    async (request) => {
      const { model, id } = request.body;
      const feed = feedOf(ctx.content, model, 'This kind of content cannot be archived.');
      await feed.archive(ctx, currentUser(request), id);
      return { id, status: 'archived' as const };
    },
  );
};
