import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';
import { entry, notification } from '../../../test/chat-fixtures';
import { discussionOf, page } from '../../../test/forum-fixtures';
import { pollOf } from '../../../test/poll-fixtures';
import { quizOf } from '../../../test/quiz-fixtures';

const LISTS = {
  forum: '/api/forums/forums/',
  poll: '/api/forums/polls/',
  quiz: '/api/forums/quizs/',
} as const;
const TAGS = '/api/common/tags-list';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
});
afterEach(restoreHttp);

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function withContent() {
  server.on(
    'GET',
    LISTS.forum,
    page([discussionOf({ id: 1, title: 'Sourdough starters', createdAt: hoursAgo(3) })]),
  );
  server.on(
    'GET',
    LISTS.poll,
    page([pollOf({ id: 2, question: 'Which day for the picnic?', createdAt: hoursAgo(1) })]),
  );
  server.on(
    'GET',
    LISTS.quiz,
    page([quizOf({ id: 3, question: 'Capital of Peru?', createdAt: hoursAgo(2) })]),
  );
}

function withNothing() {
  for (const url of Object.values(LISTS)) server.on('GET', url, page([]));
}

function signedInWith(chats: ReturnType<typeof entry>[]) {
  signIn();
  server.on('GET', '/auth/user/', { status: 200, data: member });
  server.on('GET', '/api/chats/chat-list/', page(chats));
  server.on('GET', '/api/common/notification-count', {
    status: 200,
    data: { notificationCount: 1 },
  });
  server.on(
    'GET',
    '/api/common/notification-details',
    page([notification(1, { message: 'bob liked your discussion' })]),
  );
  server.on('GET', TAGS, (request) => ({
    status: 200,
    data: {
      results:
        request.params?.model_name === 'forum'
          ? [{ name: 'baking', count: 4 }]
          : [{ name: 'travel', count: 1 }],
    },
  }));
}

describe('home page for visitors', () => {
  it('keeps the landing page and shows the community’s newest posts of every kind under it', async () => {
    withContent();
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Welcome to Agora/ }),
    ).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent in the community' });
    const links = await within(recent).findAllByRole('link', { name: /\?|Sourdough/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/polls/2',
      '/quizzes/3',
      '/discussions/1',
    ]);
    expect(within(recent).getAllByRole('listitem')[0]).toHaveTextContent('Poll');
    expect(server.received('GET', LISTS.forum)[0]?.params).toEqual({ limit: 12 });
    expect(server.received('GET', '/api/chats/chat-list/')).toHaveLength(0);
  });

  it('makes an empty community look intentional, with a way to post the first thing', async () => {
    withNothing();
    renderApp('/');
    const recent = await screen.findByRole('region', { name: 'Recent in the community' });
    expect(await within(recent).findByRole('heading', { name: 'A fresh start' })).toBeVisible();
    expect(
      within(recent).getByRole('link', { name: 'Sign up and post the first one' }),
    ).toHaveAttribute('href', '/register');
  });

  it('says inline when a list fails, and fills in after Retry', async () => {
    withContent();
    server.on('GET', LISTS.quiz, { status: 500, data: { detail: 'Something broke.' } });
    renderApp('/');
    const recent = await screen.findByRole('region', { name: 'Recent in the community' });
    const alert = await within(recent).findByRole('alert');
    expect(screen.getByRole('banner')).toBeInTheDocument();

    server.on('GET', LISTS.quiz, page([quizOf({ id: 3 })]));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(recent).findByRole('link', { name: 'Sourdough starters' })).toBeVisible();
  });
});

describe('home page for members', () => {
  it('shows the community, unread chats, notifications and tags instead of the pitch', async () => {
    withContent();
    signedInWith([
      entry(1, { displayName: 'Bob Stone', chatViewed: false }),
      entry(2, { displayName: 'Cleo Read', chatViewed: true }),
    ]);
    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Welcome to Agora/ })).not.toBeInTheDocument();
    const feed = screen.getByRole('region', { name: 'What’s new' });
    expect(await within(feed).findByRole('link', { name: 'Capital of Peru?' })).toHaveAttribute(
      'href',
      '/quizzes/3',
    );

    // The panels arrive in a chunk of their own, after placeholders of the same titles.
    const bob = await screen.findByRole('button', { name: /Bob Stone/ });
    const chats = screen.getByRole('region', { name: /^Unread chats/ });
    expect(chats).toContainElement(bob);
    expect(within(chats).queryByText('Cleo Read')).not.toBeInTheDocument();

    const notice = await screen.findByRole('button', { name: 'bob liked your discussion, new' });
    expect(screen.getByRole('region', { name: 'Notifications' })).toContainElement(notice);

    const tags = screen.getByRole('region', { name: 'Popular tags' });
    const tagLinks = await within(tags).findAllByRole('link');
    expect(tagLinks.map((link) => link.getAttribute('href'))).toEqual([
      '/discussions?tag=baking',
      '/polls?tag=travel',
    ]);
  });

  it('switches to what is trending across the kinds', async () => {
    withContent();
    signedInWith([]);
    server.on('GET', '/api/common/trending-post/', (request) =>
      request.params?.model_type === 'forum'
        ? page([discussionOf({ id: 9, title: 'Busiest thread' })])
        : page([]),
    );
    renderApp('/');
    const feed = await screen.findByRole('region', { name: 'What’s new' });
    await within(feed).findByRole('link', { name: 'Sourdough starters' });

    await userEvent.setup().click(within(feed).getByRole('button', { name: 'Trending' }));
    expect(await within(feed).findByRole('link', { name: 'Busiest thread' })).toBeVisible();
    expect(
      within(feed).queryByRole('link', { name: 'Sourdough starters' }),
    ).not.toBeInTheDocument();
    expect(within(feed).getByRole('button', { name: 'Trending' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() =>
      expect(
        server.received('GET', '/api/common/trending-post/').map((r) => r.params?.model_type),
      ).toEqual(['forum', 'poll', 'quiz']),
    );
  });

  it('tells a member with no chats or notifications what will show up there', async () => {
    withNothing();
    signedInWith([]);
    server.on('GET', '/api/common/notification-details', page([]));
    renderApp('/');
    const noChats = await screen.findByText(/No conversations yet/);
    expect(screen.getByRole('region', { name: /^Unread chats/ })).toContainElement(noChats);
    const noNotices = await screen.findByText(/Nothing yet/);
    expect(screen.getByRole('region', { name: 'Notifications' })).toContainElement(noNotices);
    expect(await screen.findByRole('heading', { name: 'A fresh start' })).toBeVisible();
  });
});
