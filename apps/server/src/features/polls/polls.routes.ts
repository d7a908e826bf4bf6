import {
  ZCreatePoll,
  ZIdParams,
  ZPageQuery,
  ZPoll,
  ZPollBallot,
  ZPollListQuery,
  ZPollPage,
  ZPollVoterPage,
  ZRelatedPolls,
  ZTrendingListQuery,
  ZUpdatePoll,
  ZVotedByQuery,
} from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type AuthUser } from '../../platform/auth';
import type { SignedOutAnswer } from '../../platform/cache';
import { contentContext, withPersonalParts } from '../../platform/content';
import { presentPage } from '../../platform/pagination';
import {
  listBookmarkedBy,
  listCommentedBy,
  listLikedBy,
  listPolls,
  listPostedBy,
  listTrending,
} from './poll-lists.service';
import { pollPersonalParts } from './poll-personal';
import { listRelatedPolls } from './poll-related.service';
import { createPollPost, deletePoll, getPoll, updatePoll } from './poll-posts.service';
import { createVoteBatches } from './poll-vote-batches';
import { listVoters, votePoll, withdrawVote } from './poll-votes.service';
import { presentPoll, presentVoter } from './polls.presenter';

/**
 * Poll posts under /api/forums/ (paths in packages/shared/src/polls.ts). Reads are open to
 * signed-out visitors; every write needs a signed-in member. Likes, bookmarks, comments and
 * reports are the content kernel's endpoints, with model `poll`.
 */
export const pollsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = contentContext(app);
  const castVote = createVoteBatches(ctx);
  const tags = ['polls'];
  // A public read shows a member nothing of their own but their marks and ballots: they get the
  // signed-out copy with the polls holding those read again for them.
  const parts = pollPersonalParts(ctx);
  const personalised = {
    anonymousCache: {
      personalise: (viewer: AuthUser, answer: SignedOutAnswer) =>
        withPersonalParts(parts, viewer, answer),
    },
  };

  app.get(
    '/polls/',
    {
      onRequest: app.authenticateOptional,
      config: personalised,
      schema: {
        tags,
        summary: 'Published polls, newest, most voted or trending first, by tag, author or words.',
        querystring: ZPollListQuery,
        response: { 200: ZPollPage },
      },
    },
    async (request) => presentPage(await listPolls(ctx, request.user, request.query), presentPoll),
  );

  app.post(
    '/polls/',
    {
      onRequest: [app.authenticate, app.actionLimit('posts')],
      preHandler: app.newMemberChecks('posts'),
      schema: {
        tags,
        summary: 'Start a poll, as a draft or published.',
        body: ZCreatePoll,
        response: { 201: ZPoll },
      },
    },
    async (request, reply) => {
      const view = await createPollPost(ctx, currentUser(request), request.body);
      return reply.code(201).send(presentPoll(view));
    },
  );

  app.get(
    '/trending_polls/',
    {
      onRequest: app.authenticateOptional,
      config: personalised,
      schema: {
        tags,
        summary: 'The most active polls of the last week, activity decaying with age.',
        querystring: ZTrendingListQuery,
        response: { 200: ZPollPage },
      },
    },
    async (request) =>
      presentPage(await listTrending(ctx, request.user, request.query), presentPoll),
  );

  const ownLists = [
    ['posted_by_me', 'Your polls, drafts included.', listPostedBy],
    ['bookmarked_by_me', 'Polls you bookmarked.', listBookmarkedBy],
    ['liked_by_me', 'Polls you liked.', listLikedBy],
    ['comment_by_me', 'Polls you commented on.', listCommentedBy],
  ] as const;
  for (const [path, summary, list] of ownLists) {
    app.get(
      `/polls/${path}/`,
      {
        onRequest: app.authenticate,
        schema: { tags, summary, querystring: ZPageQuery, response: { 200: ZPollPage } },
      },
      async (request) =>
        presentPage(await list(ctx, currentUser(request), request.query), presentPoll),
    );
  }

  app.get(
    '/polls/:id/',
    {
      onRequest: app.authenticateOptional,
      config: personalised,
      schema: {
        tags,
        summary: 'One poll, with its results when the viewer may see them.',
        params: ZIdParams,
        response: { 200: ZPoll },
      },
    },
    async (request) => presentPoll(await getPoll(ctx, request.user, request.params.id)),
  );

  app.get(
    '/polls/:id/related_polls/',
    {
      onRequest: app.authenticateOptional,
      config: personalised,
      schema: {
        tags,
        summary: 'Up to 5 published polls sharing its tags or the words of its question.',
        params: ZIdParams,
        response: { 200: ZRelatedPolls },
      },
    },
    async (request) => ({
      results: (await listRelatedPolls(ctx, request.user, request.params.id)).map(presentPoll),
    }),
  );

  app.patch(
    '/polls/:id/',
    {
      onRequest: app.authenticate,
      preHandler: app.newMemberChecks('posts'),
      schema: {
        tags,
        summary: 'Edit your poll; its options only until the first vote.',
        params: ZIdParams,
        body: ZUpdatePoll,
        response: { 200: ZPoll },
      },
    },
    async (request) =>
      presentPoll(await updatePoll(ctx, currentUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/polls/:id/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Delete your poll (staff: every poll).',
        params: ZIdParams,
        response: { 204: z.null().describe('Deleted.') },
      },
    },
    async (request, reply) => {
      await deletePoll(ctx, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/polls/:id/voted_by/',
    {
      onRequest: app.authenticateOptional,
      config: { anonymousCache: true },
      schema: {
        tags,
        summary: 'Who chose an option of a public poll, latest first.',
        params: ZIdParams,
        querystring: ZVotedByQuery,
        response: { 200: ZPollVoterPage },
      },
    },
    async (request) =>
      presentPage(
        await listVoters(ctx, request.user, request.params.id, request.query),
        presentVoter,
      ),
  );

  app.post(
    '/polls-vote/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Vote in a poll, or change your vote while it is open.',
        body: ZPollBallot,
        response: { 200: ZPoll },
      },
    },
    async (request) =>
      presentPoll(await votePoll(ctx, castVote, currentUser(request), request.body)),
  );

  app.delete(
    '/polls-vote/:id/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Withdraw your vote from a poll while it is open.',
        params: ZIdParams,
        response: { 200: ZPoll },
      },
    },
    async (request) =>
      presentPoll(await withdrawVote(ctx, currentUser(request), request.params.id)),
  );
};
