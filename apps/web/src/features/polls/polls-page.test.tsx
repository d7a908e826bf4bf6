import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';
import { page } from '../../../test/forum-fixtures';
import { pollOf } from '../../../test/poll-fixtures';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  server.on('GET', '/auth/user/', { status: 200, data: member });
});
afterEach(() => {
  restoreHttp();
});

const FEED = '/api/forums/polls/';
const TAGS = '/api/common/tags-list';

// The first test loads the page's lazy chunks cold; a busy machine needs more than the default.
describe('polls feed', { timeout: 60_000 }, () => {
  it('shows skeletons while loading, then votable cards, and orders by tab', async () => {
    let answer: (value: ReturnType<typeof page>) => void = () => undefined;
    server.on('GET', TAGS, { status: 200, data: { results: [{ name: 'events', count: 3 }] } });
    server.on('GET', FEED, (request) =>
      request.params.ordering === 'top'
        ? page([pollOf({ id: 2, question: 'Which logo do you prefer?' })])
        : new Promise((resolve) => {
            answer = resolve;
          }),
    );
    const { container } = renderApp('/polls');

    await waitFor(() => expect(server.received('GET', FEED)).toHaveLength(1));
    expect(container.querySelector('.MuiSkeleton-root')).not.toBeNull();
    expect(screen.queryByRole('feed')).toBeNull();
    answer(page([pollOf()]));

    // The page's chunks load cold in the first test.
    const feed = await screen.findByRole('feed', { name: 'Polls' }, { timeout: 15_000 });
    const card = within(feed).getByRole('article', { name: 'Where should the summer picnic be?' });
    expect(within(card).getByRole('radio', { name: 'Riverside' })).not.toBeChecked();
    expect(within(card).getByRole('link', { name: '#events' })).toHaveAttribute(
      'href',
      '/polls?tag=events',
    );
    expect(screen.getByRole('group', { name: 'Filter by tag' })).toBeVisible();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Top' }));
    expect(await screen.findByRole('article', { name: 'Which logo do you prefer?' })).toBeVisible();
    expect(server.received('GET', FEED).at(-1)?.params).toMatchObject({ ordering: 'top' });
  });

  it('invites a member to ask the first question when there are no polls, and hides tags it cannot load', async () => {
    signIn();
    server.on('GET', TAGS, { status: 400, data: { model_name: ['Choose forum.'] } });
    server.on('GET', FEED, page([]));
    renderApp('/polls');

    expect(await screen.findByRole('heading', { name: 'No polls yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create a poll' })).toHaveAttribute(
      'href',
      '/polls/new',
    );
    expect(screen.getByRole('link', { name: 'New poll' })).toBeVisible();
    await waitFor(() => expect(server.received('GET', TAGS)).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'Filter by tag' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers a signed-out visitor "New poll" too, through login', async () => {
    server.on('GET', TAGS, { status: 200, data: { results: [] } });
    server.on('GET', FEED, page([pollOf()]));
    const user = userEvent.setup();
    const { router } = renderApp('/polls');
    await screen.findByRole('feed', { name: 'Polls' }, { timeout: 15_000 });

    await user.click(screen.getByRole('link', { name: 'New poll' }));
    await screen.findByRole('heading', { name: 'Log in', level: 1 });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/polls/new')}`);
  });

  it('says what failed and loads again on request', async () => {
    server.on('GET', TAGS, { status: 200, data: { results: [] } });
    server.on('GET', FEED, { status: 500, data: { detail: 'The database is resting.' } });
    renderApp('/polls');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The database is resting.');
    server.on('GET', FEED, page([pollOf()]));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('feed', { name: 'Polls' })).toBeVisible();
  });

  it('searches polls by their words', async () => {
    server.on('GET', TAGS, { status: 200, data: { results: [] } });
    server.on('GET', FEED, page([]));
    renderApp('/polls');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Search polls' }), 'picnic{Enter}');
    expect(await screen.findByRole('heading', { name: 'No polls match “picnic”' })).toBeVisible();
    expect(server.received('GET', FEED).at(-1)?.params).toMatchObject({ q: 'picnic' });
  });

  it('is where the top bar’s Polls link leads', async () => {
    server.on('GET', TAGS, { status: 200, data: { results: [] } });
    server.on('GET', FEED, page([pollOf()]));
    const { router } = renderApp('/faq');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Polls' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Polls' })).toBeVisible();
    expect(await screen.findByRole('feed', { name: 'Polls' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/polls');
  });
});
