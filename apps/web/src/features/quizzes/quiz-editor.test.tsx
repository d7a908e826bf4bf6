import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Quiz } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf } from '../../lib/testing/fake-server';
import type { FakeServer } from '../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';
import { page } from '../../../test/forum-fixtures';
import { quizOf } from '../../../test/quiz-fixtures';

const CREATE = '/api/forums/quizs/';
const DETAIL = '/api/forums/quizs/5/';
const me = { id: member.id, username: member.username, avatar: null };

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  signIn();
  server.on('GET', '/auth/user/', { status: 200, data: member });
  server.on('GET', '/api/common/tags-list', { status: 200, data: { results: [] } });
  server.on('GET', '/api/forums/comments/', page([]));
  server.on('GET', '/api/forums/quizs/leaderboard/', {
    status: 200,
    data: { period: 'week', results: [] },
  });
  server.on('GET', '/api/forums/quizs/record/ada/', {
    status: 200,
    data: { answered: 0, correct: 0, currentStreak: 0, bestStreak: 0 },
  });
});
afterEach(() => restoreHttp());

/** Puts text into a field at once: typing it key by key is slow on a loaded machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function openNewQuiz() {
  const view = renderApp('/quizzes/new');
  const form = await screen.findByRole('form', { name: 'New quiz' });
  return { ...view, form };
}

// The form is long: filling it in takes a while on a loaded 2-core machine.
const LONG = { timeout: 60_000 };

describe('new quiz form', LONG, () => {
  it('shows each field’s error from the shared schema and sends nothing', async () => {
    const user = userEvent.setup();
    const { form } = await openNewQuiz();

    await fill(user, within(form).getByRole('textbox', { name: /Question/ }), 'Hi');
    await fill(user, within(form).getByRole('spinbutton', { name: 'Time limit (seconds)' }), '2');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));

    expect(await within(form).findByText('Ask a question of at least 3 characters.')).toBeVisible();
    expect(within(form).getAllByText('Write each answer.')).toHaveLength(2);
    expect(within(form).getByText('Allow at least 5 seconds.')).toBeVisible();

    // With every answer written, the list itself is checked: one of them must be correct.
    await fill(user, within(form).getByRole('textbox', { name: 'Answer A' }), 'Yes');
    await fill(user, within(form).getByRole('textbox', { name: 'Answer B' }), 'No');
    await user.click(within(form).getByRole('checkbox', { name: 'Answer A is correct' }));
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Mark the correct answer.')).toBeVisible();
    expect(server.received('POST', CREATE)).toHaveLength(0);
  });

  it('keeps one answer ticked unless "choose all that apply", and refuses a closing time in the past', async () => {
    const user = userEvent.setup();
    const { form } = await openNewQuiz();
    const tick = (letter: string) =>
      within(form).getByRole('checkbox', { name: `Answer ${letter} is correct` });

    await user.click(tick('B'));
    expect(tick('A')).not.toBeChecked();
    expect(tick('B')).toBeChecked();

    await user.click(within(form).getByRole('switch', { name: /Choose all that apply/ }));
    await user.click(tick('A'));
    expect(tick('A')).toBeChecked();
    expect(tick('B')).toBeChecked();

    await user.type(within(form).getByLabelText('Closes at'), '2020-01-01T10:00');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Pick a closing time in the future.')).toBeVisible();
  });

  it('sends the quiz, puts the server’s field errors under their fields, then opens the quiz', async () => {
    let refuse = true;
    server.on('POST', CREATE, () =>
      refuse
        ? {
            status: 400,
            data: {
              timeLimitSeconds: ['Allow at most 3600 seconds.'],
              'answers.2.text': ['Keep each answer to 200 characters.'],
            },
          }
        : {
            status: 201,
            data: quizOf({ id: 5, question: 'Which planet is largest?', author: me }),
          },
    );
    server.on('GET', DETAIL, {
      status: 200,
      data: quizOf({ id: 5, question: 'Which planet is largest?', author: me }),
    });
    const user = userEvent.setup();
    const { form, router } = await openNewQuiz();

    await fill(
      user,
      within(form).getByRole('textbox', { name: /Question/ }),
      'Which planet is largest?',
    );
    await fill(user, within(form).getByRole('textbox', { name: 'Answer A' }), 'Jupiter');
    await fill(user, within(form).getByRole('textbox', { name: 'Answer B' }), 'Mars');
    await user.click(within(form).getByRole('button', { name: 'Add an answer' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Answer C' }), 'Venus');
    await fill(user, within(form).getByRole('textbox', { name: 'Explanation' }), 'By **far**.');
    await fill(user, within(form).getByRole('spinbutton', { name: 'Time limit (seconds)' }), '30');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));

    expect(await within(form).findByText('Allow at most 3600 seconds.')).toBeVisible();
    expect(within(form).getByText('Keep each answer to 200 characters.')).toBeVisible();
    expect(bodyOf(server.received('POST', CREATE)[0])).toEqual({
      question: 'Which planet is largest?',
      explanation: 'By **far**.',
      answers: [
        { text: 'Jupiter', correct: true },
        { text: 'Mars', correct: false },
        { text: 'Venus', correct: false },
      ],
      multiple: false,
      timeLimitSeconds: 30,
      closesAt: null,
      tags: [],
      status: 'published',
    });

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quizzes/5'));
    expect(await screen.findByText('Your quiz is published.')).toBeVisible();
  });
});

describe('editing a quiz', LONG, () => {
  const answered = (): Quiz =>
    quizOf({
      id: 5,
      author: me,
      answersEditable: false,
      timeLimitSeconds: 30,
      reveal: { correctAnswers: [12], explanation: 'Since 987.' },
    });

  it('locks the answers once someone has answered, and leaves them out of the change', async () => {
    server.on('GET', DETAIL, { status: 200, data: answered() });
    server.on('PATCH', DETAIL, (request) => ({
      status: 200,
      data: { ...answered(), ...(bodyOf(request) as object) },
    }));
    const user = userEvent.setup();
    const { router } = renderApp('/quizzes/5/edit');
    const form = await screen.findByRole('form', { name: 'Edit quiz' });

    expect(within(form).getByText(/Members have started answering this quiz/)).toBeVisible();
    expect(within(form).getByRole('textbox', { name: 'Answer B' })).toHaveValue('Paris');
    expect(within(form).getByRole('textbox', { name: 'Answer B' })).toBeDisabled();
    expect(within(form).getByRole('checkbox', { name: 'Answer B is correct' })).toBeChecked();
    expect(within(form).getByRole('spinbutton', { name: 'Time limit (seconds)' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Add an answer' })).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'Explanation' })).toHaveValue('Since 987.');

    const question = within(form).getByRole('textbox', { name: /Question/ });
    await user.clear(question);
    await fill(user, question, 'Which city is the capital of France today?');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/quizzes/5'));
    expect(bodyOf(server.received('PATCH', DETAIL)[0])).toEqual({
      question: 'Which city is the capital of France today?',
      explanation: 'Since 987.',
      tags: ['geography'],
      status: 'published',
    });
  });

  it('turns away a member who is not the author', async () => {
    server.on('GET', DETAIL, { status: 200, data: quizOf({ id: 5 }) });
    renderApp('/quizzes/5/edit');
    expect(
      await screen.findByRole('heading', { name: 'Only the author can edit this quiz' }),
    ).toBeVisible();
  });
});
