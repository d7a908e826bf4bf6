import type { PageQuery } from '@agora/shared';
import { and, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import type { ContentContext } from '../../platform/content';
import { AppError } from '../../platform/errors';
import { Memo } from '../../platform/cache';
import type { Database } from '../../platform/db';
import { floatKey, integerKey, keyset, pageSize, type Page } from '../../platform/pagination';
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
 * time passes, so no score can be stored once or used as a cursor on its own. A ranking is
 * taken at one moment and the cursor carries that moment: every following page pages through
 * the same ranking, so pages neither repeat nor skip a poll.
 *
 * Cost: a ranking scores at most TRENDING_CANDIDATES polls, the newest of the week (after the
 * list's own filters), read in order from `poll_posts_latest_idx` and joined to their poll by
 * primary key: ~10 ms of PostgreSQL at 100,000 polls, too much for every request of a busy
 * list. So the rankings that many requests share (no filter, or one tag) are held for
 * TRENDING_REFRESH_MS in each process, as Lemmy refreshes its `hot_rank` on a schedule, only
 * far more often; rankings by author or words are taken per request. A request then reads just
 * its page's rows, with their live counts and tallies, by id. What the held ranking lags on:
 * - a vote, like or comment moves a poll at the next refresh (its counts show at once);
 * - a poll published, edited or deleted on this instance drops the held rankings at once;
 *   on other instances it shows at their next refresh;
 * - a poll hidden, archived or deleted leaves the page at once (the rows are read published
 *   only); one restored returns at the next refresh.
 */

const TRENDING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const TRENDING_CANDIDATES = 1_000;
const TRENDING_REFRESH_MS = 5_000;
const INVALID_CURSOR = 'This page link is not valid; start again from the first page.';

/** The ranked candidates' columns, by the name the subquery gives them. */
const candidate = (column: 'id' | 'score') =>
  sql`${sql.identifier('candidates')}.${sql.identifier(column)}`;
const ranking = keyset({
  score: floatKey(candidate('score')),
  id: integerKey(candidate('id')),
});

interface RankedPoll {
  id: number;
  score: number;
}

/** A ranking: the moment it was taken, and the candidates best first. */
interface Ranking {
  asOf: Date;
  ranked: RankedPoll[];
}

/**
 * What trending ranks: `where` filters `poll_posts`; `shared` names the filter when many
 * requests share it (`''` for none, `tag:…`), so its ranking is held; null ranks per request.
 */
export interface TrendingFilter {
  where: SQL | undefined;
  shared: string | null;
}

/** Held rankings per database (tests open many): a few filters and moments each. */
const heldRankings = new WeakMap<Database, Memo<Ranking>>();
const heldFor = (db: Database): Memo<Ranking> => {
  let held = heldRankings.get(db);
  if (!held) {
    held = new Memo(64);
    heldRankings.set(db, held);
  }
  return held;
};

/** A poll was published, edited or deleted here: rankings are taken again from now on. */
export const forgetTrendingPolls = (db: Database): void => heldRankings.get(db)?.clear();

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

/** Every candidate matching `where`, scored as at `asOf`, best first. */
async function takeRanking(
  ctx: ContentContext,
  where: SQL | undefined,
  asOf: Date,
): Promise<Ranking> {
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
    .orderBy(...ranking.orderBy);
  return { asOf, ranked };
}

/**
 * The ranking a request pages through: for a first page the one taken in this refresh period
 * (or now), for a cursor the one taken at the cursor's moment (held, or taken again as at
 * that moment).
 */
function rankingFor(
  ctx: ContentContext,
  filter: TrendingFilter,
  asOf: Date | undefined,
): Promise<Ranking> {
  if (filter.shared === null) return takeRanking(ctx, filter.where, asOf ?? ctx.now());
  const held = heldFor(ctx.db);
  const atMoment = (moment: Date) => `at:${moment.getTime()}|${filter.shared}`;
  if (asOf) return held.get(atMoment(asOf), () => takeRanking(ctx, filter.where, asOf));
  const now = ctx.now();
  const period = Math.floor(now.getTime() / TRENDING_REFRESH_MS);
  return held.get(`period:${period}|${filter.shared}`, async () => {
    const taken = await takeRanking(ctx, filter.where, now);
    // Its next pages find it by the moment their cursor carries.
    void held.get(atMoment(taken.asOf), () => Promise.resolve(taken));
    return taken;
  });
}

/** The ranked polls after the cursor's position, and one more to tell whether a page follows. */
function pageOf(ranked: RankedPoll[], position: string | undefined, limit: number | undefined) {
  const after = ranking.decode(position);
  const start = after
    ? ranked.findIndex(
        (poll) => poll.score < after.score || (poll.score === after.score && poll.id < after.id),
      )
    : 0;
  if (start === -1) return { rows: [], next: null };
  return ranking.page(ranked.slice(start, start + pageSize(limit) + 1), limit, (poll) => poll);
}

/** One page of trending published polls matching the filter. */
export async function listTrendingPolls(
  ctx: ContentContext,
  viewer: Viewer | null,
  filter: TrendingFilter,
  page: PageQuery,
): Promise<Page<PollView>> {
  const continued = decodeCursor(page.cursor);
  const { asOf, ranked } = await rankingFor(ctx, filter, continued?.asOf);
  const { rows, next } = pageOf(ranked, continued?.position, page.limit);
  return {
    rows: await loadPollsInOrder(
      ctx,
      viewer,
      rows.map((poll) => poll.id),
      true,
    ),
    next: next === null ? null : `${asOf.getTime()}.${next}`,
  };
}
