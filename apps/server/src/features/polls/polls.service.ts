import type { PollResultsVisibility, PollType, PollVotersVisibility } from '@agora/shared';
import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ContentCleaner } from '../../platform/content';
import { statementOnce, type Database, type Transaction } from '../../platform/db';
import { jobInsert } from '../../platform/jobs';
import { isPollPublished } from './poll-rules';
import {
  pollBallots,
  pollChoices,
  pollPosts,
  pollRankings,
  polls,
  pollVotes,
} from './polls.tables';

/** What a poll belongs to: ('forum', discussion id). */
export interface PollHost {
  model: string;
  objectId: number;
}

/** A choice as members see it, with whether the viewer's ballot marks it. */
export interface PollChoiceView {
  id: number;
  text: string;
  votesCount: number;
  isVoted: boolean;
}

/** How a poll takes ballots and shows them; a discussion's poll keeps the defaults. */
export interface PollRules {
  type: PollType;
  /** For `multiple`: the most options a ballot may mark; null for as many as there are. */
  maxChoices: number | null;
  results: PollResultsVisibility;
  voters: PollVotersVisibility;
  closesAt: Date | null;
}

/**
 * Creates a poll with its choices, in the caller's transaction. A host without `objectId` is a
 * poll that is content of its own (a poll post): its `object_id` is its own id, taken from the
 * sequence first so that both are written in one insert.
 */
export async function createPoll(
  tx: Database,
  host: PollHost | { model: string },
  choices: string[],
  now: Date,
  rules: Partial<PollRules> = {},
): Promise<number> {
  let poll: { id: number } | undefined;
  if ('objectId' in host) {
    [poll] = await tx
      .insert(polls)
      .values({ ...host, ...rules, createdAt: now })
      .returning({ id: polls.id });
  } else {
    const { rows } = await tx.execute<{ id: string | number }>(
      sql`select nextval(pg_get_serial_sequence('polls', 'id')) as id`,
    );
    // node-postgres gives bigint as text; PGlite as a number.
    const id = Number(rows[0]?.id);
    [poll] = await tx
      .insert(polls)
      .overridingSystemValue()
      .values({ id, model: host.model, objectId: id, ...rules, createdAt: now })
      .returning({ id: polls.id });
  }
  if (!poll) throw new Error('insert returned no row');
  await insertChoices(tx, poll.id, choices);
  return poll.id;
}

/** The poll's choices, in this order. */
export async function insertChoices(tx: Database, pollId: number, choices: string[]) {
  await tx
    .insert(pollChoices)
    .values(choices.map((text, position) => ({ pollId, position, text })));
}

/** The choice, its poll and the content the poll belongs to; undefined when there is none. */
export async function findChoice(
  db: Database,
  choiceId: number,
): Promise<(PollHost & { pollId: number }) | undefined> {
  const [row] = await db
    .select({ pollId: polls.id, model: polls.model, objectId: polls.objectId })
    .from(pollChoices)
    .innerJoin(polls, eq(polls.id, pollChoices.pollId))
    .where(eq(pollChoices.id, choiceId));
  return row;
}

/** A poll's rules and choice ids as a ballot finds them, its row locked. */
export interface BallotBox extends PollRules {
  choiceIds: number[];
  /** The poll post this poll is, read with the lock; null for a discussion's poll. */
  post: { authorId: number; question: string; published: boolean } | null;
}

/**
 * Checks a ballot against the poll as it stands inside the voting transaction; throws to
 * refuse it, and nothing of it is written.
 */
export type AdmitBallot = (box: BallotBox) => void;

/** One member's ballot: `choiceIds` in order of preference. */
export interface Ballot {
  pollId: number;
  memberId: number;
  choiceIds: number[];
  now: Date;
  admit?: AdmitBallot;
}

/** What became of a ballot: whether it changed anything, or what its `admit` threw. */
export type BallotOutcome = { changed: boolean; box: BallotBox | null } | { refused: unknown };

