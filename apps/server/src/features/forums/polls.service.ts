import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import { pollChoicesOf, type PollChoiceView } from './discussions.loader';
import type { Viewer } from '../../platform/auth';
import type { ForumsContext } from './forums.context';
import { CONTENT_EVENTS, type VotedEvent } from '../../platform/content';
import { discussions, isPublished, pollChoices, pollVotes } from './forums.tables';

/**
 * Votes for a choice of a published discussion's poll; voting again moves the vote. The
 * (discussion, member) row is created or locked before any counter moves, so even the same
 * member voting twice at once leaves every votesCount equal to its votes.
 */
export async function vote(
  ctx: ForumsContext,
  viewer: Viewer,
  choiceId: number,
): Promise<PollChoiceView[]> {
  const [choice] = await ctx.db
    .select({
      discussionId: pollChoices.discussionId,
      ownerId: discussions.authorId,
      title: discussions.title,
    })
    .from(pollChoices)
    .innerJoin(discussions, eq(discussions.id, pollChoices.discussionId))
    .where(and(eq(pollChoices.id, choiceId), isPublished));
  if (!choice) throw AppError.fields({ choice: ['This poll choice does not exist.'] });
  const { discussionId } = choice;

  const changed = await ctx.db.transaction(async (tx) => {
    const addVote = (id: number, delta: number) =>
      tx
        .update(pollChoices)
        .set({ votesCount: sql`${pollChoices.votesCount} + ${delta}` })
        .where(eq(pollChoices.id, id));
    const [first] = await tx
      .insert(pollVotes)
      .values({ discussionId, userId: viewer.id, choiceId, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ choiceId: pollVotes.choiceId });
    if (first) {
      await addVote(choiceId, 1);
      return true;
    }
    const mine = and(eq(pollVotes.discussionId, discussionId), eq(pollVotes.userId, viewer.id));
    const [previous] = await tx
      .select({ choiceId: pollVotes.choiceId })
      .from(pollVotes)
      .where(mine)
      .for('update');
    if (!previous || previous.choiceId === choiceId) return false;
    await tx.update(pollVotes).set({ choiceId, createdAt: ctx.now() }).where(mine);
    // Lower id first: two members moving votes in opposite directions must not deadlock.
    const moves: [number, number][] = [
      [previous.choiceId, -1],
      [choiceId, 1],
    ];
    for (const [id, delta] of moves.sort(([a], [b]) => a - b)) await addVote(id, delta);
    return true;
  });

  if (changed) {
    await ctx.publish(CONTENT_EVENTS.voted, {
      actorId: viewer.id,
      ownerId: choice.ownerId,
      target: { model: 'forum', id: discussionId, host: null, parentId: null },
      title: choice.title,
    } satisfies VotedEvent);
  }
  const [poll] = await ctx.db
    .select({ choices: pollChoicesOf(viewer.id) })
    .from(discussions)
    .where(eq(discussions.id, discussionId));
  return poll?.choices ?? [];
}
