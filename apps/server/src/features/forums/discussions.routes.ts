import {
  CONTENT_STATUS_LABELS,
  CONTENT_STATUSES,
  ZContentStatusList,
  ZCreateDiscussion,
  ZDiscussion,
  ZDiscussionListQuery,
  ZDiscussionPage,
  ZIdParams,
  ZPageQuery,
  ZUpdateDiscussion,
} from '@agora/shared';
import { z } from 'zod';
import { currentUser } from '../../platform/auth';
import { presentPage } from '../../platform/pagination';
import {
  listBookmarkedBy,
  listCommentedBy,
  listDiscussions,
  listLikedBy,
  listPostedBy,
} from './discussion-lists.service';
import { presentDiscussion } from './discussions.presenter';
import {
  createDiscussion,
  deleteDiscussion,
  updateDiscussion,
  viewDiscussion,
} from './discussions.service';
import { markDiscussionPage } from './discussion-marks';
import type { ForumsContext } from './forums.context';
import type { ForumsApp } from './forums.routes';

export function discussionRoutes(app: ForumsApp, ctx: ForumsContext): void {
  const tags = ['forums'];

  app.get(
    '/forums/',
    {
      onRequest: app.authenticateOptional,
      // A published list shows a member nothing of their own but their marks.
      config: {
        anonymousCache: {
          personalise: (viewer, answer) => markDiscussionPage(ctx.db, viewer, answer),
        },
      },
      schema: {
        tags,
        summary:
          'Published discussions, newest, most liked or trending first, by tag, author or search words.',
        querystring: ZDiscussionListQuery,
        response: { 200: ZDiscussionPage },
      },
    },
    async (request) =>
      presentPage(await listDiscussions(ctx, request.user, request.query), presentDiscussion),
  );

  app.post(
    '/forums/',
    {
      onRequest: [app.authenticate, app.actionLimit('posts')],
      preHandler: app.newMemberChecks('posts'),
      schema: {
        tags,
        summary: 'Start a discussion, as a draft or published, optionally with a poll.',
        body: ZCreateDiscussion,
        response: { 201: ZDiscussion },
      },
    },
    async (request, reply) => {
      const view = await createDiscussion(ctx, currentUser(request), request.body);
      return reply.code(201).send(presentDiscussion(view));
    },
  );

  app.get(
    '/forums/get_content_status/',
    {
      schema: {
        tags,
        summary: 'The statuses a discussion can have, with their labels.',
        response: { 200: ZContentStatusList },
      },
    },
    async () => CONTENT_STATUSES.map((value) => ({ value, label: CONTENT_STATUS_LABELS[value] })),
  );

  const ownLists = [
    ['posted_by_me', 'Your discussions, drafts included.', listPostedBy],
    ['bookmarked_by_me', 'Discussions you bookmarked.', listBookmarkedBy],
    ['liked_by_me', 'Discussions you liked.', listLikedBy],
    ['comment_by_me', 'Discussions you commented on.', listCommentedBy],
  ] as const;
  for (const [path, summary, list] of ownLists) {
    app.get(
      `/forums/${path}/`,
      {
        onRequest: app.authenticate,
        schema: { tags, summary, querystring: ZPageQuery, response: { 200: ZDiscussionPage } },
      },
      async (request) =>
        presentPage(await list(ctx, currentUser(request), request.query), presentDiscussion),
    );
  }

  app.get(
    '/forums/:id/',
    {
      onRequest: app.authenticateOptional,
      config: { anonymousCache: true },
      schema: {
        tags,
        summary: 'One discussion; opening it counts a view once per member per hour.',
        params: ZIdParams,
        response: { 200: ZDiscussion },
      },
    },
    async (request) =>
      presentDiscussion(await viewDiscussion(ctx, request.user, request.params.id)),
  );

  app.patch(
    '/forums/:id/',
    {
      onRequest: app.authenticate,
      preHandler: app.newMemberChecks('posts'),
      schema: {
        tags,
        summary: 'Edit your discussion.',
        params: ZIdParams,
        body: ZUpdateDiscussion,
        response: { 200: ZDiscussion },
      },
    },
    async (request) =>
      presentDiscussion(
        await updateDiscussion(ctx, currentUser(request), request.params.id, request.body),
      ),
  );

  app.delete(
    '/forums/:id/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Delete your discussion (staff: every discussion).',
        params: ZIdParams,
        response: { 204: z.null().describe('Deleted.') },
      },
    },
    async (request, reply) => {
      await deleteDiscussion(ctx, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