/** A bigint[] parameter; node-postgres gives bigint arrays back as text, PGlite as numbers. */
const bigints = (ids: number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;
const toIds = (ids: (string | number)[] | null) => (ids === null ? null : ids.map(Number));

/**
 * The ids come as a JSON array, unpacked in a subquery, so that no plan knows how many there are
 * and PostgreSQL keeps one generic plan (see `writeBallots`) that still finds each by its key.
 */
const lockPolls = statementOnce<{
  id: string | number;
  type: PollType;
  max_choices: number | null;
  results: PollResultsVisibility;
  voters: PollVotersVisibility;
  closes_at: Date | string | null;
  post_author_id: string | number | null;
  post_question: string | null;
  post_published: boolean | null;
}>(
  () => sql`select ${polls.id}, ${polls.type}, ${polls.maxChoices}, ${polls.results},
    ${polls.voters}, ${polls.closesAt}, ${pollPosts.authorId} as post_author_id,
    ${pollPosts.question} as post_question, ${isPollPublished} as post_published
    from ${polls} left join ${pollPosts} on ${pollPosts.id} = ${polls.id}
    where ${polls.id} = any(array(select jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb)::bigint))
    order by ${polls.id} for no key update of ${polls}`,
);

const readBallots = statementOnce<{
  poll_id: string | number;
  user_id: string | number;
  choice_ids: (string | number)[] | null;
  before: (string | number)[] | null;
}>(
  () => sql`select pair.poll_id, pair.user_id,
    (select array_agg(${pollChoices.id} order by ${pollChoices.position})
      from ${pollChoices} where ${pollChoices.pollId} = pair.poll_id) as choice_ids,
    (select array_agg(${pollVotes.choiceId} order by ${pollVotes.rank})
      from ${pollVotes} where ${pollVotes.pollId} = pair.poll_id and ${pollVotes.userId} = pair.user_id
    ) as before
    from jsonb_to_recordset(${sql.placeholder('pairs')}::jsonb) as pair(poll_id bigint, user_id bigint)`,
);

/** A member and a poll whose ballot is changing. */
export interface BallotPair {
  pollId: number;
  memberId: number;
}

/** A poll's choice ids in their order and the member's ballot (null without one), as read. */
export interface BallotState {
  choiceIds: number[];
  before: number[] | null;
}

/**
 * Reads each pair's `BallotState` inside the voting transaction, once the polls are locked, in
 * the pairs' order (undefined where it finds none). A caller may read more in the same
 * statement, as the vote batches read their voters' answers.
 */
export type ReadBallots = (
  tx: Transaction,
  pairs: BallotPair[],
) => Promise<(BallotState | undefined)[]>;

const pairKey = (pollId: number, memberId: number) => `${pollId}:${memberId}`;

/** Any poll's choices and the members' ballots. */
const readBallotStates: ReadBallots = async (tx, pairs) => {
  const rows = await readBallots.run(tx, {
    pairs: JSON.stringify(pairs.map((pair) => ({ poll_id: pair.pollId, user_id: pair.memberId }))),
  });
  const states = new Map(
    rows.map((row) => [
      pairKey(Number(row.poll_id), Number(row.user_id)),
      { choiceIds: toIds(row.choice_ids) ?? [], before: toIds(row.before) },
    ]),
  );
  return pairs.map((pair) => states.get(pairKey(pair.pollId, pair.memberId)));
};

/** The poll, as a change of one member's ballot finds it once its row is locked. */
interface OpenBox {
  box: BallotBox;
  /** The member's ballot, most preferred first; null without one. */
  before: number[] | null;
}

/**
 * Locks the polls' rows for the rest of the transaction, in id order, then reads their rules,
 * their choices and each member's ballot. Every change of ballots starts here, so the changes
 * of one poll's ballots, choice counters and rankings are serialised by this lock, and taking
 * several in id order never deadlocks. `for no key update` is the lock the voters' count update
 * takes anyway (no upgrade), while editing or deleting a poll (`for update`) waits for the
 * ballots in flight and they for it. The second read comes after the lock, so it sees what the
 * ballots before it committed. Keyed by `pairKey`; a missing poll has no entry.
 */
async function openBallotBoxes(
  tx: Transaction,
  pairs: BallotPair[],
  read: ReadBallots = readBallotStates,
): Promise<Map<string, OpenBox>> {
  const pollIds = [...new Set(pairs.map((pair) => pair.pollId))];
  const locked = await lockPolls.run(tx, { ids: JSON.stringify(pollIds) });
  const rules = new Map(
    locked.map((row) => [
      Number(row.id),
      {
        type: row.type,
        maxChoices: row.max_choices,
        results: row.results,
        voters: row.voters,
        closesAt: row.closes_at === null ? null : new Date(row.closes_at),
        post:
          row.post_author_id === null
            ? null
            : {
                authorId: Number(row.post_author_id),
                question: row.post_question ?? '',
                published: row.post_published === true,
              },
      },
    ]),
  );
  const states = await read(tx, pairs);
  const boxes = new Map<string, OpenBox>();
  pairs.forEach((pair, index) => {
    const found = rules.get(pair.pollId);
    const state = states[index];
    if (!found || !state) return;
    boxes.set(pairKey(pair.pollId, pair.memberId), {
      box: { ...found, choiceIds: state.choiceIds },
      before: state.before,
    });
  });
  return boxes;
}

/** How ballot changes move counters: the sum of their deltas per key. */
class Moves<Key> {
  private readonly deltas = new Map<Key, number>();
  add(key: Key, delta: number) {
    this.deltas.set(key, (this.deltas.get(key) ?? 0) + delta);
  }
  /** The moves, zeros left out. */
  entries(): [Key, number][] {
    return [...this.deltas].filter(([, delta]) => delta !== 0);
  }
  of(key: Key): number {
    return this.deltas.get(key) ?? 0;
  }
}

/**
 * What a set of ballot changes did to the counters: each choice's votes, each poll's voters and
 * each ranked poll's counted rankings. Added to the counters as they were read under the lock,
 * they give the counters as the changes left them.
 */
export class TallyMoves {
  readonly choices = new Moves<number>();
  readonly voters = new Moves<number>();
  private readonly rankingsByPoll = new Map<number, Moves<string>>();

  addRanking(pollId: number, ranking: number[], delta: number) {
    let moves = this.rankingsByPoll.get(pollId);
    if (!moves) {
      moves = new Moves<string>();
      this.rankingsByPoll.set(pollId, moves);
    }
    moves.add(ranking.join(','), delta);
  }

  /** The poll's ranking moves, each ranking as `poll_rankings` writes it ("3,1,2"). */
  rankings(pollId: number): [string, number][] {
    return this.rankingsByPoll.get(pollId)?.entries() ?? [];
  }

  /** Every poll's ranking moves. */
  allRankings(): { pollId: number; ranking: string; delta: number }[] {
    return [...this.rankingsByPoll].flatMap(([pollId, moves]) =>
      moves.entries().map(([ranking, delta]) => ({ pollId, ranking, delta })),
    );
  }
}

/**
 * Every write of a set of ballot changes, as one statement of data-modifying CTEs (one round
 * trip however many ballots): the ballots, their votes, the counters they move, summed per
 * choice, per poll and per ranking, and the jobs of their events. They touch distinct rows, and
 * foreign keys are checked at the statement's end, so a new ballot and its votes may be written
 * together. Empty lists write nothing, so the text never changes and is assembled once. The rows
 * come as JSON values, whose row estimates do not depend on the values, so PostgreSQL keeps one
 * generic plan rather than planning every batch anew (see `WANTED` in `poll-posts.loader.ts`).
 */
const writeBallots = statementOnce(
  () => sql`with changed as (
      select * from jsonb_to_recordset(${sql.placeholder('ballots')}::jsonb)
        as b(poll_id bigint, user_id bigint, at timestamptz)
    ), ballots as (
      insert into ${pollBallots} (poll_id, user_id, created_at, updated_at)
      select poll_id, user_id, at, at from changed
      on conflict (poll_id, user_id) do update set updated_at = excluded.updated_at
    ), votes as (
      select * from jsonb_to_recordset(${sql.placeholder('votes')}::jsonb)
        as v(poll_id bigint, user_id bigint, choice_id bigint, rank int)
    ), dropped as (
      delete from ${pollVotes} old
      using changed
      where old.poll_id = changed.poll_id and old.user_id = changed.user_id
        and not exists (select 1 from votes where votes.poll_id = old.poll_id
          and votes.user_id = old.user_id and votes.choice_id = old.choice_id)
    ), chosen as (
      insert into ${pollVotes} (poll_id, user_id, choice_id, rank)
      select poll_id, user_id, choice_id, rank from votes
      on conflict (poll_id, user_id, choice_id) do update set rank = excluded.rank
    ), choice_counts as (
      update ${pollChoices} set votes_count = ${pollChoices.votesCount} + m.delta
      from jsonb_to_recordset(${sql.placeholder('choiceMoves')}::jsonb) as m(id bigint, delta int)
      where ${pollChoices.id} = m.id
    ), voter_counts as (
      update ${polls} set voters_count = ${polls.votersCount} + m.delta
      from jsonb_to_recordset(${sql.placeholder('voterMoves')}::jsonb) as m(id bigint, delta int)
      where ${polls.id} = m.id
    ), queued as (${jobInsert()})
    insert into ${pollRankings} (poll_id, ranking, ballots)
    select * from jsonb_to_recordset(${sql.placeholder('rankingMoves')}::jsonb)
      as r(poll_id bigint, ranking text, ballots int)
    on conflict (poll_id, ranking) do update set ballots = ${pollRankings.ballots} + excluded.ballots`,
);

/** How `castBallots` runs besides its ballots. */
export interface CastOptions {
  /**
   * Told the outcomes before the write, when some ballot changed: the jobs to insert with it
   * (`EventQueue.takeJobs`).
   */
  jobsFor?: (outcomes: BallotOutcome[]) => string;
  /** The read after the lock (`ReadBallots`); by default, the choices and ballots alone. */
  read?: ReadBallots;
}

/** The ballots' outcomes, in order, and the counter moves written for them. */
export interface CastResult {
  outcomes: BallotOutcome[];
  moves: TallyMoves;
}

/**
 * Casts members' ballots in the caller's transaction, each checked by its `admit` (if given)
 * against its poll as it stands, replacing the member's ballot if they had one. All of them
 * together cost the same three statements as one: a burst of votes is written as one change.
 * Counters move in the same transaction, under the polls' locks, so every count stays equal to
 * its votes however many members vote at once. One outcome per ballot, in order: a refused
 * ballot writes nothing and the others still count; a missing poll changes nothing (box null).
 * At most one ballot per member and poll.
 */
export async function castBallots(
  tx: Transaction,
  ballots: Ballot[],
  options: CastOptions = {},
): Promise<CastResult> {
  const moves = new TallyMoves();
  if (ballots.length === 0) return { outcomes: [], moves };
  if (new Set(ballots.map((b) => pairKey(b.pollId, b.memberId))).size < ballots.length) {
    throw new Error('castBallots takes at most one ballot per member and poll');
  }
  const boxes = await openBallotBoxes(tx, ballots, options.read);
  const ballotRows: { pollId: number; memberId: number; at: string }[] = [];
  const voteRows: { pollId: number; memberId: number; choiceId: number; rank: number }[] = [];
  const outcomes = ballots.map((ballot): BallotOutcome => {
    const open = boxes.get(pairKey(ballot.pollId, ballot.memberId));
    if (!open) return { changed: false, box: null };
    try {
      ballot.admit?.(open.box);
    } catch (refusal) {
      return { refused: refusal };
    }
    const { before } = open;
    const after = ballot.choiceIds;
    const unchanged =
      before !== null &&
      before.length === after.length &&
      after.every((id, rank) => before[rank] === id);
    if (unchanged) return { changed: false, box: open.box };
    ballotRows.push({
      pollId: ballot.pollId,
      memberId: ballot.memberId,
      at: ballot.now.toISOString(),
    });
    after.forEach((choiceId, rank) =>
      voteRows.push({ pollId: ballot.pollId, memberId: ballot.memberId, choiceId, rank }),
    );
    for (const id of before ?? []) moves.choices.add(id, -1);
    for (const id of after) moves.choices.add(id, 1);
    if (before === null) moves.voters.add(ballot.pollId, 1);
    if (open.box.type === 'ranked') {
      if (before) moves.addRanking(ballot.pollId, before, -1);
      moves.addRanking(ballot.pollId, after, 1);
    }
    return { changed: true, box: open.box };
  });
  if (ballotRows.length === 0) return { outcomes, moves };
  await writeBallots.run(tx, {
    jobs: options.jobsFor?.(outcomes) ?? '[]',
    ballots: JSON.stringify(
      ballotRows.map((row) => ({ poll_id: row.pollId, user_id: row.memberId, at: row.at })),
    ),
    votes: JSON.stringify(
      voteRows.map((row) => ({
        poll_id: row.pollId,
        user_id: row.memberId,
        choice_id: row.choiceId,
        rank: row.rank,
      })),
    ),
    choiceMoves: JSON.stringify(moves.choices.entries().map(([id, delta]) => ({ id, delta }))),
    voterMoves: JSON.stringify(moves.voters.entries().map(([id, delta]) => ({ id, delta }))),
    rankingMoves: JSON.stringify(
      moves.allRankings().map((move) => ({
        poll_id: move.pollId,
        ranking: move.ranking,
        ballots: move.delta,
      })),
    ),
  });
  return { outcomes, moves };
}

/**
 * Casts one member's ballot in the caller's transaction (see `castBallots`). Whether anything
 * changed; a refusal thrown by `admit` is thrown here, having written nothing.
 */
export async function castBallot(tx: Transaction, ballot: Ballot): Promise<boolean> {
  const {
    outcomes: [outcome],
  } = await castBallots(tx, [ballot]);
  if (outcome && 'refused' in outcome) throw outcome.refused;
  return outcome?.changed ?? false;
}

/**
 * Withdraws the member's ballot, checked by `admit` as a vote is, under the same lock as
 * `castBallots`. Whether there was one.
 */
export async function withdrawBallot(
  db: Database,
  input: { pollId: number; memberId: number; admit?: AdmitBallot },
): Promise<boolean> {
  const { pollId, memberId } = input;
  return db.transaction(async (tx) => {
    const open = (await openBallotBoxes(tx, [{ pollId, memberId }])).get(pairKey(pollId, memberId));
    if (!open) return false;
    input.admit?.(open.box);
    if (open.before === null) return false;
    await writeAll(tx, [
      // Its votes go with it (`poll_votes_ballot_fk` cascades).
      sql`delete from ${pollBallots}
        where ${pollBallots.pollId} = ${pollId} and ${pollBallots.userId} = ${memberId}`,
      ...counterUpdates(pollId, open.box.type, open.before),
    ]);
    return true;
  });
}

/**
 * The counters a withdrawn ballot moves, as parts of one statement: its choices' and the
 * poll's voters down by one and, for a ranked poll, its ranking's.
 */
function counterUpdates(pollId: number, type: PollType, before: number[]): SQL[] {
  const parts: SQL[] = [
    sql`update ${pollChoices} set votes_count = ${pollChoices.votesCount} - 1
      where ${pollChoices.id} = any(${bigints(before)})`,
    sql`update ${polls} set voters_count = ${polls.votersCount} - 1 where ${polls.id} = ${pollId}`,
  ];
  if (type === 'ranked') {
    parts.push(sql`update ${pollRankings} set ballots = ${pollRankings.ballots} - 1
      where ${pollRankings.pollId} = ${pollId} and ${pollRankings.ranking} = ${before.join(',')}`);
  }
  return parts;
}

/**
 * Runs these writes as one statement (data-modifying CTEs): one round trip for a whole ballot
 * change. They touch distinct rows, and foreign keys are checked at the statement's end.
 */
async function writeAll(tx: Database, writes: SQL[]): Promise<void> {
  const [last, ...others] = writes.reverse();
  if (!last) return;
  const ctes = others.map((write, index) => sql`${sql.raw(`w${index}`)} as (${write})`);
  await tx.execute(ctes.length === 0 ? last : sql`with ${sql.join(ctes, sql`, `)} ${last}`);
}

/** The viewer's vote for the choice in the outer query's row; `false` for a signed-out viewer. */
const votedFor = (viewerId: number | Placeholder | null) =>
  viewerId === null
    ? sql`false`
    : sql`exists(
      select 1 from ${pollVotes}
      where ${pollVotes.pollId} = ${pollChoices.pollId}
        and ${pollVotes.userId} = ${viewerId}
        and ${pollVotes.choiceId} = ${pollChoices.id}
    )`;

/**
 * The choices of the poll of the content in the outer query's row (`objectId` its id column), in
 * their order, each marked when it holds the viewer's vote, as a JSON array (empty without a
 * poll). For a select field of a list: one subquery, using the poll's unique content key.
 */
export const pollChoicesJson = (
  model: string,
  objectId: AnyPgColumn,
  viewerId: number | Placeholder | null,
): SQL<PollChoiceView[]> => sql<PollChoiceView[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${pollChoices.id},
    'text', ${pollChoices.text},
    'votesCount', ${pollChoices.votesCount},
    'isVoted', ${votedFor(viewerId)}
  ) order by ${pollChoices.position})
  from ${pollChoices}
  inner join ${polls} on ${polls.id} = ${pollChoices.pollId}
  where ${polls.model} = ${model}
    and ${polls.objectId} = ${objectId}
), '[]'::json)`;

/** Deleting content deletes its poll, with its choices, ballots and votes. */
export const cleanPolls: ContentCleaner = async (tx, { kind, ids }) => {
  await tx.delete(polls).where(and(eq(polls.model, kind.model), inArray(polls.objectId, ids)));
};
