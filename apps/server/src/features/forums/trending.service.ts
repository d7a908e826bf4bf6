import type { PageQuery } from '@agora/shared';
import { and, desc, gt, sql, type SQL } from 'drizzle-orm';
import { fetchLimit, floatKey, integerKey, keyset, type Page } from '../../platform/pagination';
import { loadPublishedInOrder, type DiscussionView } from './discussions.loader';
import type { Viewer } from '../../platform/auth';
import type { ForumsContext } from './forums.context';
import { discussions, isPublished } from './forums.tables';

/**
 * Trending: published discussions of the last week, ranked by activity with time decay.
 *
 *   activity    = 1 + 2·likes + 3·comments + 0.2·views
 *   score(now)  = activity · 2^(−age / 24 h)
 *
 * A day of age halves a discussion's weight: one with twice the activity of another ranks
 * level with it when a day older. Ranking by score(now) is ranking by its logarithm,
 * ln(activity) − (now − createdAt)·ln 2 / 24 h, and `now` shifts every discussion alike, so
 * the order is that of
 *
 *   key = ln(activity) + createdAt·ln 2 / 24 h      (createdAt in seconds since 1970)
 *
 * which the clock does not move: only a like, comment or view changes a key. The key is
 * therefore a stable keyset cursor, as `top`'s like count is, with the same caveat (activity
 * between two pages can move a discussion across the cursor).
 *
 * Cost: the key is computed in SQL for the candidates only: published discussions created in
 * the last TRENDING_WINDOW_DAYS, at most the TRENDING_CANDIDATES newest of them (after the
 * list's own filters), read through `discussions_latest_idx`. A request thus scores a bounded
 * number of rows at any table size. This was chosen over caching a ranked id list in each
 * process: results stay fresh (a new like counts at once), every instance agrees, and the
 * `tag`, `author` and `q` filters combine with the ranking in the same statement. The cap only
 * matters above 2,000 new discussions a week, when the trend is taken over the newest of them.
 */

const TRENDING_WINDOW_DAYS = 7;
const TRENDING_CANDIDATES = 2_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const trendingKey = sql<number>`(ln(1 + 2 * ${discussions.likesCount} + 3 * ${discussions.commentsCount} + 0.2::float8 * ${discussions.viewsCount}) + extract(epoch from ${discussions.createdAt})::float8 * (ln(2::float8) / 86400))`;

/** The ranked candidates' columns, by the name the subquery gives them. */
const candidate = (column: 'id' | 'key') =>
  sql`${sql.identifier('candidates')}.${sql.identifier(column)}`;
const trending = keyset({
  key: floatKey(candidate('key')),
  id: integerKey(candidate('id')),
});

/**
 * One page of trending published discussions matching `where` (a filter on `discussions`).
 * Five queries whatever the page size: the ranking, the page's rows, then authors, tags and
 * poll choices.
 */
export async function listTrending(
  ctx: ForumsContext,
  viewer: Viewer | null,
  where: SQL | undefined,
  page: PageQuery,
): Promise<Page<DiscussionView>> {
  const since = new Date(ctx.now().getTime() - TRENDING_WINDOW_DAYS * DAY_MS);
  // Each candidate's key is computed once, from the row the index scan already fetched.
  const candidates = ctx.db
    .select({ id: discussions.id, key: trendingKey.as('key') })
    .from(discussions)
    .where(and(isPublished, where, gt(discussions.createdAt, since)))
    .orderBy(desc(discussions.createdAt), desc(discussions.id))
    .limit(TRENDING_CANDIDATES)
    .as('candidates');
  const ranked = await ctx.db
    .select({ id: candidates.id, key: candidates.key })
    .from(candidates)
    .where(trending.afterCursor(page.cursor))
    .orderBy(...trending.orderBy)
    .limit(fetchLimit(page.limit));
  const { rows, next } = trending.page(ranked, page.limit, (row) => row);
  const ids = rows.map((row) => row.id);
  return { rows: await loadPublishedInOrder(ctx, viewer, ids), next };
}
