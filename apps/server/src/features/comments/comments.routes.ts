import {
  ZContentComment,
  ZContentCommentListQuery,
  ZContentCommentPage,
  ZCreateContentComment,
  ZIdParams,
  ZMemberCommentListQuery,
  ZMemberCommentPage,
  ZUpdateComment,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth';
import { contentContext } from '../../platform/content';
import { presentPage } from '../../platform/pagination';
import { presentComment } from './comments.presenter';
import {
  createComment,
  createReply,
  deleteComment,
  listComments,
  listReplies,
  updateComment,
} from './comments.service';
import { listMemberComments } from './member-comments.service';

/**
 * `/api/forums/comments/`: comments on every kind of content that takes them (SPEC: poll and
 * quiz comments), with replies. Reading is open to signed-out visitors.
 */
export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = contentContext(app);
  const tags = ['comments'];

  app.get(
    '/comments/',
    {
      onRequest: app.authenticateOptional,
      config: { anonymousCache: true },
      schema: {
        tags,
        summary:
          "An object's comments (`model`, `id`) or a comment's replies (`parent`), oldest first.",
        querystring: ZContentCommentListQuery,
        response: { 200: ZContentCommentPage },
      },
    },
    async (request) => {
      const { model, id, parent } = request.query;
      const page =
        parent !== undefined
          ? await listReplies(ctx, request.user, parent, request.query)
          : await listComments(
              ctx,
              request.user,
              { model: model ?? '', id: id ?? 0, field: 'id' },
              request.query,
            );
      return presentPage(page, presentComment);
    },
  );

  app.get(
    '/comments/by_author/',
    {
      onRequest: app.authenticateOptional,
      config: { anonymousCache: true },
      schema: {
        tags,
        summary:
          "A member's comments and replies that everyone may read, newest first, with what each is on.",
        querystring: ZMemberCommentListQuery,
        response: { 200: ZMemberCommentPage },
      },
    },
    async (request) => {
      const { author, ...page } = request.query;
      return presentPage(await listMemberComments(ctx, request.user, author, page), (view) => ({
        ...presentComment(view),
        hostTitle: view.hostTitle,
        path: view.path,
      }));
    },
  );

  app.post(
    '/comments/',
    {
      onRequest: [app.authenticate, app.actionLimit('comments')],
      preHandler: app.newMemberChecks('comments'),
      schema: {
        tags,
        summary: 'Comment on an object, or reply to a comment (`parent`).',
        body: ZCreateContentComment,
        response: { 201: ZContentComment },
      },
    },
    async (request, reply) => {
      const { model, id, parent, content } = request.body;
      const viewer = currentUser(request);
      const view =
        parent !== undefined
          ? await createReply(ctx, viewer, { comment: parent, content, field: 'parent' })
          : await createComment(
              ctx,
              viewer,
              { model: model ?? '', id: id ?? 0, field: 'id' },
              content,
            );
      return reply.code(201).send(presentComment(view));
    },
  );

  app.put(
    '/comments/:id/',
    {
      onRequest: app.authenticate,
      preHandler: app.newMemberChecks('comments'),
      schema: {
        tags,
        summary: 'Edit your comment or reply.',
        params: ZIdParams,
        body: ZUpdateComment,
        response: { 200: ZContentComment },
      },
    },
    async (request) =>
      presentComment(
        await updateComment(
          ctx,
          currentUser(request),
          null,
          request.params.id,
          request.body.content,
        ),
      ),
  );

  app.delete(
    '/comments/:id/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Delete your comment or reply; a comment with replies stays as "[deleted]".',
        params: ZIdParams,
        response: { 204: z.null().describe('Deleted.') },
      },
    },
    async (request, reply) => {
      await deleteComment(ctx, currentUser(request), null, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
