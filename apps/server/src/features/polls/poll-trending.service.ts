import type { PageQuery } from '@agora/shared';
import { and, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import type { ContentContext } from '../../platform/content';
import { AppError } from '../../platform/errors';
import { fetchLimit, floatKey, integerKey, keyset, type Page } from '../../platform/pagination';
import { loadPollsInOrder, type PollView } from './poll-posts.loader';
import { isPollPublished } from './poll-rules';
import { pollPosts, polls } from './polls.tables';

/**
 * Trending polls: published polls of the last week, ranked as Lemmy ranks posts,
 *
 *   score = activity / (hours + 2)^1.8,   activity = ballots + comments + likes
 *
 * with `hours` the poll's age at the moment the ranking is taken (`asOf`).
 *
 * Unlike an exponential decay, this power-law decay does not keep the order of two polls as
 * time passes, so no score can be stored once or used as a cursor on its own. The first page
 * fixes `asOf` (the server's clock) and the cursor carries it: every following page ranks the
 * same candidates (created in the week before `asOf`) by the same scores, so pages neither
 * repeat nor skip a poll unless its counters moved meanwhile.
 *
 * Cost: the score is computed in SQL for at most TRENDING_CANDIDATES polls, the newest of the
 * week (after the list's own filters), read in order from `poll_posts_latest_idx` and joined to
 * their poll by primary key; the page's rows are then loaded by id with the statement prepared
 * for lists. A request costs the same with 100,000 polls and 5,000,000 votes as with a hundred,
 * because ballots are never read, only the counters they keep. This was chosen over a ranking
 * cached in each process or refreshed by a job (Lemmy's scheduled `hot_rank`): a new vote counts
 * at once, every instance agrees without coordination, and `tag`, `author` and `q` combine with
 * the ranking in one statement. The cap only matters above TRENDING_CANDIDATES new polls a week,
 * when the trend is taken over the newest of them: older ones, at (168 + 2)^1.8 ≈ 10,000 times
 * their activity's weight at birth, would rarely rank anyway.
 */

const TRENDING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const TRENDING_CANDIDATES = 1_000;
const INVALID_CURSOR = 'This page link is not valid; start again from the first page.';

/** The ranked candidates' columns, by the name the subquery gives them. */
const candidate = (column: 'id' | 'score') =>
  sql`${sql.identifier('candidates')}.${sql.identifier(column)}`;
const ranking = keyset({
  score: floatKey(candidate('score')),
  id: integerKey(candidate('id')),
});

/** A trending cursor: the ranking's moment, then the position in it. */
function decodeCursor(cursor: string | undefined): { asOf: Date; position?: string } | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const [moment, position, ...rest] = cursor.split('.');
  const ms = Number(moment);
  if (rest.length > 0 || !position || !Number.isSafeInteger(ms)) {
    throw AppError.fields({ cursor: [INVALID_CURSOR] });
  }
  return { asOf: new Date(ms), position };
}

/** One page of trending published polls matching `where` (a filter on `poll_posts`). */
export async function listTrendingPolls(
  ctx: ContentContext,
  viewer: Viewer | null,
  where: SQL | undefined,
  page: PageQuery,
): Promise<Page<PollView>> {
  const continued = decodeCursor(page.cursor);
  const asOf = continued?.asOf ?? ctx.now();
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
  const ranked = await ctx.db
    .select({ id: candidates.id, score: candidates.score })
    .from(candidates)
    .where(ranking.afterCursor(continued?.position))
    .orderBy(...ranking.orderBy)
    .limit(fetchLimit(page.limit));
  const { rows, next } = ranking.page(ranked, page.limit, (row) => row);
  const ids = rows.map((row) => row.id);
  return {
    rows: await loadPollsInOrder(ctx, viewer, ids, true),
    next: next === null ? null : `${asOf.getTime()}.${next}`,
  };
}
