import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferred } from '../../lib/testing/fake-server';
import type { FakeReply, FakeServer } from '../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';
import { page } from '../../../test/forum-fixtures';
import { setViewportWidth } from '../../../test/viewport';
import { quizOf } from '../../../test/quiz-fixtures';

const FEED = '/api/forums/quizs/';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  server.on('GET', '/auth/user/', { status: 200, data: member });
  server.on('GET', '/api/common/tags-list', {
    status: 200,
    data: { results: [{ name: 'geography', count: 3 }] },
  });
  server.on('GET', '/api/forums/quizs/leaderboard/', (request) => ({
    status: 200,
    data: {
      period: request.params.period,
      results:
        request.params.period === 'all'
          ? [
              {
                rank: 1,
                user: { id: 7, username: 'ada', avatar: null },
                correct: 40,
                answered: 50,
              },
            ]
          : [
              {
                rank: 1,
                user: { id: 99, username: 'grace', avatar: null },
                correct: 5,
                answered: 6,
              },
            ],
    },
  }));
  server.on('GET', '/api/forums/quizs/record/ada/', {
    status: 200,
    data: { answered: 12, correct: 9, currentStreak: 3, bestStreak: 6 },
  });
});
afterEach(() => restoreHttp());

const feedRequests = () => server.received('GET', FEED);

