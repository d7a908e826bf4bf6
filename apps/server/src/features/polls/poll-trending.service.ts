import type { PageQuery } from '@agora/shared';
import { and, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import {
  forgetTrending,
  trendingOrder,
  trendingPage,
  type ContentContext,
  type Scored,
  type TrendingFilter,
} from '../../platform/content';
import type { Database } from '../../platform/db';
import type { Page } from '../../platform/pagination';
import { loadPollsInOrder, type PollView } from './poll-posts.loader';
import { isPollPublished } from './poll-rules';
import { pollPosts, polls } from './polls.tables';

/**
 * Trending polls: published polls of the last week, ranked as Lemmy ranks posts,
 *
 *   score = activity / (hours + 2)^1.8,   activity = ballots + comments + likes
 *
 * with `hours` the poll's age at the ranking's moment. How rankings are held and paged:
 * `platform/content/trending.ts`. A ranking scores at most TRENDING_CANDIDATES polls, the
 * newest of the week (after the list's own filters), read in order from `poll_posts_latest_idx`
 * and joined to their poll by primary key; the cap only matters above that many new polls a
 * week, when older ones, at (168 + 2)^1.8 ≈ 10,000 times their activity's weight at birth, would
 * rarely rank anyway.
 */

const TRENDING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const TRENDING_CANDIDATES = 1_000;

/** A poll was published or retagged here: trending rankings are taken again. */
export const forgetTrendingPolls = (db: Database): void => forgetTrending(db, 'poll');

/** Every candidate matching `where`, scored as at `asOf`, best first. */
async function rankPolls(
  ctx: ContentContext,
  where: SQL | undefined,
  asOf: Date,
): Promise<Scored[]> {
  const since = new Date(asOf.getTime() - TRENDING_WINDOW_MS);
  const moment = sql`${asOf.toISOString()}::timestamptz`;
  const hours = sql`extract(epoch from (${moment} - ${pollPosts.createdAt}))::float8 / 3600`;
  const score = sql<number>`(${polls.votersCount} + ${pollPosts.commentsCount} + ${pollPosts.likesCount})::float8 / power(${hours} + 2, 1.8::float8)`;
  const candidates = ctx.db
    .select({ id: pollPosts.id, score: score.as('score') })
    .from(pollPosts)
    .innerJoin(polls, eq(polls.id, pollPosts.id))
    .where(
      and(isPollPublished, where, gt(pollPosts.createdAt, since), lte(pollPosts.createdAt, asOf)),
    )
    .orderBy(desc(pollPosts.createdAt), desc(pollPosts.id))
    .limit(TRENDING_CANDIDATES)
    .as('candidates');
  return ctx.db
    .select({ id: candidates.id, score: candidates.score })
    .from(candidates)
    .orderBy(...trendingOrder.orderBy);
}

/** One page of trending published polls matching the filter. */
export async function listTrendingPolls(
  ctx: ContentContext,
  viewer: Viewer | null,
  filter: TrendingFilter,
  page: PageQuery,
): Promise<Page<PollView>> {
  const { rows, next } = await trendingPage(
    ctx,
    'poll',
    { shared: filter.shared, take: (asOf) => rankPolls(ctx, filter.where, asOf) },
    page,
  );
  return { rows: await loadPollsInOrder(ctx, viewer, rows, true), next };
}
