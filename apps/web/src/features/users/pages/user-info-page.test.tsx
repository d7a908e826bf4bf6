import type { MemberComment, PublicProfile } from '@agora/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../../test/account-fixtures';
import { discussionOf, page } from '../../../../test/forum-fixtures';
import { pollOf } from '../../../../test/poll-fixtures';

const ada: PublicProfile = {
  id: 7,
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: 'Counts things.',
  avatar: null,
  country: null,
  dateJoined: '2025-03-01T10:00:00.000Z',
  role: 'member',
};
const adaAuthor = { id: ada.id, username: ada.username, avatar: null };

const commentOn = (id: number, hostTitle: string, content: string): MemberComment => ({
  id,
  model: 'forum',
  objectId: 3,
  parent: null,
  content,
  author: adaAuthor,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  editedAt: null,
  likesCount: 2,
  isLiked: false,
  repliesCount: 0,
  deleted: false,
  hidden: false,
  hostTitle,
  path: `/discussions/3#comment-${id}`,
});

const RECORD = { answered: 0, correct: 0, currentStreak: 0, bestStreak: 0 };

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  server.on('GET', '/auth/userinfo/ada/', { status: 200, data: ada });
  server.on('GET', '/api/forums/quizs/record/ada/', { status: 200, data: RECORD });
  server.on(
    'GET',
    '/api/forums/forums/',
    page([discussionOf({ title: 'Engines', author: adaAuthor })]),
  );
});
afterEach(restoreHttp);

describe('a member profile', () => {
  it('shows a visitor the member and their discussions, asking nothing that needs an account', async () => {
    renderApp('/user-info/ada');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    const tabs = screen.getByRole('tablist', { name: "Ada Lovelace's activity" });
    expect(within(tabs).getByRole('tab', { name: 'Discussions' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const list = await screen.findByRole('list', { name: "Ada Lovelace's discussions" });
    expect(within(list).getByRole('link', { name: 'Engines' })).toHaveAttribute(
      'href',
      '/discussions/1',
    );
    expect(server.received('GET', '/api/forums/forums/')[0]?.params).toMatchObject({
      author: 'ada',
    });
    const asked = server.requests.map((request) => request.url);
    expect(asked).not.toContain('/auth/user/');
    expect(asked.filter((url) => url?.startsWith('/api/chats/'))).toEqual([]);
    expect(screen.queryByText('Log in to see member profiles')).toBeNull();
  });

  it('keeps the tab in the address, so Back returns to the one before', async () => {
    server.on(
      'GET',
      '/api/forums/comments/by_author/',
      page([commentOn(12, 'Engines', 'The **analytical** one, surely.')]),
    );
    server.on('GET', '/api/forums/polls/', page([pollOf({ question: 'Tea or coffee?' })]));
    const user = userEvent.setup();
    const { router } = renderApp('/user-info/ada');
    await screen.findByRole('list', { name: "Ada Lovelace's discussions" });

    await user.click(screen.getByRole('tab', { name: 'Comments' }));
    expect(router.state.location.search).toBe('?tab=comments');
    const comments = await screen.findByRole('list', { name: "Ada Lovelace's comments" });
    expect(within(comments).getByRole('link', { name: 'On “Engines”' })).toHaveAttribute(
      'href',
      '/discussions/3#comment-12',
    );
    expect(within(comments).getByText('The analytical one, surely.')).toBeVisible();
    expect(server.received('GET', '/api/forums/comments/by_author/')[0]?.params).toMatchObject({
      author: 'ada',
    });

    await user.click(screen.getByRole('tab', { name: 'Polls' }));
    expect(await screen.findByRole('link', { name: 'Tea or coffee?' })).toBeVisible();

    await router.navigate(-1);
    expect(router.state.location.search).toBe('?tab=comments');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Comments' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    expect(await screen.findByRole('list', { name: "Ada Lovelace's comments" })).toBeVisible();
  });

  it('moves between tabs with the arrow keys and opens one with Enter', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/user-info/ada');
    await screen.findByRole('list', { name: "Ada Lovelace's discussions" });
    server.on('GET', '/api/forums/quizs/', page([]));

    screen.getByRole('tab', { name: 'Discussions' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Quizzes' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?tab=quizzes');
    expect(await screen.findByRole('heading', { name: 'No quizzes yet' })).toBeVisible();
    expect(screen.getByText('Ada Lovelace has no public quizzes yet.')).toBeVisible();
  });

  it('loads the next page of a tab on request', async () => {
    server.on('GET', '/api/forums/forums/', (request) =>
      request.params.cursor === 'p2'
        ? page([discussionOf({ id: 2, title: 'Looms', author: adaAuthor })])
        : page([discussionOf({ title: 'Engines', author: adaAuthor })], 'p2'),
    );
    const user = userEvent.setup();
    renderApp('/user-info/ada');
    await screen.findByRole('link', { name: 'Engines' });

    await user.click(screen.getByRole('button', { name: 'Load more discussions' }));
    expect(await screen.findByRole('link', { name: 'Looms' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more discussions' })).toBeNull();
  });

  it('offers the member a way to start on their own empty tab', async () => {
    signIn();
    server.on('GET', '/auth/user/', { status: 200, data: member });
    server.on('GET', `/auth/userinfo/${member.username}/`, { status: 200, data: member });
    server.on('GET', `/api/forums/quizs/record/${member.username}/`, {
      status: 200,
      data: RECORD,
    });
    server.on('GET', '/api/forums/polls/', page([]));
    renderApp(`/user-info/${member.username}?tab=polls`);

    expect(await screen.findByRole('heading', { name: 'No polls yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create a poll' })).toHaveAttribute(
      'href',
      '/polls/new',
    );
  });
});
