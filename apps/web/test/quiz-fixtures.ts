import type { Quiz, QuizAnswerResult } from '@agora/shared';

/** Shared set-up for the quiz pages' tests: a quiz and a graded answer, as the API sends them. */

const WRITTEN_AT = '2026-03-01T10:00:00.000Z';

export function quizOf(overrides: Partial<Quiz> = {}): Quiz {
  return {
    id: 1,
    question: 'Which city is the capital of France?',
    tags: ['geography'],
    status: 'published',
    author: { id: 99, username: 'grace', avatar: null },
    createdAt: WRITTEN_AT,
    updatedAt: WRITTEN_AT,
    editedAt: null,
    multiple: false,
    timeLimitSeconds: null,
    closesAt: null,
    isClosed: false,
    answers: [
      { id: 11, text: 'Lyon' },
      { id: 12, text: 'Paris' },
      { id: 13, text: 'Marseille' },
    ],
    answersHidden: false,
    startedAt: null,
    deadline: null,
    attemptsCount: 0,
    correctCount: 0,
    myAttempt: null,
    reveal: null,
    answersEditable: true,
    votesCount: 0,
    isVoted: false,
    likesCount: 0,
    commentsCount: 0,
    isLiked: false,
    isBookmarked: false,
    ...overrides,
  };
}

/** What `quizs-answer/` answers: the verdict, the reveal, the record and the quiz after it. */
export function answerResultOf(
  quiz: Quiz,
  chosen: number[],
  correctAnswers: number[],
  correct: boolean,
  streak = { currentStreak: correct ? 1 : 0, bestStreak: 1 },
): QuizAnswerResult {
  const explanation = 'Paris has been the capital **since 987**.';
  return {
    correct,
    correctAnswers,
    explanation,
    record: { answered: 4, correct: 3, ...streak },
    quiz: {
      ...quiz,
      attemptsCount: quiz.attemptsCount + 1,
      correctCount: quiz.correctCount + (correct ? 1 : 0),
      myAttempt: { chosen, correct, answeredAt: '2026-03-02T10:00:00.000Z' },
      reveal: { correctAnswers, explanation },
    },
  };
}
