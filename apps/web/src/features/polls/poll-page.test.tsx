import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf } from '../../lib/testing/fake-server';
import type { FakeServer } from '../../lib/testing/fake-server';
import { FakeWebSocket } from '../../lib/testing/fake-websocket';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';
import { memberAuthor } from '../../../test/forum-fixtures';
import { pollOf, resultsOf } from '../../../test/poll-fixtures';

let server: FakeServer;
/** The environment's own socket class, put back after each test swaps in the fake. */
const realWebSocket = globalThis.WebSocket;
beforeEach(() => {
  FakeWebSocket.reset();
  globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;
  server = fakeApi();
  signIn();
  server.on('GET', '/auth/user/', { status: 200, data: member });
  server.on('GET', '/api/forums/comments/', { status: 200, data: { results: [], next: null } });
});
afterEach(() => {
  restoreHttp();
  globalThis.WebSocket = realWebSocket;
});

const DETAIL = '/api/forums/polls/1/';

// The first test loads the page's lazy chunks cold; a busy machine needs more than the default.
describe('poll page', { timeout: 60_000 }, () => {
  it('shows the poll, then moves its bars live as others vote', async () => {
    server.on('GET', DETAIL, {
      status: 200,
      data: pollOf({ myVote: [11], votersCount: 2, tallies: resultsOf([1, 1, 0]) }),
    });
    renderApp('/polls/1');

    // The page's chunks load cold in the first test.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Where should the summer picnic be?' },
        { timeout: 15_000 },
      ),
    ).toBeVisible();
    expect(screen.getByText('three')).toBeVisible();
    expect(screen.getByLabelText('Riverside: 50%, 1 vote, your choice')).toBeVisible();

    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.last();
    act(() => socket.open());
    await waitFor(() =>
      expect(socket.sent).toContainEqual({ type: 'subscribe', model: 'poll', id: 1 }),
    );
    act(() =>
      socket.receive({
        type: 'live_update',
        model: 'poll',
        id: 1,
        counts: { votersCount: 4, likesCount: 3 },
        tallies: resultsOf([1, 3, 0]),
      }),
    );

    expect(await screen.findByLabelText('Hilltop: 75%, 3 votes')).toBeVisible();
    expect(screen.getByText('4 voters')).toBeVisible();
    expect(screen.getByRole('button', { name: /Like · 3/ })).toBeVisible();
  });

  it('offers its author edit and delete, confirming the delete', async () => {
    server.on('GET', DETAIL, { status: 200, data: pollOf({ author: memberAuthor }) });
    server.on('DELETE', DETAIL, { status: 204 });
    server.on('GET', '/api/forums/polls/', { status: 200, data: { results: [], next: null } });
    server.on('GET', '/api/common/tags-list', { status: 200, data: { results: [] } });
    const { router } = renderApp('/polls/1');
    const user = userEvent.setup();

    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/polls/1/edit',
    );
    expect(screen.queryByRole('button', { name: 'Report this poll' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this poll?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/polls'));
    expect(server.received('DELETE', DETAIL)).toHaveLength(1);
  });

  it('says so when the poll does not exist', async () => {
    server.on('GET', DETAIL, { status: 404, data: { detail: 'This poll does not exist.' } });
    renderApp('/polls/1');
    expect(await screen.findByRole('heading', { name: 'Oh no... a broken link!' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse polls' })).toHaveAttribute('href', '/polls');
  });

  it('lists related polls under the comments, linking to each', async () => {
    server.on('GET', DETAIL, { status: 200, data: pollOf() });
    server.on('GET', '/api/forums/polls/1/related_polls/', {
      status: 200,
      data: {
        results: [
          pollOf({ id: 2, question: 'Which day suits the picnic?', votersCount: 1 }),
          pollOf({ id: 3, question: 'Bring a dish?', votersCount: 5 }),
        ],
      },
    });
    renderApp('/polls/1');
    const related = await screen.findByRole('region', { name: 'Related polls' });
    expect(
      within(related).getByRole('link', { name: 'Which day suits the picnic?' }),
    ).toHaveAttribute('href', '/polls/2');
    expect(within(related).getByText(/5 voters/)).toBeVisible();
    expect(within(related).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows no related section when nothing is alike', async () => {
    server.on('GET', DETAIL, { status: 200, data: pollOf() });
    server.on('GET', '/api/forums/polls/1/related_polls/', { status: 200, data: { results: [] } });
    renderApp('/polls/1');
    await screen.findByRole('heading', { level: 1, name: 'Where should the summer picnic be?' });
    await waitFor(() =>
      expect(server.received('GET', '/api/forums/polls/1/related_polls/')).toHaveLength(1),
    );
    expect(screen.queryByRole('region', { name: 'Related polls' })).not.toBeInTheDocument();
  });

  it('lets staff feature the poll from its page', async () => {
    const STATUS = '/api/common/featured-post/poll/1/';
    server.on('GET', DETAIL, { status: 200, data: pollOf() });
    server.on('GET', STATUS, {
      status: 200,
      data: { model: 'poll', id: 1, featured: false, featuredAt: null },
    });
    server.on('POST', '/api/common/featured-post/', {
      status: 201,
      data: { model: 'poll', id: 1, featured: true, featuredAt: '2026-03-01T10:00:00.000Z' },
    });
    server.on('GET', '/auth/user/', { status: 200, data: { ...member, isStaff: true } });
    const user = userEvent.setup();
    renderApp('/polls/1');

    await user.click(await screen.findByRole('button', { name: 'Feature' }));
    await waitFor(() =>
      expect(server.received('POST', '/api/common/featured-post/')).toHaveLength(1),
    );
    expect(bodyOf(server.received('POST', '/api/common/featured-post/')[0])).toEqual({
      model: 'poll',
      id: 1,
    });
    expect(await screen.findByText('Poll featured.')).toBeVisible();
  });

  it('offers a member who is not staff no Feature button', async () => {
    server.on('GET', DETAIL, { status: 200, data: pollOf() });
    renderApp('/polls/1');
    await screen.findByRole('heading', { level: 1, name: 'Where should the summer picnic be?' });
    expect(screen.queryByRole('button', { name: 'Feature' })).not.toBeInTheDocument();
    expect(server.received('GET', '/api/common/featured-post/poll/1/')).toHaveLength(0);
  });
});
