import { expect, test } from '../../support/test';
import { QUIZ_MESSAGES } from '@agora/shared';
import type { CreateQuiz, Quiz } from '@agora/shared';
import type { APIRequestContext } from '@playwright/test';
import { browse } from '../../support/browsing';
import { asMember, createVerifiedMember } from '../../support/members';
import type { Member } from '../../support/members';
import { watchProblems } from '../../support/page-watch';

const LIMIT_SECONDS = 5;

async function createTimedQuiz(request: APIRequestContext, author: Member): Promise<Quiz> {
  const quiz: CreateQuiz = {
    question: `How many continents are there, by the usual count? (${Date.now().toString(36)})`,
    explanation: 'Africa, Antarctica, Asia, Australia, Europe, North and South America.',
    answers: [
      { text: 'Five', correct: false },
      { text: 'Seven', correct: true },
      { text: 'Nine', correct: false },
    ],
    timeLimitSeconds: LIMIT_SECONDS,
    tags: ['geography'],
  };
  const response = await request.post('/api/forums/quizs/', { ...asMember(author), data: quiz });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Quiz;
}

test('a timed quiz: Start shows the answers and the time bar, an answer in time is graded', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const [author, player] = await Promise.all([
    createVerifiedMember(request, 'timedasker'),
    createVerifiedMember(request, 'timedplayer'),
  ]);
  const quiz = await createTimedQuiz(request, author);

  const b = await browse(browser, player);
  const problems = watchProblems(b);
  await b.goto(`/quizzes/${quiz.id}`);
  const card = b.getByRole('article', { name: quiz.question });
  await expect(card.getByLabel('Time limit: 5 seconds')).toBeVisible();
  // The answers are not on the page until the clock starts.
  await expect(card.getByRole('button', { name: 'Seven', exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: 'Start (5 seconds)' }).click();
  await expect(card.getByRole('progressbar', { name: 'Time left' })).toBeVisible();
  await card.getByRole('button', { name: 'Seven', exact: true }).click();
  await expect(card.getByRole('status')).toHaveText('Correct! Well done.');
  await expect(card.getByRole('progressbar', { name: 'Time left' })).toHaveCount(0);
  await expect(card.getByRole('listitem').filter({ hasText: 'Seven' })).toContainText(
    'Your answer · correct',
  );
  await expect(card.getByRole('region', { name: 'Explanation' })).toContainText('Antarctica');

  expect(problems.problems).toEqual([]);
  await b.context().close();
});

test('a timed quiz: once the time is up the answers are disabled and the server refuses a late one', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const [author, player] = await Promise.all([
    createVerifiedMember(request, 'lateasker'),
    createVerifiedMember(request, 'lateplayer'),
  ]);
  const quiz = await createTimedQuiz(request, author);

  const b = await browse(browser, player);
  const problems = watchProblems(b);
  await b.goto(`/quizzes/${quiz.id}`);
  const card = b.getByRole('article', { name: quiz.question });
  await card.getByRole('button', { name: 'Start (5 seconds)' }).click();
  await expect(card.getByRole('progressbar', { name: 'Time left' })).toBeVisible();
  await expect(card.getByRole('status')).toHaveText(
    'Time is up. Answers after the time limit do not count.',
    { timeout: (LIMIT_SECONDS + 5) * 1000 },
  );
  await expect(card.getByRole('progressbar', { name: 'Time left' })).toHaveCount(0);
  for (const text of ['Five', 'Seven', 'Nine']) {
    await expect(card.getByRole('button', { name: text, exact: true })).toBeDisabled();
  }

  const started = (await (
    await b.request.get(`/api/forums/quizs/${quiz.id}/`, asMember(player))
  ).json()) as Quiz;
  const seven = started.answers.find((answer) => answer.text === 'Seven');
  // The server allows ANSWER_GRACE_MS (2 s) after the deadline for the click's trip; then it is late.
  const lateFrom = new Date(started.deadline ?? 0).getTime() + 2_000 + 500;
  await b.waitForTimeout(Math.max(0, lateFrom - Date.now()));
  const late = await b.request.post('/api/forums/quizs-answer/', {
    ...asMember(player),
    data: { quiz: quiz.id, answers: [seven?.id] },
  });
  expect(late.ok()).toBe(false);
  expect(JSON.stringify(await late.json())).toContain(QUIZ_MESSAGES.late);

  expect(problems.problems).toEqual([]);
  await b.context().close();
});
