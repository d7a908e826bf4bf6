import { QUIZ_MESSAGES, type QuizVoteResult } from '@agora/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import {
  CONTENT_EVENTS,
  type ContentContext,
  type CountsChangedEvent,
} from '../../platform/content';
import { AppError } from '../../platform/errors';
import { canSeeQuiz, isPublished } from './quizzes.disclosure';
import { quizVotes, quizzes } from './quizzes.tables';

const notVotable = () => AppError.fields({ id: ['Only a published quiz can be up-voted.'] });

/**
 * Up-votes a good quiz, or takes the up-vote back: the (quiz, member) primary key decides which,
 * and `votes_count` moves in the same transaction by one UPDATE, so concurrent votes never lose
 * a count. Only published quizzes take votes (not drafts, archived or hidden ones).
 */
export async function toggleQuizVote(
  ctx: ContentContext,
  viewer: Viewer,
  id: number,
): Promise<QuizVoteResult> {
  const [quiz] = await ctx.db
    .select({ authorId: quizzes.authorId, status: quizzes.status })
    .from(quizzes)
    .where(eq(quizzes.id, id));
  if (!quiz || !canSeeQuiz(quiz, viewer)) throw new AppError('not_found', QUIZ_MESSAGES.notFound);
  if (quiz.status !== 'published') throw notVotable();
  return ctx.events.transaction(async (tx, events) => {
    const [added] = await tx
      .insert(quizVotes)
      .values({ quizId: id, userId: viewer.id, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ quizId: quizVotes.quizId });
    const removed = added
      ? undefined
      : (
          await tx
            .delete(quizVotes)
            .where(and(eq(quizVotes.quizId, id), eq(quizVotes.userId, viewer.id)))
            .returning({ quizId: quizVotes.quizId })
        )[0];
    const delta = added ? 1 : removed ? -1 : 0;
    const [row] = await tx
      .update(quizzes)
      .set({ votesCount: sql`${quizzes.votesCount} + ${delta}` })
      .where(and(eq(quizzes.id, id), isPublished))
      .returning({ votesCount: quizzes.votesCount });
    // Hidden or deleted while we were voting: roll the vote back too.
    if (!row) throw notVotable();
    events.add(CONTENT_EVENTS.countsChanged, {
      target: { model: 'quiz', id },
    } satisfies CountsChangedEvent);
    return { voted: added !== undefined, votesCount: row.votesCount };
  });
}
