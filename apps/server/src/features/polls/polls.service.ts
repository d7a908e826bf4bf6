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

/** Creates the content's poll with its choices, in the caller's transaction. */
export async function createPoll(
  tx: Database,
  host: PollHost,
  choices: string[],
  now: Date,
): Promise<number> {
  const [poll] = await tx
    .insert(polls)
    .values({ ...host, createdAt: now })
    .returning({ id: polls.id });
  if (!poll) throw new Error('insert returned no row');
  await tx
    .insert(pollChoices)
    .values(choices.map((text, position) => ({ pollId: poll.id, position, text })));
  return poll.id;
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

/**
 * Casts the member's ballot: `choiceIds` in order of preference. The (poll, member) row is
 * created or locked before any counter moves, so the same member voting twice at once still
 * leaves every count equal to its votes; counters move in choice-id order, so members moving
 * votes in opposite directions never deadlock. Whether anything changed.
 */
export async function castBallot(
  db: Database,
  input: { pollId: number; memberId: number; choiceIds: number[]; now: Date },
): Promise<boolean> {
  const { pollId, memberId, choiceIds, now } = input;
  return db.transaction(async (tx) => {
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
        .where(and(eq(pollBallots.pollId, pollId), eq(pollBallots.userId, memberId)))
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
      await tx
        .update(pollBallots)
        .set({ updatedAt: now })
        .where(and(eq(pollBallots.pollId, pollId), eq(pollBallots.userId, memberId)));
    } else {
      await tx
        .update(polls)
        .set({ votersCount: sql`${polls.votersCount} + 1` })
        .where(eq(polls.id, pollId));
    }
    for (const [id, delta] of [...moves].sort(([a], [b]) => a - b)) {
      await tx
        .update(pollChoices)
        .set({ votesCount: sql`${pollChoices.votesCount} + ${delta}` })
        .where(eq(pollChoices.id, id));
    }
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
