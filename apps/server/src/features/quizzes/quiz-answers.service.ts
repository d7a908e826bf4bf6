import {
  QUIZ_MESSAGES,
  type QuizAnswerInput,
  type QuizRecord,
  type QuizReveal,
} from '@agora/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import {
  CONTENT_EVENTS,
  type ContentContext,
  type CountsChangedEvent,
} from '../../platform/content';
import { AppError } from '../../platform/errors';
import { canSeeQuiz, deadlineOf, revealOf } from './quizzes.disclosure';
import { loadQuizzes, type QuizView } from './quizzes.loader';
import { presentRecord } from './quizzes.presenter';
import { requirePlayable } from './quizzes.service';
import { quizAnswers, quizAttempts, quizRecords, quizzes } from './quizzes.tables';

/**
 * How late an answer to a timed quiz may arrive and still count: the member's click and the
 * request's trip to the server take time the member did not choose. Two seconds covers a slow
 * mobile network without giving a useful extra look at the question.
 */
export const ANSWER_GRACE_MS = 2_000;

/** A graded attempt: the result, the reveal and the member's record after it. */
export interface GradedAnswer {
  correct: boolean;
  reveal: QuizReveal;
  record: QuizRecord;
  quiz: QuizView;
}

const sameSet = (chosen: number[], correct: number[]) =>
  chosen.length === correct.length && correct.every((id) => chosen.includes(id));

/**
 * The viewer's one attempt at a quiz, graded here. In one transaction: the quiz row shared
 * (an edit of its answers waits), the member's attempt row locked (a second answer, also a
 * concurrent one, finds it answered), then the attempt, the quiz's counters and the member's
 * record move together.
 *
 * A timed quiz must have been started (`start/`) and is answered by its deadline plus
 * ANSWER_GRACE_MS. A late answer is refused, and the attempt is recorded as answered and
 * incorrect so that it cannot be tried again with the question now known.
 */
export async function answerQuiz(
  ctx: ContentContext,
  viewer: Viewer,
  input: QuizAnswerInput,
): Promise<GradedAnswer> {
  const now = ctx.now();
  const graded = await ctx.events.transaction(async (tx, events) => {
    // `key share`: answering members do not wait for one another here; the counter update
    // below queues them on the row only for its own statement.
    const [quiz] = await tx
      .select({
        authorId: quizzes.authorId,
        status: quizzes.status,
        multiple: quizzes.multiple,
        timeLimitSeconds: quizzes.timeLimitSeconds,
        closesAt: quizzes.closesAt,
        explanation: quizzes.explanation,
      })
      .from(quizzes)
      .where(eq(quizzes.id, input.quiz))
      .for('key share');
    if (!quiz || !canSeeQuiz(quiz, viewer)) {
      throw AppError.fields({ quiz: [QUIZ_MESSAGES.notFound] });
    }
    const answers = await tx
      .select({ id: quizAnswers.id, text: quizAnswers.text, correct: quizAnswers.correct })
      .from(quizAnswers)
      .where(eq(quizAnswers.quizId, input.quiz))
      .orderBy(asc(quizAnswers.position));
    if (input.answers.some((id) => !answers.some((answer) => answer.id === id))) {
      throw AppError.fields({ answers: ['Choose among the answers this quiz offers.'] });
    }
    if (!quiz.multiple && input.answers.length > 1) {
      throw AppError.fields({ answers: ['Choose one answer.'] });
    }
    requirePlayable(quiz, viewer, now);

    const mine = and(eq(quizAttempts.quizId, input.quiz), eq(quizAttempts.userId, viewer.id));
    // An untimed attempt starts as it is answered; a concurrent second answer waits here for
    // the first to commit, then finds its row answered.
    if (quiz.timeLimitSeconds === null) {
      await tx
        .insert(quizAttempts)
        .values({ quizId: input.quiz, userId: viewer.id, startedAt: now })
        .onConflictDoNothing();
    }
    const [attempt] = await tx
      .select({ startedAt: quizAttempts.startedAt, answeredAt: quizAttempts.answeredAt })
      .from(quizAttempts)
      .where(mine)
      .for('update');
    if (!attempt) throw new AppError('validation', QUIZ_MESSAGES.notStarted);
    if (attempt.answeredAt) throw new AppError('conflict', QUIZ_MESSAGES.answered);
    const late =
      quiz.timeLimitSeconds !== null &&
      now.getTime() >
        deadlineOf(attempt.startedAt, quiz.timeLimitSeconds).getTime() + ANSWER_GRACE_MS;
    const reveal = revealOf(quiz, answers);
    const correct = !late && sameSet(input.answers, reveal.correctAnswers);

    await tx
      .update(quizAttempts)
      .set({ answeredAt: now, chosen: input.answers, correct })
      .where(mine);
    await tx
      .update(quizzes)
      .set({
        attemptsCount: sql`${quizzes.attemptsCount} + 1`,
        correctCount: sql`${quizzes.correctCount} + ${correct ? 1 : 0}`,
      })
      .where(eq(quizzes.id, input.quiz));
    const streak = correct ? sql`${quizRecords.currentStreak} + 1` : sql`0`;
    const [record] = await tx
      .insert(quizRecords)
      .values({
        userId: viewer.id,
        answered: 1,
        correct: correct ? 1 : 0,
        currentStreak: correct ? 1 : 0,
        bestStreak: correct ? 1 : 0,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: quizRecords.userId,
        set: {
          answered: sql`${quizRecords.answered} + 1`,
          correct: sql`${quizRecords.correct} + ${correct ? 1 : 0}`,
          currentStreak: streak,
          bestStreak: sql`greatest(${quizRecords.bestStreak}, ${streak})`,
          updatedAt: now,
        },
      })
      .returning({
        answered: quizRecords.answered,
        correct: quizRecords.correct,
        currentStreak: quizRecords.currentStreak,
        bestStreak: quizRecords.bestStreak,
      });
    events.add(CONTENT_EVENTS.countsChanged, {
      target: { model: 'quiz', id: input.quiz },
    } satisfies CountsChangedEvent);
    return { late, correct, reveal, record: presentRecord(record) };
  });
  // Committed: the late attempt stands as answered and incorrect.
  if (graded.late) throw new AppError('validation', QUIZ_MESSAGES.late);
  const [quiz] = await loadQuizzes(ctx, viewer, [input.quiz], false);
  if (!quiz) throw new AppError('not_found', QUIZ_MESSAGES.notFound);
  return { correct: graded.correct, reveal: graded.reveal, record: graded.record, quiz };
}

/**
 * The correct answers and the explanation, once the viewer may see them: after answering, to
 * the author, and to everyone once the quiz closed. A signed-out visitor of an open quiz is
 * asked to sign in (401), a member who has not answered is refused (403).
 */
export async function correctAnswer(
  ctx: ContentContext,
  viewer: Viewer | null,
  id: number,
): Promise<QuizReveal> {
  const [view] = await loadQuizzes(ctx, viewer, [id], false);
  if (!view || !canSeeQuiz(view.row, viewer)) {
    throw new AppError('not_found', QUIZ_MESSAGES.notFound);
  }
  if (view.reveal) return view.reveal;
  if (!viewer) throw new AppError('unauthenticated');
  throw new AppError('forbidden', QUIZ_MESSAGES.answerFirst);
}
