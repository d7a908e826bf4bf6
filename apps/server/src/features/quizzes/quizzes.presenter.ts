import type { Quiz, QuizRecord } from '@agora/shared';
import type { QuizView } from './quizzes.loader';

/**
 * A quiz in its API shape. The view already holds only what the viewer may see (`disclose`):
 * answers without correctness, the reveal only when allowed.
 */
export function presentQuiz(view: QuizView): Quiz {
  const { row } = view;
  return {
    id: row.id,
    question: row.question,
    tags: row.tagNames,
    status: row.status,
    author: view.author,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    multiple: row.multiple,
    timeLimitSeconds: row.timeLimitSeconds,
    closesAt: row.closesAt?.toISOString() ?? null,
    isClosed: view.isClosed,
    answers: view.answers,
    answersHidden: view.answersHidden,
    startedAt: view.startedAt?.toISOString() ?? null,
    deadline: view.deadline?.toISOString() ?? null,
    attemptsCount: row.attemptsCount,
    correctCount: row.correctCount,
    myAttempt: view.myAttempt,
    reveal: view.reveal,
    answersEditable: !view.anyAttempt,
    votesCount: row.votesCount,
    isVoted: view.isVoted,
    likesCount: row.likesCount,
    commentsCount: row.commentsCount,
    isLiked: view.isLiked,
    isBookmarked: view.isBookmarked,
  };
}

/** A member's record, zeros for one who never answered. */
export function presentRecord(
  row: { answered: number; correct: number; currentStreak: number; bestStreak: number } | undefined,
): QuizRecord {
  return {
    answered: row?.answered ?? 0,
    correct: row?.correct ?? 0,
    currentStreak: row?.currentStreak ?? 0,
    bestStreak: row?.bestStreak ?? 0,
  };
}
