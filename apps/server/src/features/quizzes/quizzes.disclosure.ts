import type { QuizAnswer, QuizAttempt, QuizReveal } from '@agora/shared';
import { sql } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import { quizzes } from './quizzes.tables';

/**
 * What a viewer may see of a quiz. Every answer the API gives about a quiz goes through
 * `disclose`, so the rule that keeps correct answers and the explanation on the server until
 * the viewer may see them is written once, here.
 */

/** A quiz members can act on: published (neither draft, archived nor hidden). */
export const isPublished = sql`${quizzes.status} = 'published'`;

/** Published and archived quizzes are public; drafts only their author's; hidden also staff's. */
export function canSeeQuiz(row: { status: string; authorId: number }, viewer: Viewer | null) {
  if (row.status === 'published' || row.status === 'archived') return true;
  if (row.authorId === viewer?.id) return true;
  return row.status === 'hidden' && viewer?.isStaff === true;
}

/** An answer as stored: whether it is correct stays on the server. */
export interface StoredAnswer {
  id: number;
  text: string;
  correct: boolean;
}

/** The viewer's attempt row, if any. */
export interface StoredAttempt {
  startedAt: Date;
  answeredAt: Date | null;
  chosen: number[] | null;
  correct: boolean | null;
}

/** A quiz's own columns that decide what may be shown. */
export interface DisclosedQuiz {
  authorId: number;
  timeLimitSeconds: number | null;
  closesAt: Date | null;
  explanation: string;
}

/** What the viewer may see of a quiz's answers, their attempt and its grading. */
export interface Disclosure {
  isClosed: boolean;
  /** Empty while `answersHidden`; never with their correctness. */
  answers: QuizAnswer[];
  answersHidden: boolean;
  startedAt: Date | null;
  deadline: Date | null;
  myAttempt: QuizAttempt | null;
  /** Only once the viewer answered, to the author, and after the quiz closed. */
  reveal: QuizReveal | null;
}

export const isClosedAt = (closesAt: Date | null, now: Date) =>
  closesAt !== null && closesAt.getTime() <= now.getTime();

/** When a timed attempt started at `startedAt` must be answered by (before the network grace). */
export const deadlineOf = (startedAt: Date, timeLimitSeconds: number) =>
  new Date(startedAt.getTime() + timeLimitSeconds * 1000);

/** The correct answers and the explanation: for `reveal`, `correct_answer/` and a graded attempt. */
export const revealOf = (quiz: { explanation: string }, answers: StoredAnswer[]): QuizReveal => ({
  correctAnswers: answers.filter((answer) => answer.correct).map((answer) => answer.id),
  explanation: quiz.explanation,
});

/**
 * The reveal is allowed to the author, to a member who answered, and to everyone once the quiz
 * closed. A timed quiz's answers are shown to a member only once they started it (the clock
 * runs from there), to its author, and once it closed; an untimed quiz's always.
 */
export function mayReveal(
  quiz: Pick<DisclosedQuiz, 'authorId' | 'closesAt'>,
  attempt: Pick<StoredAttempt, 'answeredAt'> | null,
  viewerId: number | null,
  now: Date,
): boolean {
  return (
    quiz.authorId === viewerId || attempt?.answeredAt != null || isClosedAt(quiz.closesAt, now)
  );
}

export function disclose(
  quiz: DisclosedQuiz,
  answers: StoredAnswer[],
  attempt: StoredAttempt | null,
  viewerId: number | null,
  now: Date,
): Disclosure {
  const isClosed = isClosedAt(quiz.closesAt, now);
  const isAuthor = quiz.authorId === viewerId;
  const answersShown = quiz.timeLimitSeconds === null || isAuthor || attempt !== null || isClosed;
  return {
    isClosed,
    answers: answersShown ? answers.map((answer) => ({ id: answer.id, text: answer.text })) : [],
    answersHidden: !answersShown,
    startedAt: attempt && quiz.timeLimitSeconds !== null ? attempt.startedAt : null,
    deadline:
      attempt && quiz.timeLimitSeconds !== null
        ? deadlineOf(attempt.startedAt, quiz.timeLimitSeconds)
        : null,
    myAttempt: attempt?.answeredAt
      ? {
          chosen: attempt.chosen ?? [],
          correct: attempt.correct === true,
          answeredAt: attempt.answeredAt.toISOString(),
        }
      : null,
    reveal: mayReveal(quiz, attempt, viewerId, now) ? revealOf(quiz, answers) : null,
  };
}
