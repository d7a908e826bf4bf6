import {
  ZComment,
  ZCommentListQuery,
  ZCommentPage,
  ZCreateComment,
  ZCreateSubComment,
  ZIdParams,
  ZSubCommentListQuery,
  ZUpdateComment,
} from '@agora/shared';
import { z } from 'zod';
import { currentUser } from '../../platform/auth';
import { presentPage } from '../../platform/pagination';
import {
  createComment,
  createReply,
  deleteComment,
  listComments,
  listReplies,
  presentComment,
  updateComment,
  type CommentKind,
} from '../comments';
import type { ForumsContext } from './forums.context';
import type { ForumsApp } from './forums.routes';

/** The comments module's endpoints in the forums' words: `forum` names the discussion. */
const onDiscussion = (forum: number, field: string) => ({ model: 'forum', id: forum, field });

export function commentRoutes(app: ForumsApp, ctx: ForumsContext): void {
  const tags = ['forums'];

  app.post(
    '/forums-comment/',
    {
      onRequest: [app.authenticate, app.actionLimit('comments')],
      preHandler: app.newMemberChecks('comments'),
      schema: {
        tags,
        summary: 'Comment on a discussion.',
        body: ZCreateComment,
        response: { 201: ZComment },
      },
    },
    async (request, reply) => {
      const { forum, content } = request.body;
      const view = await createComment(
        ctx,
        currentUser(request),
        onDiscussion(forum, 'forum'),
        content,
      );
      return reply.code(201).send(presentComment(view));
    },
  );

  app.get(
    '/forums-comment/',
    {
      onRequest: app.authenticateOptional,
      config: { anonymousCache: true },
      schema: {
        tags,
        summary: "A discussion's comments, oldest first.",
        querystring: ZCommentListQuery,
        response: { 200: ZCommentPage },
      },
    },
    async (request) =>
      presentPage(
        await listComments(
          ctx,
          request.user,
          onDiscussion(request.query.forum, 'forum'),
          request.query,
        ),
        presentComment,
      ),
  );

  app.post(
    '/forums-sub-comment/',
    {
      onRequest: [app.authenticate, app.actionLimit('comments')],
      preHandler: app.newMemberChecks('comments'),
      schema: {
        tags,
        summary: 'Reply to a comment.',
        body: ZCreateSubComment,
        response: { 201: ZComment },
      },
    },
    async (request, reply) => {
      const view = await createReply(ctx, currentUser(request), {
        ...request.body,
        field: 'comment',
      });
      return reply.code(201).send(presentComment(view));
    },
  );

  app.get(
    '/forums-sub-comment/',
    {
      onRequest: app.authenticateOptional,
      config: { anonymousCache: true },
      schema: {
        tags,
        summary: "A comment's replies, oldest first.",
        querystring: ZSubCommentListQuery,
        response: { 200: ZCommentPage },
      },
    },
    async (request) =>
      presentPage(
        await listReplies(ctx, request.user, request.query.comment, request.query),
        presentComment,
      ),
  );

  const kinds: [string, CommentKind][] = [
    ['forums-comment', 'comment'],
    ['forums-sub-comment', 'subcomment'],
  ];
  for (const [path, kind] of kinds) {
    app.patch(
      `/${path}/:id/`,
      {
        onRequest: app.authenticate,
        preHandler: app.newMemberChecks('comments'),
        schema: {
          tags,
          summary: `Edit your ${kind === 'comment' ? 'comment' : 'reply'}.`,
          params: ZIdParams,
          body: ZUpdateComment,
          response: { 200: ZComment },
        },
      },
      async (request) =>
        presentComment(
          await updateComment(
            ctx,
            currentUser(request),
            kind,
            request.params.id,
            request.body.content,
          ),
        ),
    );

    app.delete(
      `/${path}/:id/`,
      {
        onRequest: app.authenticate,
        schema: {
          tags,
          summary: `Delete your ${kind === 'comment' ? 'comment' : 'reply'}.`,
          params: ZIdParams,
          response: { 204: z.null().describe('Deleted.') },
        },
      },
      async (request, reply) => {
        await deleteComment(ctx, currentUser(request), kind, request.params.id);
        return reply.code(204).send(null);
      },
    );
  }
}
