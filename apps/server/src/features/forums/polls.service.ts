import { eq } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import { CONTENT_EVENTS, type VotedEvent } from '../../platform/content';
import { AppError } from '../../platform/errors';
import { castBallot, findChoice, type PollChoiceView } from '../polls';
import { pollChoicesOf } from './discussions.loader';
import type { ForumsContext } from './forums.context';
import { discussions } from './forums.tables';

/**
 * Votes for a choice of a published discussion's poll; voting again moves the vote (the polls
 * module keeps one ballot per member and every count equal to its votes).
 */
export async function vote(
  ctx: ForumsContext,
  viewer: Viewer,
  choiceId: number,
): Promise<PollChoiceView[]> {
  const choice = await findChoice(ctx.db, choiceId);
  const discussion =
    choice?.model === 'forum'
      ? await ctx.content.kind('forum').findLive(ctx.db, choice.objectId)
      : undefined;
  if (!choice || !discussion) {
    throw AppError.fields({ choice: ['This poll choice does not exist.'] });
  }
  await ctx.events.transaction(async (tx, events) => {
    const changed = await castBallot(tx, {
      pollId: choice.pollId,
      memberId: viewer.id,
      choiceIds: [choiceId],
      now: ctx.now(),
    });
    if (changed) {
      events.add(CONTENT_EVENTS.voted, {
        actorId: viewer.id,
        ownerId: discussion.ownerId,
        target: discussion.ref,
        title: discussion.title,
      } satisfies VotedEvent);
    }
  });
  const [poll] = await ctx.db
    .select({ choices: pollChoicesOf(viewer.id) })
    .from(discussions)
    .where(eq(discussions.id, choice.objectId));
  return poll?.choices ?? [];
}
