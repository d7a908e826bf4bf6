import {
  ZBookmarkResult,
  ZBookmarkToggle,
  ZLike,
  ZLikeResult,
  ZPollVote,
  ZPollVoteResult,
} from '@agora/shared';
import { currentUser } from '../../platform/auth';
import type { ForumsContext } from './forums.context';
import type { ForumsApp } from './forums.routes';
import { vote } from './polls.service';
import { toggleBookmark, toggleLike } from '../reactions';

export function reactionRoutes(app: ForumsApp, ctx: ForumsContext): void {
  const tags = ['forums'];

  app.post(
    '/like/',
    {
      onRequest: [app.authenticate, app.actionLimit('likes')],
      schema: {
        tags,
        summary: 'Like a discussion, comment or reply, or take the like back.',
        body: ZLike,
        response: { 200: ZLikeResult },
      },
    },
    async (request) => toggleLike(ctx, currentUser(request), request.body),
  );

  app.post(
    '/forums-bookmark/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Bookmark a discussion, or remove the bookmark.',
        body: ZBookmarkToggle,
        response: { 200: ZBookmarkResult },
      },
    },
    async (request) =>
      toggleBookmark(ctx, currentUser(request), {
        model: 'forum',
        id: request.body.forum,
        field: 'forum',
      }),
  );

  app.post(
    '/forums-poll-choice/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Vote in a discussion's poll; voting again moves your vote.",
        body: ZPollVote,
        response: { 200: ZPollVoteResult },
      },
    },
    async (request) => ({
      pollChoices: await vote(ctx, currentUser(request), request.body.choice),
    }),
  );
}
