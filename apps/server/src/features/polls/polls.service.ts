import type { PollResultsVisibility, PollType, PollVotersVisibility } from '@agora/shared';
import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ContentCleaner } from '../../platform/content';
import type { Database } from '../../platform/db';
import { pollBallots, pollChoices, polls, pollVotes } from './polls.tables';

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
}

/**
 * Checks a ballot against the poll as it stands inside the voting transaction; throws to
 * refuse it, and nothing is written.
 */
export type AdmitBallot = (box: BallotBox) => void;

/**
 * Locks the poll's row for the rest of the transaction and reads what `admit` checks. Every
 * change of ballots starts here, so they take their locks in one order: poll, ballot, then
 * choice counters by id. `for no key update` is the lock the voters' count update takes
 * anyway (no upgrade, no deadlock), while editing or deleting the poll (`for update`) waits for
 * the ballots in flight and they for it.
 */
async function openBallotBox(
  tx: Database,
  pollId: number,
  admit: AdmitBallot | undefined,
): Promise<boolean> {
  const [rules] = await tx
    .select({
      type: polls.type,
      maxChoices: polls.maxChoices,
      results: polls.results,
      voters: polls.voters,
      closesAt: polls.closesAt,
    })
    .from(polls)
    .where(eq(polls.id, pollId))
    .for('no key update');
  if (!rules) return false;
  if (admit) {
    const choices = await tx
      .select({ id: pollChoices.id })
      .from(pollChoices)
      .where(eq(pollChoices.pollId, pollId));
    admit({ ...rules, choiceIds: choices.map(({ id }) => id) });
  }
  return true;
}

/** Moves the choices' counters, in id order so that concurrent ballots never deadlock. */
async function moveCounters(tx: Database, moves: Map<number, number>) {
  for (const [id, delta] of [...moves].sort(([a], [b]) => a - b)) {
    await tx
      .update(pollChoices)
      .set({ votesCount: sql`${pollChoices.votesCount} + ${delta}` })
      .where(eq(pollChoices.id, id));
  }
}

const ballotOf = (pollId: number, memberId: number) =>
  and(eq(pollBallots.pollId, pollId), eq(pollBallots.userId, memberId));

/**
 * Casts the member's ballot: `choiceIds` in order of preference, checked by `admit` (if given)
 * against the poll as it stands. The (poll, member) row is created or locked before any
 * counter moves, so the same member voting twice at once still leaves every count equal to its
 * votes. Whether anything changed.
 */
export async function castBallot(
  db: Database,
  input: { pollId: number; memberId: number; choiceIds: number[]; now: Date; admit?: AdmitBallot },
): Promise<boolean> {
  const { pollId, memberId, choiceIds, now } = input;
  return db.transaction(async (tx) => {
    if (!(await openBallotBox(tx, pollId, input.admit))) return false;
    const [first] = await tx
      .insert(pollBallots)
      .values({ pollId, userId: memberId, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ pollId: pollBallots.pollId });
    const mine = and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, memberId));
    if (!first) {
      await tx
        .select({ pollId: pollBallots.pollId })
        .from(pollBallots)
        .where(ballotOf(pollId, memberId))
        .for('update');
    }
    const before = first
      ? []
      : await tx
          .select({ choiceId: pollVotes.choiceId, rank: pollVotes.rank })
          .from(pollVotes)
          .where(mine);
    const rankOf = new Map(before.map((vote) => [vote.choiceId, vote.rank]));
    const unchanged =
      before.length === choiceIds.length && choiceIds.every((id, rank) => rankOf.get(id) === rank);
    if (unchanged) return false;

    const chosen = new Set(choiceIds);
    const moves = new Map<number, number>();
    for (const { choiceId } of before) if (!chosen.has(choiceId)) moves.set(choiceId, -1);
    for (const id of choiceIds) if (!rankOf.has(id)) moves.set(id, 1);
    await tx.delete(pollVotes).where(mine);
    await tx
      .insert(pollVotes)
      .values(choiceIds.map((choiceId, rank) => ({ pollId, userId: memberId, choiceId, rank })));
    if (!first) {
      await tx.update(pollBallots).set({ updatedAt: now }).where(ballotOf(pollId, memberId));
    } else {
      await tx
        .update(polls)
        .set({ votersCount: sql`${polls.votersCount} + 1` })
        .where(eq(polls.id, pollId));
    }
    await moveCounters(tx, moves);
    return true;
  });
}

/**
 * Withdraws the member's ballot, checked by `admit` as a vote is, taking the same locks in the
 * same order as `castBallot`. Whether there was one.
 */
export async function withdrawBallot(
  db: Database,
  input: { pollId: number; memberId: number; admit?: AdmitBallot },
): Promise<boolean> {
  const { pollId, memberId } = input;
  return db.transaction(async (tx) => {
    if (!(await openBallotBox(tx, pollId, input.admit))) return false;
    const [ballot] = await tx
      .select({ pollId: pollBallots.pollId })
      .from(pollBallots)
      .where(ballotOf(pollId, memberId))
      .for('update');
    if (!ballot) return false;
    const votes = await tx
      .select({ choiceId: pollVotes.choiceId })
      .from(pollVotes)
      .where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, memberId)));
    // Its votes go with it (`poll_votes_ballot_fk` cascades).
    await tx.delete(pollBallots).where(ballotOf(pollId, memberId));
    await tx
      .update(polls)
      .set({ votersCount: sql`${polls.votersCount} - 1` })
      .where(eq(polls.id, pollId));
    await moveCounters(tx, new Map(votes.map(({ choiceId }) => [choiceId, -1])));
    return true;
  });
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
