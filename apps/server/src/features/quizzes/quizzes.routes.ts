import {
  ZCreateQuiz,
  ZIdParams,
  ZPageQuery,
  ZQuiz,
  ZQuizListQuery,
  ZQuizPage,
  ZRelatedQuizzes,
  ZTrendingListQuery,
  ZUpdateQuiz,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type AuthUser } from '../../platform/auth';
import type { SignedOutAnswer } from '../../platform/cache';
import { contentContext, withPersonalParts, type ContentContext } from '../../platform/content';
import { presentPage } from '../../platform/pagination';
import { quizPlayRoutes } from './quiz-play.routes';
import {
  listBookmarkedBy,
  listCommentedBy,
  listLikedBy,
  listPostedBy,
  listQuizzes,
  listTrending,
} from './quiz-lists.service';
import { quizPersonalParts } from './quiz-personal';
import { listRelatedQuizzes } from './quiz-related.service';
import { presentQuiz } from './quizzes.presenter';
import { createQuiz, deleteQuiz, getQuiz, updateQuiz } from './quizzes.service';

export type QuizzesApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Quizzes under /api/forums/ (the SPEC spells them `quizs`). Reads are open to signed-out
 * visitors; every write needs a signed-in member. Static paths (`posted_by_me/`,
 * `leaderboard/`…) win over `quizs/:id/` in the router, whatever the order they are declared in.
 */
export const quizzesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = contentContext(app);
  quizRoutes(app, ctx);
  quizPlayRoutes(app, ctx);
};

function quizRoutes(app: QuizzesApp, ctx: ContentContext): void {
  const tags = ['quizzes'];
  // A public read shows a member beyond the visitor's view only their marks, their attempts and
  // their own quizzes' answers: they get the signed-out copy with the quizzes holding those read
  // again for them, through the same disclosure as every read.
  const parts = quizPersonalParts(ctx);
  const personalised = {
    anonymousCache: {
      personalise: (viewer: AuthUser, answer: SignedOutAnswer) =>
        withPersonalParts(parts, viewer, answer),
    },
  };

  app.get(
    '/quizs/',
    {
      onRequest: app.authenticateOptional,
      config: personalised,
      schema: {
        tags,
        summary:
          'Published quizzes, newest, most up-voted or trending first, by tag, author or search words.',
        querystring: ZQuizListQuery,
        response: { 200: ZQuizPage },
      },
    },
    async (request) =>
      presentPage(await listQuizzes(ctx, request.user, request.query), presentQuiz),
  );

  app.post(
    '/quizs/',
    {
      onRequest: [app.authenticate, app.actionLimit('posts')],
      preHandler: app.newMemberChecks('posts'),
      schema: {
        tags,
        summary: 'Ask a quiz question, as a draft or published.',
        body: ZCreateQuiz,
        response: { 201: ZQuiz },
      },
    },
    async (request, reply) => {
      const view = await createQuiz(ctx, currentUser(request), request.body);
      return reply.code(201).send(presentQuiz(view));
    },
  );

  app.get(
    '/trending_quizs/',
    {
      onRequest: app.authenticateOptional,
      config: personalised,
      schema: {
        tags,
        summary:
          'The most active quizzes of the last week, activity decaying with age, optionally of one tag.',
        querystring: ZTrendingListQuery,
        response: { 200: ZQuizPage },
      },
    },
    async (request) =>
      presentPage(await listTrending(ctx, request.user, request.query), presentQuiz),
  );

  const ownLists = [
    ['posted_by_me', 'Your quizzes, drafts included.', listPostedBy],
    ['bookmarked_by_me', 'Quizzes you bookmarked.', listBookmarkedBy],
    ['liked_by_me', 'Quizzes you liked.', listLikedBy],
    ['comment_by_me', 'Quizzes you commented on.', listCommentedBy],
  ] as const;
  for (const [path, summary, list] of ownLists) {
    app.get(
      `/quizs/${path}/`,
      {
        onRequest: app.authenticate,
        schema: { tags, summary, querystring: ZPageQuery, response: { 200: ZQuizPage } },
      },
      async (request) =>
        presentPage(await list(ctx, currentUser(request), request.query), presentQuiz),
    );
  }

  app.get(
    '/quizs/:id/',
    {
      onRequest: app.authenticateOptional,
      config: personalised,
      schema: {
        tags,
        summary:
          'One quiz. A timed quiz shows its answers once started; the correct answers and the explanation only after answering, to the author, or once closed.',
        params: ZIdParams,
        response: { 200: ZQuiz },
      },
    },
    async (request) => presentQuiz(await getQuiz(ctx, request.user, request.params.id)),
  );

  app.get(
    '/quizs/:id/related_quizs/',
    {
      onRequest: app.authenticateOptional,
      config: personalised,
      schema: {
        tags,
        summary:
          'Up to 5 published quizzes sharing its tags or the words of its question, without their correct answers.',
        params: ZIdParams,
        response: { 200: ZRelatedQuizzes },
      },
    },
    async (request) => ({
      results: (await listRelatedQuizzes(ctx, request.user, request.params.id)).map(presentQuiz),
    }),
  );

  app.patch(
    '/quizs/:id/',
    {
      onRequest: app.authenticate,
      preHandler: app.newMemberChecks('posts'),
      schema: {
        tags,
        summary:
          'Edit your quiz; its answers, "choose all that apply" and time limit only until someone starts it.',
        params: ZIdParams,
        body: ZUpdateQuiz,
        response: { 200: ZQuiz },
      },
    },
    async (request) =>
      presentQuiz(await updateQuiz(ctx, currentUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/quizs/:id/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Delete your quiz (staff: every quiz).',
        params: ZIdParams,
        response: { 204: z.null().describe('Deleted.') },
      },
    },
    async (request, reply) => {
      await deleteQuiz(ctx, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
