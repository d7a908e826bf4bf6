import { desc, eq, sql } from 'drizzle-orm';
import {
  countAuthored,
  countTagNames,
  headline,
  topMatches,
  type ContentFeed,
  type SearchSource,
} from '../../platform/content';
import { AppError } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { loadPollsInOrder } from './poll-posts.loader';
import { canSeePoll, isPollPublished } from './poll-rules';
import { listTrendingPolls } from './poll-trending.service';
import { presentPoll } from './polls.presenter';
import { pollPosts } from './polls.tables';

const unknownPoll = () =>
  AppError.fields({ id: ['This poll does not exist or is not visible to you.'] });

/** Where searches look for polls: published ones, newest first along `poll_posts_latest_idx`. */
const publishedPolls: SearchSource = {
  table: pollPosts,
  id: pollPosts.id,
  vector: pollPosts.searchVector,
  where: isPollPublished,
  newest: [pollPosts.createdAt, pollPosts.id],
};

/** The snippet's text: the description, or the question when there is none. */
const snippetText = sql`case when ${pollPosts.description} = '' then ${pollPosts.question} else ${pollPosts.description} end`;

/**
 * Polls in `/api/common/`: tags, archive, search, featured and trending. Everything here shows
 * polls through the same loader and presenter as `polls/`, so results hidden from the viewer
 * stay absent from featured and trending answers too; search hits carry no tallies at all.
 */
export const pollFeed: ContentFeed = {
  tagCounts: (db) => countTagNames(db, pollPosts, pollPosts.tagNames, isPollPublished),

  async archive(ctx, viewer, id) {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ authorId: pollPosts.authorId, status: pollPosts.status })
        .from(pollPosts)
        .where(eq(pollPosts.id, id))
        .for('update');
      if (!row || !canSeePoll(row, viewer)) throw unknownPoll();
      if (row.authorId !== viewer.id) {
        throw new AppError('forbidden', 'Only the author can archive this poll.');
      }
      if (row.status === 'archived') return;
      if (row.status === 'hidden') {
        throw new AppError('forbidden', 'This poll is hidden and cannot be archived.');
      }
      await tx
        .update(pollPosts)
        .set({ status: 'archived', updatedAt: ctx.now() })
        .where(eq(pollPosts.id, id));
    });
  },

  async search(db, q, limit) {
    const top = topMatches(db, publishedPolls, q, limit);
    return db
      .select({
        id: pollPosts.id,
        title: pollPosts.question,
        tags: pollPosts.tagNames,
        authorId: pollPosts.authorId,
        createdAt: pollPosts.createdAt,
        likesCount: pollPosts.likesCount,
        commentsCount: pollPosts.commentsCount,
        headline: headline(snippetText, q),
      })
      .from(top)
      .innerJoin(pollPosts, eq(pollPosts.id, top.id))
      .orderBy(desc(top.rank), desc(top.id));
  },

  authoredCount: (db, authorId) =>
    countAuthored(db, pollPosts, pollPosts.authorId, isPollPublished, authorId),

  publishedIds: (db) => db.select({ id: pollPosts.id }).from(pollPosts).where(isPollPublished),

  async present(ctx, viewer, ids) {
    const views = await loadPollsInOrder(ctx, viewer, ids, true);
    return views.map((view) => presentPoll(view));
  },

  async trending(ctx, viewer, page) {
    return presentPage(
      await listTrendingPolls(ctx, viewer, { where: undefined, shared: '' }, page),
      presentPoll,
    );
  },
};
