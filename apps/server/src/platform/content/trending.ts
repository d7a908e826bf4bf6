import type { PageQuery } from '@agora/shared';
import { sql, type SQL } from 'drizzle-orm';
import { Memo } from '../cache';
import type { Database } from '../db';
import { AppError } from '../errors';
import { floatKey, integerKey, keyset, pageSize, type Page } from '../pagination';
import type { ContentContext } from './content.context';

/**
 * Trending lists whose score decays by a power of the age, as Lemmy ranks posts:
 *
 *   score = activity / (hours + 2)^1.8
 *
 * Unlike an exponential decay, such a decay does not keep the order of two objects as time
 * passes, so a score is only comparable with scores of the same moment. A ranking is taken at
 * one moment (`asOf`) and the cursor carries that moment: every following page pages through
 * the same ranking, so pages neither repeat nor skip an object.
 *
 * Taking a ranking scores a kind's newest candidates of the week (about 10 ms of PostgreSQL at
 * 100,000 polls), too much for every request of a busy list. So the rankings that many
 * requests share (no filter, or one tag) are held for TRENDING_REFRESH_MS in each process, as
 * Lemmy refreshes its `hot_rank` on a schedule, only far more often; rankings by author or words
 * are taken per request. A request then reads just its page's rows, with their live counts,
 * by id. What a held ranking lags on:
 * - activity (votes, answers, likes, comments) moves an object at the next refresh; the page
 *   shows its counts as they are now;
 * - an object published or retagged on this instance drops the kind's held rankings at once
 *   (`forgetTrending`); on other instances it shows at their next refresh;
 * - the kind reads the page's rows published only, so one hidden, archived or deleted leaves
 *   the page at once; one restored returns at the next refresh.
 */

const TRENDING_REFRESH_MS = 5_000;
/** Rankings held per kind: a few filters (the feed, popular tags) and moments. */
const HELD_RANKINGS = 64;
const INVALID_CURSOR = 'This page link is not valid; start again from the first page.';

export interface Scored {
  id: number;
  score: number;
}

/**
 * How a kind ranks: `take` scores every candidate matching the list's filter as at `asOf`, best
 * first (score, then id, both descending); `shared` names the filter when many requests share
 * it (`''` for none, `tag:…`), so its ranking is held, or is null to rank per request.
 */
export interface TrendingSource {
  shared: string | null;
  take(asOf: Date): Promise<Scored[]>;
}

/**
 * A trending list's filter as a kind's list service builds it: `where` filters the kind's
 * table; `shared` names the filter when many requests share it (`''` for none, `tag:…`), so
 * its ranking is held, or is null to rank per request (author, words).
 */
export interface TrendingFilter {
  where: SQL | undefined;
  shared: string | null;
}

/** The ranked candidates' columns, by the name a kind's ranking subquery gives them. */
export const candidateColumn = (column: 'id' | 'score') =>
  sql`${sql.identifier('candidates')}.${sql.identifier(column)}`;

/** Best first: score, then id, descending; `orderBy` for a kind's ranking query. */
export const trendingOrder = keyset({
  score: floatKey(candidateColumn('score')),
  id: integerKey(candidateColumn('id')),
});

interface Ranking {
  asOf: Date;
  ranked: Scored[];
}

/** Held rankings per database (tests open many) and kind. */
const held = new WeakMap<Database, Map<string, Memo<Ranking>>>();
const heldFor = (db: Database, model: string): Memo<Ranking> => {
  let kinds = held.get(db);
  if (!kinds) {
    kinds = new Map();
    held.set(db, kinds);
  }
  let rankings = kinds.get(model);
  if (!rankings) {
    rankings = new Memo(HELD_RANKINGS);
    kinds.set(model, rankings);
  }
  return rankings;
};

/** An object of `model` was published or retagged here: its rankings are taken again. */
export const forgetTrending = (db: Database, model: string): void =>
  held.get(db)?.get(model)?.clear();

/** A trending cursor: the ranking's moment, then the position in it. */
function decodeCursor(cursor: string | undefined): { asOf: Date; position: string } | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const [moment, position, ...rest] = cursor.split('.');
  const ms = Number(moment);
  if (rest.length > 0 || !position || !Number.isSafeInteger(ms)) {
    throw AppError.fields({ cursor: [INVALID_CURSOR] });
  }
  return { asOf: new Date(ms), position };
}

/**
 * The ranking a request pages through: for a first page the one taken in this refresh period
 * (or now), for a cursor the one taken at the cursor's moment (held, or taken again as at that
 * moment).
 */
function rankingFor(
  ctx: ContentContext,
  model: string,
  source: TrendingSource,
  asOf: Date | undefined,
): Promise<Ranking> {
  const take = async (moment: Date) => ({ asOf: moment, ranked: await source.take(moment) });
  if (source.shared === null) return take(asOf ?? ctx.now());
  const rankings = heldFor(ctx.db, model);
  const atMoment = (moment: Date) => `at:${moment.getTime()}|${source.shared}`;
  if (asOf) return rankings.get(atMoment(asOf), () => take(asOf));
  const now = ctx.now();
  const period = Math.floor(now.getTime() / TRENDING_REFRESH_MS);
  return rankings.get(`period:${period}|${source.shared}`, async () => {
    const taken = await take(now);
    // Its next pages find it by the moment their cursor carries.
    void rankings.get(atMoment(taken.asOf), () => Promise.resolve(taken));
    return taken;
  });
}

/** The ids of one page of a kind's trending list, best first, and the next page's cursor. */
export async function trendingPage(
  ctx: ContentContext,
  model: string,
  source: TrendingSource,
  page: PageQuery,
): Promise<Page<number>> {
  const continued = decodeCursor(page.cursor);
  const { asOf, ranked } = await rankingFor(ctx, model, source, continued?.asOf);
  const after = trendingOrder.decode(continued?.position);
  const start = after
    ? ranked.findIndex(
        (item) => item.score < after.score || (item.score === after.score && item.id < after.id),
      )
    : 0;
  if (start === -1) return { rows: [], next: null };
  const { rows, next } = trendingOrder.page(
    ranked.slice(start, start + pageSize(page.limit) + 1),
    page.limit,
    (item) => item,
  );
  return {
    rows: rows.map((item) => item.id),
    next: next === null ? null : `${asOf.getTime()}.${next}`,
  };
}
