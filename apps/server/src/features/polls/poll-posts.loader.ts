import type {
  Author,
  PollResults,
  PollResultsVisibility,
  PollType,
  PollVotersVisibility,
} from '@agora/shared';
import { and, eq, gt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import type { ContentContext } from '../../platform/content';
import {
  prepareOnce,
  type Database,
  type PreparableSelect,
  type Transaction,
} from '../../platform/db';
import { bookmarks, likes, markOf } from '../reactions';
import { authorCard, authorColumns, users } from '../users';
import { pollResults, type OptionCount, type RankedBallots } from './poll-results';
import { canSeePoll, isClosed, isPollPublished, resultsHiddenReason } from './poll-rules';
import type { TallyMoves } from './polls.service';
import {
  pollChoices,
  pollPostColumns,
  pollPosts,
  pollRankings,
  polls,
  pollVotes,
} from './polls.tables';

/** An option as the database counts it: ballots marking it (at any rank). */
interface OptionRow {
  id: number;
  text: string;
  votes: number;
}

/** A poll post with everything its API shape needs, as one viewer sees it. */
/** A poll post's row, without the search document only search reads. */
export type PollPostRow = Omit<typeof pollPosts.$inferSelect, 'searchVector'>;

/** A poll post with everything its API shape needs, as one viewer sees it. */
export interface PollView {
  row: PollPostRow;
  poll: {
    type: PollType;
    maxChoices: number | null;
    results: PollResultsVisibility;
    voters: PollVotersVisibility;
    closesAt: Date | null;
    votersCount: number;
  };
  author: Author;
  options: { id: number; text: string }[];
  /** The viewer's ballot, most preferred first; empty without one. */
  myVote: number[];
  isClosed: boolean;
  /** Null while hidden from this viewer, and then `hiddenReason` says why. */
  tallies: PollResults | null;
  hiddenReason: string | null;
  isLiked: boolean;
  isBookmarked: boolean;
}

/**
 * A member's id, a placeholder for it in a statement prepared once for every member, each
 * row's own member (`wanted.viewer_id`, see `loadPollsForViewers`), or null for a signed-out
 * viewer, whose statement looks up no marks or ballot.
 */
type ViewerId = number | Placeholder | SQL | null;

/**
 * (poll, viewer) pairs numbered in their order, joined first so the marks' joins can use the
 * viewer. They come as one JSON value, whose row estimate does not depend on the values: after
 * a few runs PostgreSQL keeps one generic plan for the statement instead of planning each batch
 * anew (arrays' lengths are known to each custom plan, which it then prefers), and planning it
 * costs several times more than running it.
 */
const WANTED = sql`jsonb_to_recordset(${sql.placeholder('wanted')}::jsonb) as wanted(poll_id bigint, viewer_id bigint, n int)`;

/**
 * A correlated subquery as a select field, nested in one more `sql` so that drizzle keeps the
 * table names of the outer row's columns inside it.
 */
const correlated = <T>(subquery: SQL): SQL<T> => sql<T>`${subquery}`;

/** The poll's options in their order, with their counters, as a JSON array. */
const optionsOf = correlated<OptionRow[]>(sql`coalesce((
  select json_agg(json_build_object(
    'id', ${pollChoices.id}, 'text', ${pollChoices.text}, 'votes', ${pollChoices.votesCount}
  ) order by ${pollChoices.position})
  from ${pollChoices} where ${pollChoices.pollId} = ${pollPosts.id}
), '[]'::json)`);

/**
 * A ranked poll's counted rankings as a JSON array of [ranking, ballots] (`poll_rankings`: a few
 * dozen rows even for thousands of ballots), so a page's runoffs need no second query; null for
 * other types.
 */
const rankingsOf = correlated<
  [string, number][] | null
>(sql`case when ${polls.type} = 'ranked' then (
  select coalesce(json_agg(json_build_array(${pollRankings.ranking}, ${pollRankings.ballots})), '[]'::json)
  from ${pollRankings}
  where ${pollRankings.pollId} = ${pollPosts.id} and ${pollRankings.ballots} > 0
) end`);

/** The viewer's ballot as a JSON array of choice ids, most preferred first. */
const ballotOf = (viewerId: ViewerId) =>
  viewerId === null
    ? sql<number[]>`'[]'::json`
    : correlated<number[]>(sql`coalesce((
      select json_agg(${pollVotes.choiceId} order by ${pollVotes.rank})
      from ${pollVotes}
      where ${pollVotes.pollId} = ${pollPosts.id} and ${pollVotes.userId} = ${viewerId}
    ), '[]'::json)`);

const viewerMark = (marks: typeof likes | typeof bookmarks, viewerId: ViewerId) =>
  viewerId === null ? sql`false` : markOf(marks, viewerId, 'poll', pollPosts.id);

/**
 * Poll posts with their rules, author, options, the viewer's ballot, like and bookmark, in one
 * statement whatever the page size. The unique (member, model, object) indexes make each mark's
 * join match at most one row; the subqueries use the poll id indexes.
 */
function selectPollsFor(db: Database, viewerId: ViewerId, wanted?: SQL) {
  const polled = db
    .select({
      row: pollPostColumns,
      poll: {
        type: polls.type,
        maxChoices: polls.maxChoices,
        results: polls.results,
        voters: polls.voters,
        closesAt: polls.closesAt,
        votersCount: polls.votersCount,
      },
      author: authorColumns,
      options: optionsOf,
      rankings: rankingsOf,
      myVote: ballotOf(viewerId),
      isLiked: sql<boolean>`${likes.id} is not null`,
      isBookmarked: sql<boolean>`${bookmarks.id} is not null`,
    })
    .from(pollPosts)
    .$dynamic();
  return (wanted ? polled.innerJoin(wanted, sql`wanted.poll_id = ${pollPosts.id}`) : polled)
    .innerJoin(polls, eq(polls.id, pollPosts.id))
    .innerJoin(users, eq(users.id, pollPosts.authorId))
    .leftJoin(likes, viewerMark(likes, viewerId))
    .leftJoin(bookmarks, viewerMark(bookmarks, viewerId));
}

export type PollSelect = ReturnType<typeof selectPollsFor>;
export type PollPageRow = Awaited<ReturnType<PollSelect['execute']>>[number];

/** `selectPollsFor` for this viewer, to complete and run as it is (a page planned for its values). */
export const selectPolls = (ctx: ContentContext, viewer: Viewer | null) =>
  selectPollsFor(ctx.db, viewer?.id ?? null);

/**
 * Runs the read that `complete` makes of the poll select, prepared once per database under
 * `name`: one statement for members (the viewer a placeholder), one for signed-out viewers.
 */
export function readPrepared(
  ctx: ContentContext,
  viewer: Viewer | null,
  name: string,
  complete: (select: PollSelect) => PreparableSelect<PollPageRow>,
  values: Record<string, unknown> = {},
): Promise<PollPageRow[]> {
  if (!viewer) {
    return prepareOnce(ctx.db, `polls_${name}_signed_out`, () =>
      complete(selectPollsFor(ctx.db, null)),
    ).execute(values);
  }
  return prepareOnce(ctx.db, `polls_${name}`, () =>
    complete(selectPollsFor(ctx.db, sql.placeholder('viewer'))),
  ).execute({ ...values, viewer: viewer.id });
}

/**
 * The ballots of these ranked polls grouped by ranking, as `poll_rankings` keeps them: an
 * instant-runoff count needs every ballot's order, and members' rankings repeat, so a poll with
 * thousands of ballots reads a few dozen rows.
 */
export async function loadRankedBallots(
  db: Database,
  pollIds: number[],
): Promise<Map<number, RankedBallots[]>> {
  const byPoll = new Map<number, RankedBallots[]>();
  if (pollIds.length === 0) return byPoll;
  const rows = await prepareOnce(db, 'poll_rankings_of', () =>
    db
      .select({
        pollId: pollRankings.pollId,
        ranking: pollRankings.ranking,
        ballots: pollRankings.ballots,
      })
      .from(pollRankings)
      .where(
        and(
          sql`${pollRankings.pollId} = any(${sql.placeholder('ids')}::bigint[])`,
          gt(pollRankings.ballots, 0),
        ),
      ),
  ).execute({ ids: pollIds });
  for (const row of rows) {
    const list = byPoll.get(row.pollId) ?? [];
    list.push({ ranking: row.ranking.split(',').map(Number), count: row.ballots });
    byPoll.set(row.pollId, list);
  }
  return byPoll;
}

/** What the results are computed from, for any reader of one poll (lists, detail, live). */
export interface TallySource {
  id: number;
  type: PollType;
  votersCount: number;
  options: OptionCount[];
}

/** The results of a poll from its counters and, when ranked, its ballots. */
export const resultsOf = (source: TallySource, ballots: Map<number, RankedBallots[]>) =>
  pollResults({
    type: source.type,
    votersCount: source.votersCount,
    options: source.options,
    ballots: ballots.get(source.id) ?? [],
  });

/** Counted rankings as the runoff takes them. */
const toRankedBallots = (rankings: [string, number][]): RankedBallots[] =>
  rankings.map(([ranking, count]) => ({ ranking: ranking.split(',').map(Number), count }));

/**
 * Rows of the poll select as the views presenters take, in the rows' order, with no further
 * query. Results the viewer may not see are not computed at all.
 */
export function toPollViews(ctx: ContentContext, rows: PollPageRow[]): PollView[] {
  const now = ctx.now();
  return rows.map((item) => {
    const hiddenReason = resultsHiddenReason(item.poll, item.myVote.length > 0, now);
    return {
      row: item.row,
      poll: item.poll,
      author: authorCard(ctx.storage, item.author),
      options: item.options.map(({ id, text }) => ({ id, text })),
      myVote: item.myVote,
      isClosed: isClosed(item.poll.closesAt, now),
      tallies:
        hiddenReason === null
          ? pollResults({
              type: item.poll.type,
              votersCount: item.poll.votersCount,
              options: item.options,
              ballots: toRankedBallots(item.rankings ?? []),
            })
          : null,
      hiddenReason,
      isLiked: item.isLiked,
      isBookmarked: item.isBookmarked,
    };
  });
}

/**
 * These poll posts as the viewer sees them, in the order of `ids` (a page or a ranking chosen
 * by another query): one statement, prepared once, whatever the ids. With `publishedOnly`, a
 * poll that stopped being published since the ids were chosen drops out.
 */
export async function loadPollsInOrder(
  ctx: ContentContext,
  viewer: Viewer | null,
  ids: number[],
  publishedOnly: boolean,
): Promise<PollView[]> {
  if (ids.length === 0) return [];
  const rows = await readPrepared(
    ctx,
    viewer,
    publishedOnly ? 'published_by_ids' : 'by_ids',
    (select) =>
      select.where(
        and(
          sql`${pollPosts.id} = any(${sql.placeholder('ids')}::bigint[])`,
          publishedOnly ? isPollPublished : undefined,
        ),
      ),
    { ids },
  );
  const byId = new Map(rows.map((item) => [item.row.id, item]));
  return toPollViews(
    ctx,
    ids.flatMap((id) => {
      const item = byId.get(id);
      return item ? [item] : [];
    }),
  );
}

/**
 * Each poll post as its own viewer sees it (row, options with their counters, the viewer's
 * ballot and marks), in the order asked, undefined where there is none: one statement for all
 * of them, prepared once, run in `tx`. The vote batches read their voters' answers this way
 * under the polls' lock, then move the counters by their own ballots (`withMoves`).
 */
export async function readPollRowsForViewers(
  ctx: ContentContext,
  tx: Transaction,
  wanted: { pollId: number; viewerId: number }[],
): Promise<(PollPageRow | undefined)[]> {
  if (wanted.length === 0) return [];
  const rows = await prepareOnce(ctx.db, 'polls_for_viewers', () =>
    selectPollsFor(ctx.db, sql`wanted.viewer_id`, WANTED).orderBy(sql`wanted.n`),
  ).executeIn(tx, {
    wanted: JSON.stringify(
      wanted.map((one, n) => ({ poll_id: one.pollId, viewer_id: one.viewerId, n })),
    ),
  });
  // One row per pair at most, in the pairs' order: a pair's row is the next one of its poll.
  let next = 0;
  return wanted.map(({ pollId }) => {
    const row = rows[next];
    if (row?.row.id !== pollId) return undefined;
    next += 1;
    return row;
  });
}

/**
 * The row as `moves` leave it, with `myVote` the viewer's ballot now: its options' votes, its
 * voters and its counted rankings moved (`TallyMoves`, added to the counters the row was read
 * with under the lock).
 */
export function withMoves(row: PollPageRow, moves: TallyMoves, myVote: number[]): PollPageRow {
  const pollId = row.row.id;
  let { rankings } = row;
  const rankingMoves = moves.rankings(pollId);
  if (rankings && rankingMoves.length > 0) {
    const counted = new Map(rankings);
    for (const [ranking, delta] of rankingMoves) {
      counted.set(ranking, (counted.get(ranking) ?? 0) + delta);
    }
    rankings = [...counted].filter(([, ballots]) => ballots > 0);
  }
  return {
    ...row,
    poll: { ...row.poll, votersCount: row.poll.votersCount + moves.voters.of(pollId) },
    options: row.options.map((option) => ({
      ...option,
      votes: option.votes + moves.choices.of(option.id),
    })),
    rankings,
    myVote,
  };
}

/** The row as the viewer sees it; undefined when the poll is not theirs to see. */
export const viewForViewer = (
  ctx: ContentContext,
  row: PollPageRow,
  viewer: Viewer,
): PollView | undefined => (canSeePoll(row.row, viewer) ? toPollViews(ctx, [row])[0] : undefined);
