import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Quiz } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf } from '../../lib/testing/fake-server';
import type { FakeServer } from '../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';
import { page } from '../../../test/forum-fixtures';
import { answerResultOf, quizOf } from '../../../test/quiz-fixtures';

const DETAIL = '/api/forums/quizs/1/';
const ANSWER = '/api/forums/quizs-answer/';
const START = '/api/forums/quizs/1/start/';

let server: FakeServer;
let quiz: Quiz;

beforeEach(() => {
  server = fakeApi();
  quiz = quizOf();
  server.on('GET', '/auth/user/', { status: 200, data: member });
  server.on('GET', DETAIL, () => ({ status: 200, data: quiz }));
  server.on('GET', '/api/forums/comments/', page([]));
  server.on('GET', '/api/forums/quizs/leaderboard/', (request) => ({
    status: 200,
    data: { period: request.params.period, results: [] },
  }));
  server.on('GET', '/api/forums/quizs/record/ada/', {
    status: 200,
    data: { answered: 3, correct: 2, currentStreak: 2, bestStreak: 2 },
  });
});
afterEach(() => restoreHttp());

async function openQuiz() {
  const view = renderApp('/quizzes/1');
  const card = await screen.findByRole('article', { name: quiz.question });
  return { ...view, card };
}

describe('answering a quiz', () => {
  it('sends one answer on a click and shows the server’s verdict, explanation, streak and share', async () => {
    signIn();
    server.on('POST', ANSWER, () => ({
      status: 200,
      data: answerResultOf(quiz, [12], [12], true, { currentStreak: 3, bestStreak: 5 }),
    }));
    const user = userEvent.setup();
    const { card } = await openQuiz();

    // Nothing says which answer is right before the member answers.
    expect(within(card).queryByText('Correct answer')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: /Paris/ }));

    expect(await within(card).findByText('Correct! Well done.')).toBeVisible();
    expect(bodyOf(server.received('POST', ANSWER)[0])).toEqual({ quiz: 1, answers: [12] });
    expect(within(card).getByRole('status')).toHaveTextContent('Correct! Well done.');
    const paris = within(card).getByText('Paris').closest('li');
    expect(paris).toHaveTextContent('Your answer · correct');
    await waitFor(() =>
      expect(within(card).getByRole('region', { name: 'Explanation' })).toContainHTML(
        '<strong>since 987</strong>',
      ),
    );
    expect(within(card).getByText(/Your streak: 3 correct in a row\. Best: 5\./)).toBeVisible();
    expect(within(card).getByText('1 of 1 member got it right (100%).')).toBeVisible();
    expect(within(card).queryByRole('button', { name: /Lyon/ })).not.toBeInTheDocument();
  });

  it('takes several answers with "choose all that apply" and marks right, wrong and missed', async () => {
    signIn();
    quiz = quizOf({
      question: 'Which of these are prime?',
      multiple: true,
      answers: [
        { id: 21, text: 'Two' },
        { id: 22, text: 'Three' },
        { id: 23, text: 'Four' },
      ],
      attemptsCount: 3,
      correctCount: 1,
    });
    server.on('POST', ANSWER, () => ({
      status: 200,
      data: answerResultOf(quiz, [21, 23], [21, 22], false),
    }));
    const user = userEvent.setup();
    const { card } = await openQuiz();

    const submit = within(card).getByRole('button', { name: 'Submit answers' });
    expect(submit).toBeDisabled();
    await user.click(within(card).getByRole('checkbox', { name: /Two/ }));
    await user.click(within(card).getByRole('checkbox', { name: /Four/ }));
    await user.click(submit);

    expect(await within(card).findByText('Not quite. See the correct answer below.')).toBeVisible();
    expect(bodyOf(server.received('POST', ANSWER)[0])).toEqual({ quiz: 1, answers: [21, 23] });
    expect(within(card).getByText('Two').closest('li')).toHaveTextContent('Your answer · correct');
    expect(within(card).getByText('Three').closest('li')).toHaveTextContent('Correct answer');
    expect(within(card).getByText('Four').closest('li')).toHaveTextContent(
      'Your answer · incorrect',
    );
    expect(within(card).getByText('1 of 4 members got it right (25%).')).toBeVisible();
    expect(within(card).getByText(/Your streak starts again/)).toBeVisible();
  });

  it('tells a signed-out visitor to log in instead of answering', async () => {
    const user = userEvent.setup();
    const { card, router } = await openQuiz();
    await user.click(within(card).getByRole('button', { name: /Paris/ }));
    const gate = await screen.findByRole('dialog', { name: 'Log in to answer' });
    await user.click(within(gate).getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.received('POST', ANSWER)).toHaveLength(0);
  });
});

