import type { CreateQuiz, Quiz } from '@agora/shared';
import { expect } from 'vitest';
import type { Member } from './accounts';
import type { TestApp } from './build-app';
import { as, countRows } from './forums';

/**
 * Quiz helpers for tests: quizzes made through the API, and the quiz tables' row counts to check
 * that a refused request wrote nothing.
 *
 *   const quiz = await postQuiz(t, ada, { timeLimitSeconds: 30 });
 *   // The author's copy carries the reveal: the right answers' ids.
 *   const right = quiz.reveal?.correctAnswers;
 */

/** What every test quiz explains: searched for in raw responses to prove it did not leak. */
export const EXPLANATION = 'Because Canberra was purpose-built as a compromise capital.';

let questions = 0;

export async function postQuiz(
  t: TestApp,
  member: Member,
  fields: Partial<CreateQuiz> = {},
): Promise<Quiz> {
  questions += 1;
  const response = await as(t, member).post('/api/forums/quizs/', {
    question: `What is the capital of Australia? (${questions})`,
    explanation: EXPLANATION,
    answers: [
      { text: 'Sydney', correct: false },
      { text: 'Canberra', correct: true },
      { text: 'Melbourne', correct: false },
    ],
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Quiz>();
}

/** Row counts of every quiz table, to compare before and after a refused request. */
export async function quizRowCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['quizzes', 'quiz_answers', 'quiz_attempts', 'quiz_votes', 'quiz_records']) {
    counts[table] = await countRows(t, table);
  }
  return counts;
}
