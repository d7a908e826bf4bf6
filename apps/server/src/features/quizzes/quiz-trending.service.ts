import type { PageQuery } from '@agora/shared';
import { and, desc, gt, sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import type { ContentContext } from '../../platform/content';
import {
  fetchLimit,
  floatKey,
  integerKey,
  keyset,
  timestampKey,
  type Page,
} from '../../platform/pagination';
import { isPublished } from './quizzes.disclosure';
import { loadQuizzes, type QuizView } from './quizzes.loader';
import { quizzes } from './quizzes.tables';

/**
 * Trending quizzes, Lemmy's way: published quizzes of the last week ranked by
 *
 *   score = (1 + answers + comments + likes + up-votes) / (hours since posted + 2)^1.8
 *
 * (the 1 lets quizzes nobody touched yet rank by age instead of tying at zero).
 *
 * Unlike the discussions' exponential decay, a power of the age changes the order as time
 * passes, so a score is only comparable with scores of the same moment. The first page fixes
 * that moment (`at`, the request's clock) and every cursor carries it: later pages rank at the
 * same moment and neither repeat nor skip a quiz because the clock moved between requests.
 *
 * Cost: scores are computed for the candidates only, the TRENDING_CANDIDATES newest published
 * quizzes of the window (after the list's own filters), read in order from
 * `quizzes_latest_idx`. A request thus ranks a bounded number of rows at any table size, fresh
 * (a new answer counts at once) and the same on every instance. The cap only matters above
 * 2,000 new quizzes a week, when the trend is taken over the newest of them.
 */

const TRENDING_WINDOW_DAYS = 7;
const TRENDING_CANDIDATES = 2_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The ranked candidates' columns, by the name the subquery gives them. */
const candidate = (column: 'id' | 'score') =>
  sql`${sql.identifier('candidates')}.${sql.identifier(column)}`;

/** The order at the moment `at`: a constant first part, equal for every row of one ranking. */
const rankedAt = (at: SQL) =>
  keyset({
    at: timestampKey(at),
    score: floatKey(candidate('score')),
    id: integerKey(candidate('id')),
  });

/** Only decodes cursors: its `at` column is never used in a query. */
const cursors = rankedAt(sql`null`);

const scoreAt = (at: SQL) =>
  sql<number>`((1 + ${quizzes.attemptsCount} + ${quizzes.commentsCount} + ${quizzes.likesCount} + ${quizzes.votesCount})::float8 / power(greatest(extract(epoch from (${at} - ${quizzes.createdAt})) / 3600, 0) + 2, 1.8))`;

/** One page of trending published quizzes matching `where` (a filter on `quizzes`). */
export async function listTrendingQuizzes(
  ctx: ContentContext,
  viewer: Viewer | null,
  where: SQL | undefined,
  page: PageQuery,
): Promise<Page<QuizView>> {
  const position = cursors.decode(page.cursor);
  const at = position?.at ?? ctx.now();
  const atParam = sql`${at.toISOString()}::timestamptz`;
  const order = rankedAt(atParam);
  const since = new Date(at.getTime() - TRENDING_WINDOW_DAYS * DAY_MS);
  const candidates = ctx.db
    .select({ id: quizzes.id, score: scoreAt(atParam).as('score') })
    .from(quizzes)
    .where(and(isPublished, where, gt(quizzes.createdAt, since)))
    .orderBy(desc(quizzes.createdAt), desc(quizzes.id))
    .limit(TRENDING_CANDIDATES)
    .as('candidates');
  const ranked = await ctx.db
    .select({ id: candidates.id, score: candidates.score })
    .from(candidates)
    .where(order.after(position))
    .orderBy(...order.orderBy)
    .limit(fetchLimit(page.limit));
  const { rows, next } = order.page(ranked, page.limit, (row) => ({ at, ...row }));
  const ids = rows.map((row) => row.id);
  return { rows: await loadQuizzes(ctx, viewer, ids), next };
}