describe('a timed quiz', () => {
  const hidden = () =>
    quizOf({ timeLimitSeconds: 10, answers: [], answersHidden: true, startedAt: null });

  it('shows Start first; the answers and the time bar come with the start', async () => {
    signIn();
    quiz = hidden();
    server.on('POST', START, () => {
      const now = Date.now();
      return {
        status: 200,
        data: quizOf({
          timeLimitSeconds: 10,
          startedAt: new Date(now).toISOString(),
          deadline: new Date(now + 10_000).toISOString(),
        }),
      };
    });
    const user = userEvent.setup();
    const { card } = await openQuiz();

    expect(within(card).queryByRole('button', { name: /Paris/ })).not.toBeInTheDocument();
    expect(within(card).getByLabelText('Time limit: 10 seconds')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Start (10 seconds)' }));

    expect(await within(card).findByRole('button', { name: /Paris/ })).toBeEnabled();
    const bar = within(card).getByRole('progressbar', { name: 'Time left' });
    expect(bar.getAttribute('aria-valuetext')).toMatch(/^(10|9) seconds left$/);
    expect(server.received('POST', START)).toHaveLength(1);
  });

  it('says "Time is up" when the deadline passes and takes no more answers', async () => {
    signIn();
    const now = Date.now();
    quiz = quizOf({
      timeLimitSeconds: 10,
      // Seconds enough for the page to open on a busy machine while the time bar still runs.
      startedAt: new Date(now - 6_000).toISOString(),
      deadline: new Date(now + 4_000).toISOString(),
    });
    const { card } = await openQuiz();
    expect(within(card).getByRole('progressbar', { name: 'Time left' })).toBeVisible();

    expect(await within(card).findByText(/Time is up/, {}, { timeout: 8000 })).toBeVisible();
    expect(within(card).getByRole('status')).toHaveTextContent('Time is up');
    expect(within(card).getByRole('button', { name: /Paris/ })).toBeDisabled();
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a late answer, then the quiz as the server recorded it', async () => {
    signIn();
    const now = Date.now();
    quiz = quizOf({
      timeLimitSeconds: 10,
      startedAt: new Date(now).toISOString(),
      deadline: new Date(now + 10_000).toISOString(),
    });
    server.on('POST', ANSWER, () => {
      quiz = answerResultOf(quiz, [12], [12], false).quiz;
      return {
        status: 400,
        data: { nonFieldErrors: ['Time is up: your answer came after the time limit.'] },
      };
    });
    const user = userEvent.setup();
    const { card } = await openQuiz();
    await user.click(within(card).getByRole('button', { name: /Paris/ }));

    expect(
      await screen.findByText('Time is up: your answer came after the time limit.'),
    ).toBeVisible();
    expect(await within(card).findByText('Not quite. See the correct answer below.')).toBeVisible();
  });
});

describe('the reveal without an answer', () => {
  it('shows a closed quiz’s correct answer to everyone, with no answer buttons', async () => {
    quiz = quizOf({
      isClosed: true,
      closesAt: '2026-03-02T10:00:00.000Z',
      reveal: { correctAnswers: [12], explanation: '' },
      attemptsCount: 2,
      correctCount: 1,
    });
    const { card } = await openQuiz();

    expect(
      within(card).getByText('This quiz is closed. Here is the correct answer.'),
    ).toBeVisible();
    expect(within(card).getByText('Paris').closest('li')).toHaveTextContent('Correct answer');
    expect(within(card).getByText('Lyon').closest('li')).not.toHaveTextContent(/correct/i);
    expect(within(card).queryByRole('button', { name: /Lyon/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('region', { name: 'Explanation' })).not.toBeInTheDocument();
    expect(within(card).getByText('1 of 2 members got it right (50%).')).toBeVisible();
  });

  it('shows the author the correct answer and the tools to edit or delete', async () => {
    signIn();
    quiz = quizOf({
      author: { id: member.id, username: member.username, avatar: null },
      reveal: { correctAnswers: [12], explanation: 'Since 987.' },
    });
    const user = userEvent.setup();
    const { card, router } = await openQuiz();

    expect(within(card).getByText(/You wrote this quiz/)).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/quizzes/1/edit',
    );
    server.on('DELETE', DETAIL, { status: 204 });
    server.on('GET', '/api/forums/quizs/', page([]));
    await user.click(within(card).getByRole('button', { name: 'Delete this quiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this quiz?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quizzes'));
    expect(server.received('DELETE', DETAIL)).toHaveLength(1);
  });
});

describe('up-votes, likes and comments', () => {
  it('toggles the up-vote and the like through their endpoints', async () => {
    signIn();
    quiz = quizOf({ votesCount: 2, likesCount: 1 });
    server.on('POST', '/api/forums/quizs-vote/1/', {
      status: 200,
      data: { voted: true, votesCount: 3 },
    });
    server.on('POST', '/api/forums/like/', { status: 200, data: { liked: true, likesCount: 2 } });
    const user = userEvent.setup();
    const { card } = await openQuiz();

    await user.click(within(card).getByRole('button', { name: 'Up-vote · 2' }));
    expect(await within(card).findByRole('button', { name: 'Up-voted · 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(card).getByRole('button', { name: 'Like · 1' }));
    expect(await within(card).findByRole('button', { name: 'Liked · 2' })).toBeVisible();
    expect(bodyOf(server.received('POST', '/api/forums/like/')[0])).toEqual({
      model: 'quiz',
      id: 1,
    });
    expect(screen.getByRole('heading', { name: /Comments/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Report this quiz' })).toBeVisible();
  });

  it('shows the broken-link screen when the quiz does not exist', async () => {
    server.on('GET', DETAIL, { status: 404, data: { detail: 'This quiz does not exist.' } });
    renderApp('/quizzes/1');
    expect(await screen.findByRole('heading', { name: 'Oh no... a broken link!' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse quizzes' })).toHaveAttribute(
      'href',
      '/quizzes',
    );
  });

  it('lists related quizzes beside the quiz, linking to each', async () => {
    server.on('GET', '/api/forums/quizs/1/related_quizs/', {
      status: 200,
      data: {
        results: [quizOf({ id: 2, question: 'Capital of New Zealand?', attemptsCount: 4 })],
      },
    });
    await openQuiz();
    const related = await screen.findByRole('region', { name: 'Related quizzes' });
    expect(within(related).getByRole('link', { name: 'Capital of New Zealand?' })).toHaveAttribute(
      'href',
      '/quizzes/2',
    );
    expect(within(related).getByText(/4 answers/)).toBeVisible();
  });

  it('lets staff feature the quiz from its page', async () => {
    signIn();
    server.on('GET', '/auth/user/', { status: 200, data: { ...member, isStaff: true } });
    server.on('GET', '/api/common/featured-post/quiz/1/', {
      status: 200,
      data: { model: 'quiz', id: 1, featured: true, featuredAt: '2026-03-01T10:00:00.000Z' },
    });
    server.on('DELETE', '/api/common/featured-post/', { status: 204 });
    const user = userEvent.setup();
    await openQuiz();

    await user.click(await screen.findByRole('button', { name: 'Unfeature' }));
    await waitFor(() =>
      expect(server.received('DELETE', '/api/common/featured-post/')).toHaveLength(1),
    );
    expect(bodyOf(server.received('DELETE', '/api/common/featured-post/')[0])).toEqual({
      model: 'quiz',
      id: 1,
    });
    expect(await screen.findByText('No longer featured.')).toBeVisible();
  });
});