describe('quizzes feed', () => {
  it('shows skeletons, then playable cards, and loads more on request', async () => {
    const first = deferred<FakeReply>();
    server.on('GET', FEED, (request) =>
      request.params.cursor === 'page-2'
        ? page([quizOf({ id: 2, question: 'How many moons has Mars?' })])
        : first.promise,
    );
    const user = userEvent.setup();
    renderApp('/quizzes');

    expect(await screen.findByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
    expect(screen.queryByRole('feed')).not.toBeInTheDocument();
    first.resolve(page([quizOf({ tags: ['geography', 'europe'] })], 'page-2'));

    const feed = await screen.findByRole('feed', { name: 'Quizzes' });
    const card = within(feed).getByRole('article', {
      name: 'Which city is the capital of France?',
    });
    expect(
      within(card).getByRole('link', { name: 'Which city is the capital of France?' }),
    ).toHaveAttribute('href', '/quizzes/1');
    expect(within(card).getByRole('link', { name: '#europe' })).toHaveAttribute(
      'href',
      '/quizzes?tag=europe',
    );
    expect(within(card).getByRole('button', { name: /Paris/ })).toBeEnabled();
    expect(feedRequests()[0]?.params).toEqual({ ordering: 'latest', cursor: undefined });

    await user.click(screen.getByRole('button', { name: 'Load more quizzes' }));
    expect(
      await within(feed).findByRole('article', { name: 'How many moons has Mars?' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more quizzes' })).not.toBeInTheDocument();
  });

  it('asks for the chosen tab and tag and keeps them in the address', async () => {
    server.on('GET', FEED, (request) =>
      page([quizOf({ question: `Ordered by ${String(request.params.ordering)}` })]),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/quizzes');
    await screen.findByRole('article', { name: 'Ordered by latest' });

    await user.click(screen.getByRole('tab', { name: 'Top' }));
    expect(await screen.findByRole('article', { name: 'Ordered by top' })).toBeVisible();
    await user.click(
      within(screen.getByRole('group', { name: 'Filter by tag' })).getByRole('button', {
        name: '#geography',
      }),
    );
    await waitFor(() =>
      expect(feedRequests().at(-1)?.params).toEqual({
        ordering: 'top',
        tag: 'geography',
        cursor: undefined,
      }),
    );
    expect(router.state.location.search).toBe('?ordering=top&tag=geography');
    expect(await screen.findByRole('feed', { name: 'Quizzes tagged geography' })).toBeVisible();
  });

  it('reads the Trending tab from trending_quizs/, with the chosen tag', async () => {
    const TRENDING = '/api/forums/trending_quizs/';
    server.on('GET', FEED, page([quizOf({ question: 'From the list' })]));
    server.on('GET', TRENDING, (request) =>
      page([quizOf({ question: `Trending in ${String(request.params.tag ?? 'all')}` })]),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/quizzes?tag=geography');
    await screen.findByRole('article', { name: 'From the list' });

    await user.click(screen.getByRole('tab', { name: 'Trending' }));
    expect(await screen.findByRole('article', { name: 'Trending in geography' })).toBeVisible();
    expect(server.received('GET', TRENDING).at(-1)?.params).toEqual({
      tag: 'geography',
      cursor: undefined,
    });
    expect(feedRequests().every((request) => request.params.ordering !== 'trending')).toBe(true);
    expect(router.state.location.search).toBe('?tag=geography&ordering=trending');

    await user.click(
      within(screen.getByRole('group', { name: 'Filter by tag' })).getByRole('button', {
        name: '#geography',
      }),
    );
    expect(await screen.findByRole('article', { name: 'Trending in all' })).toBeVisible();
    expect(server.received('GET', TRENDING).at(-1)?.params).toEqual({ cursor: undefined });
  });

  it('works without the tag filter when the tags cannot be loaded', async () => {
    server.on('GET', '/api/common/tags-list', {
      status: 400,
      data: { model_name: ['Choose a model.'] },
    });
    server.on('GET', FEED, page([quizOf()]));
    renderApp('/quizzes');
    expect(await screen.findByRole('feed', { name: 'Quizzes' })).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Filter by tag' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an empty state with a way to create a quiz', async () => {
    server.on('GET', FEED, page([]));
    renderApp('/quizzes?tag=geography');
    expect(
      await screen.findByRole('heading', { name: 'No quizzes tagged #geography yet' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create a quiz' })).toHaveAttribute(
      'href',
      '/quizzes/new',
    );
    expect(screen.getByRole('button', { name: 'Show all tags' })).toBeVisible();
  });

  it('says what failed, and loads again on request', async () => {
    let fail = true;
    server.on('GET', FEED, () =>
      fail ? { status: 500, data: { detail: 'The server is resting.' } } : page([quizOf()]),
    );
    const user = userEvent.setup();
    renderApp('/quizzes');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server is resting.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('feed', { name: 'Quizzes' })).toBeVisible();
  });

  it('shows the member’s record and the leaderboard for the week or all time', async () => {
    signIn();
    server.on('GET', FEED, page([quizOf()]));
    const user = userEvent.setup();
    renderApp('/quizzes');

    const record = await screen.findByRole('region', { name: 'Your quiz record' });
    await waitFor(() => expect(within(record).getByText('Answered')).toBeVisible());
    // Each figure is a term and its value (dt, dd), the value drawn above.
    const valueOf = (term: string | RegExp) =>
      within(record).getByText(term).nextElementSibling?.textContent;
    // The card holds its place with the terms while the record loads; the figures follow.
    await waitFor(() => expect(valueOf('Answered')).toBe('12'));
    expect(valueOf('Correct · 75%')).toBe('9');
    expect(valueOf('Current streak')).toBe('3');
    expect(valueOf('Best streak')).toBe('6');

    const board = screen.getByRole('region', { name: 'Leaderboard' });
    expect(await within(board).findByRole('link', { name: 'grace' })).toBeVisible();
    await user.click(within(board).getByRole('button', { name: 'All time' }));
    const list = await within(board).findByRole('list', { name: 'Leaderboard, all time' });
    // The viewer's own row is marked once the page knows who the viewer is.
    expect(await within(list).findByRole('link', { name: 'ada (you)' })).toBeVisible();
    expect(within(list).getByRole('listitem')).toHaveAttribute('aria-current', 'true');
  });

  it('invites a visitor to log in; on a phone above the feed, the leaderboard below it', async () => {
    setViewportWidth(390);
    server.on('GET', FEED, page([quizOf()]));
    renderApp('/quizzes');
    const prompt = await screen.findByRole('heading', { name: 'Test what you know' });
    const feed = await screen.findByRole('feed', { name: 'Quizzes' });
    const board = screen.getByRole('region', { name: 'Leaderboard' });
    expect(prompt.compareDocumentPosition(feed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(feed.compareDocumentPosition(board) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('lists the member’s own quizzes under My content, posted first', async () => {
    signIn();
    server.on('GET', '/api/forums/quizs/posted_by_me/', page([quizOf({ status: 'draft' })]));
    server.on('GET', '/api/forums/quizs/liked_by_me/', page([]));
    const user = userEvent.setup();
    renderApp('/my-content/quizzes');

    const feed = await screen.findByRole('feed', { name: 'Posted quizzes' });
    expect(within(feed).getByText('Draft')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Liked' }));
    expect(await screen.findByRole('heading', { name: 'No liked quizzes' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse quizzes' })).toHaveAttribute(
      'href',
      '/quizzes',
    );
  });
});
