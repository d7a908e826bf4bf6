import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf } from '../../lib/testing/fake-server';
import type { FakeServer } from '../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';
import { memberAuthor } from '../../../test/forum-fixtures';
import { pollOf } from '../../../test/poll-fixtures';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  signIn();
  server.on('GET', '/auth/user/', { status: 200, data: member });
  server.on('GET', '/api/common/tags-list', { status: 200, data: { results: [] } });
  server.on('GET', '/api/forums/comments/', { status: 200, data: { results: [], next: null } });
});
afterEach(() => {
  restoreHttp();
});

const POLLS = '/api/forums/polls/';

/** Types by pasting: a key-by-key `type` across this long form is too slow for jsdom. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

// A long form in jsdom on a busy machine: each test gets ninety seconds.
describe('poll editor', { timeout: 90_000 }, () => {
  it('checks the poll as the contract does before sending anything', async () => {
    renderApp('/polls/new');
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^Question/), 'Hi');
    await fill(user, screen.getByLabelText(/^Option 1/), 'Tea');
    await fill(user, screen.getByLabelText(/^Option 2/), 'tea');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Ask a question of at least 3 characters.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Make every option different.');
    expect(server.received('POST', POLLS)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: /^Multiple choice/ }));
    await fill(user, screen.getByLabelText(/^Pick up to/), '5');
    await user.click(screen.getByRole('radio', { name: /^After closing/ }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText('Allow at most as many choices as there are options.'),
    ).toBeVisible();
    expect(
      screen.getByText('Set a closing time to show the results after the poll closes.'),
    ).toBeVisible();
    expect(server.received('POST', POLLS)).toHaveLength(0);
  });

  it('creates a poll with its options in order, and puts the server’s field errors on their fields', async () => {
    server.on('POST', POLLS, {
      status: 400,
      data: { 'options.1': ['Keep each option to 200 characters.'] },
    });
    const { router } = renderApp('/polls/new');
    const user = userEvent.setup();
    await fill(user, await screen.findByLabelText(/^Question/), 'Tea or coffee?');
    await fill(user, screen.getByLabelText(/^Option 1/), 'Tea');
    await fill(user, screen.getByLabelText(/^Option 2/), 'Coffee');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await fill(user, screen.getByLabelText(/^Option 3/), 'Water');
    await user.click(screen.getByRole('button', { name: 'Move option 3 up' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Keep each option to 200 characters.')).toBeVisible();
    expect(bodyOf(server.received('POST', POLLS)[0])).toEqual({
      question: 'Tea or coffee?',
      description: '',
      options: ['Tea', 'Water', 'Coffee'],
      type: 'single',
      maxChoices: null,
      results: 'always',
      voters: 'public',
      closesAt: null,
      tags: [],
      status: 'published',
    });

    server.on('POST', POLLS, { status: 201, data: pollOf({ id: 5, author: memberAuthor }) });
    server.on('GET', '/api/forums/polls/5/', {
      status: 200,
      data: pollOf({ id: 5, author: memberAuthor }),
    });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/polls/5'));
  });

  it('locks options, type and closing time once members have voted, and sends only what may change', async () => {
    const poll = pollOf({ author: memberAuthor, optionsEditable: false, votersCount: 3 });
    server.on('GET', '/api/forums/polls/1/', { status: 200, data: poll });
    server.on('PATCH', '/api/forums/polls/1/', { status: 200, data: poll });
    renderApp('/polls/1/edit');

    const form = await screen.findByRole('form', { name: 'Edit poll' });
    expect(within(form).getByText(/Members have voted, so the options/)).toBeVisible();
    expect(within(form).getByLabelText(/^Option 1/)).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Add option' })).toBeDisabled();
    expect(within(form).getByRole('radio', { name: /^Ranked choice/ })).toBeDisabled();
    expect(within(form).getByRole('radio', { name: /^Anonymous/ })).toBeDisabled();
    expect(
      within(form).getAllByText('Fixed once the poll is created, so members can trust it.'),
    ).toHaveLength(2);

    const user = userEvent.setup();
    const question = within(form).getByLabelText(/^Question/);
    await user.clear(question);
    await fill(user, question, 'Where should the autumn picnic be?');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.received('PATCH', '/api/forums/polls/1/')).toHaveLength(1));
    expect(bodyOf(server.received('PATCH', '/api/forums/polls/1/')[0])).toEqual({
      question: 'Where should the autumn picnic be?',
      description: poll.description,
      tags: poll.tags,
      status: 'published',
    });
  });
});
