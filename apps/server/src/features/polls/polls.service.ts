import type { PollResultsVisibility, PollType, PollVotersVisibility } from '@agora/shared';
import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ContentCleaner } from '../../platform/content';
import type { Database } from '../../platform/db';
import { pollBallots, pollChoices, pollRankings, polls, pollVotes } from './polls.tables';

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

/** The poll, as a change of one member's ballot finds it once its row is locked. */
interface OpenBox {
  box: BallotBox;
  /** The member's ballot, most preferred first; null without one. */
  before: number[] | null;
}

/** A bigint[] parameter; node-postgres gives bigint arrays back as text, PGlite as numbers. */
const bigints = (ids: number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;
const toIds = (ids: (string | number)[] | null) => (ids === null ? null : ids.map(Number));

/**
 * Locks the poll's row for the rest of the transaction, then reads its rules, its choices and
 * the member's ballot. Every change of ballots starts here, so the changes of one poll's
 * ballots, choice counters and rankings are serialised by this lock and never deadlock.
 * `for no key update` is the lock the voters' count update takes anyway (no upgrade), while
 * editing or deleting the poll (`for update`) waits for the ballots in flight and they for it.
 * The second read comes after the lock, so it sees what the ballot before it committed.
 */
async function openBallotBox(
  tx: Database,
  pollId: number,
  memberId: number,
): Promise<OpenBox | undefined> {
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
  if (!rules) return undefined;
  const { rows } = await tx.execute<{
    choice_ids: (string | number)[] | null;
    before: (string | number)[] | null;
  }>(sql`select
    (select array_agg(${pollChoices.id} order by ${pollChoices.position})
      from ${pollChoices} where ${pollChoices.pollId} = ${pollId}) as choice_ids,
    (select array_agg(${pollVotes.choiceId} order by ${pollVotes.rank})
      from ${pollVotes} where ${pollVotes.pollId} = ${pollId} and ${pollVotes.userId} = ${memberId}
    ) as before`);
  return {
    box: { ...rules, choiceIds: toIds(rows[0]?.choice_ids ?? null) ?? [] },
    before: toIds(rows[0]?.before ?? null),
  };
}

/** How a change of ballot moves the choices' counters: +1 for chosen, −1 for dropped. */
function counterMoves(before: number[], after: number[]): { ids: number[]; deltas: number[] } {
  const moves = new Map<number, number>();
  for (const id of before) moves.set(id, -1);
  for (const id of after) moves.set(id, (moves.get(id) ?? 0) + 1);
  const changed = [...moves].filter(([, delta]) => delta !== 0);
  return { ids: changed.map(([id]) => id), deltas: changed.map(([, delta]) => delta) };
}

/**
 * The counters a ballot change moves, as parts of one statement: the choices', the poll's
 * voters (`voters` −1, 0 or +1) and, for a ranked poll, the old and new rankings'.
 */
function counterUpdates(
  pollId: number,
  type: PollType,
  change: { before: number[] | null; after: number[] | null },
): SQL[] {
  const { ids, deltas } = counterMoves(change.before ?? [], change.after ?? []);
  const voters = (change.after ? 1 : 0) - (change.before ? 1 : 0);
  const parts: SQL[] = [];
  if (ids.length > 0) {
    parts.push(sql`update ${pollChoices} set votes_count = ${pollChoices.votesCount} + m.delta
      from unnest(${bigints(ids)}, ${`{${deltas.join(',')}}`}::int[]) as m(id, delta)
      where ${pollChoices.id} = m.id`);
  }
  if (voters !== 0) {
    parts.push(sql`update ${polls} set voters_count = ${polls.votersCount} + ${voters}
      where ${polls.id} = ${pollId}`);
  }
  if (type === 'ranked' && change.before) {
    parts.push(sql`update ${pollRankings} set ballots = ${pollRankings.ballots} - 1
      where ${pollRankings.pollId} = ${pollId} and ${pollRankings.ranking} = ${change.before.join(',')}`);
  }
  if (type === 'ranked' && change.after) {
    parts.push(sql`insert into ${pollRankings} (poll_id, ranking, ballots)
      values (${pollId}, ${change.after.join(',')}, 1)
      on conflict (poll_id, ranking) do update set ballots = ${pollRankings.ballots} + 1`);
  }
  return parts;
}

/**
 * Runs these writes as one statement (data-modifying CTEs): one round trip for a whole ballot
 * change. They touch distinct rows, and foreign keys are checked at the statement's end, so a
 * new ballot and its votes may be written together.
 */
async function writeAll(tx: Database, writes: SQL[]): Promise<void> {
  const [last, ...others] = writes.reverse();
  if (!last) return;
  const ctes = others.map((write, index) => sql`${sql.raw(`w${index}`)} as (${write})`);
  await tx.execute(ctes.length === 0 ? last : sql`with ${sql.join(ctes, sql`, `)} ${last}`);
}

/**
 * Casts the member's ballot: `choiceIds` in order of preference, checked by `admit` (if given)
 * against the poll as it stands. Counters move in the same transaction, under the poll's lock,
 * so every count stays equal to its votes however many members vote at once. Whether anything
 * changed.
 */
export async function castBallot(
  db: Database,
  input: { pollId: number; memberId: number; choiceIds: number[]; now: Date; admit?: AdmitBallot },
): Promise<boolean> {
  const { pollId, memberId, choiceIds, now } = input;
  return db.transaction(async (tx) => {
    const open = await openBallotBox(tx, pollId, memberId);
    if (!open) return false;
    input.admit?.(open.box);
    const { before } = open;
    const unchanged =
      before !== null &&
      before.length === choiceIds.length &&
      choiceIds.every((id, rank) => before[rank] === id);
    if (unchanged) return false;
    const mine = sql`${pollVotes.pollId} = ${pollId} and ${pollVotes.userId} = ${memberId}`;
    const at = sql`${now.toISOString()}::timestamptz`;
    await writeAll(tx, [
      sql`insert into ${pollBallots} (poll_id, user_id, created_at, updated_at)
        values (${pollId}, ${memberId}, ${at}, ${at})
        on conflict (poll_id, user_id) do update set updated_at = excluded.updated_at`,
      sql`delete from ${pollVotes} where ${mine} and ${pollVotes.choiceId} <> all(${bigints(choiceIds)})`,
      sql`insert into ${pollVotes} (poll_id, user_id, choice_id, rank)
        select ${pollId}, ${memberId}, choice.id, choice.place - 1
        from unnest(${bigints(choiceIds)}) with ordinality as choice(id, place)
        on conflict (poll_id, user_id, choice_id) do update set rank = excluded.rank`,
      ...counterUpdates(pollId, open.box.type, { before, after: choiceIds }),
    ]);
    return true;
  });
}

/**
 * Withdraws the member's ballot, checked by `admit` as a vote is, under the same lock as
 * `castBallot`. Whether there was one.
 */
export async function withdrawBallot(
  db: Database,
  input: { pollId: number; memberId: number; admit?: AdmitBallot },
): Promise<boolean> {
  const { pollId, memberId } = input;
  return db.transaction(async (tx) => {
    const open = await openBallotBox(tx, pollId, memberId);
    if (!open) return false;
    input.admit?.(open.box);
    if (open.before === null) return false;
    await writeAll(tx, [
      // Its votes go with it (`poll_votes_ballot_fk` cascades).
      sql`delete from ${pollBallots}
        where ${pollBallots.pollId} = ${pollId} and ${pollBallots.userId} = ${memberId}`,
      ...counterUpdates(pollId, open.box.type, { before: open.before, after: null }),
    ]);
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
