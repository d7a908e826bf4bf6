import type { PageQuery } from '@agora/shared';
import { and, desc, gt, lte, sql, type SQL } from 'drizzle-orm';
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
import { isPublished } from './quizzes.disclosure';
import { loadQuizzes, type QuizView } from './quizzes.loader';
import { quizzes } from './quizzes.tables';

/**
 * Trending quizzes, Lemmy's way: published quizzes of the last week ranked by
 *
 *   score = (1 + answers + comments + likes + up-votes) / (hours since posted + 2)^1.8
 *
 * (the 1 lets quizzes nobody touched yet rank by age instead of tying at zero). How rankings
 * are held and paged: `platform/content/trending.ts`. A ranking scores the TRENDING_CANDIDATES
 * newest published quizzes of the window (after the list's own filters), read in order from
 * `quizzes_latest_idx`; the cap only matters above that many new quizzes a week.
 */

const TRENDING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const TRENDING_CANDIDATES = 2_000;

/** A quiz was published or retagged here: trending rankings are taken again. */
export const forgetTrendingQuizzes = (db: Database): void => forgetTrending(db, 'quiz');

/** Every candidate matching `where`, scored as at `asOf`, best first. */
async function rankQuizzes(
  ctx: ContentContext,
  where: SQL | undefined,
  asOf: Date,
): Promise<Scored[]> {
  const moment = sql`${asOf.toISOString()}::timestamptz`;
  const score = sql<number>`((1 + ${quizzes.attemptsCount} + ${quizzes.commentsCount} + ${quizzes.likesCount} + ${quizzes.votesCount})::float8 / power(greatest(extract(epoch from (${moment} - ${quizzes.createdAt})) / 3600, 0) + 2, 1.8))`;
  const since = new Date(asOf.getTime() - TRENDING_WINDOW_MS);
  const candidates = ctx.db
    .select({ id: quizzes.id, score: score.as('score') })
    .from(quizzes)
    .where(and(isPublished, where, gt(quizzes.createdAt, since), lte(quizzes.createdAt, asOf)))
    .orderBy(desc(quizzes.createdAt), desc(quizzes.id))
    .limit(TRENDING_CANDIDATES)
    .as('candidates');
  return ctx.db
    .select({ id: candidates.id, score: candidates.score })
    .from(candidates)
    .orderBy(...trendingOrder.orderBy);
}

/** One page of trending published quizzes matching the filter. */
export async function listTrendingQuizzes(
  ctx: ContentContext,
  viewer: Viewer | null,
  filter: TrendingFilter,
  page: PageQuery,
): Promise<Page<QuizView>> {
  const { rows, next } = await trendingPage(
    ctx,
    'quiz',
    { shared: filter.shared, take: (asOf) => rankQuizzes(ctx, filter.where, asOf) },
    page,
  );
  return { rows: await loadQuizzes(ctx, viewer, rows), next };
}
