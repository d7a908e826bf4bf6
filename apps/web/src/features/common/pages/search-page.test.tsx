import {
  SEARCH_RESULTS_MAX,
  type ContentSearchResults,
  type MemberSearchResults,
} from '@agora/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../../test/account-fixtures';

const WRITTEN_AT = '2026-03-01T10:00:00.000Z';
const grace = { id: 99, username: 'grace', avatar: null };

const found: ContentSearchResults = {
  discussions: [
    {
      id: 1,
      title: 'Weekend plans',
      tags: ['travel'],
      author: grace,
      createdAt: WRITTEN_AT,
      likesCount: 2,
      commentsCount: 3,
      snippet: [
        { text: 'We might go to the ', highlighted: false },
        { text: 'lighthouse', highlighted: true },
        { text: ' <script>alert(1)</script>', highlighted: false },
      ],
    },
  ],
  comments: [
    {
      id: 40,
      forum: 5,
      forumTitle: 'Coastal walks',
      parent: null,
      author: grace,
      createdAt: WRITTEN_AT,
      snippet: [
        { text: 'The old ', highlighted: false },
        { text: 'lighthouse', highlighted: true },
        { text: ' is open.', highlighted: false },
      ],
    },
  ],
  polls: [
    {
      id: 7,
      title: 'Which lighthouse should we visit?',
      tags: [],
      author: grace,
      createdAt: WRITTEN_AT,
      likesCount: 0,
      commentsCount: 1,
      snippet: [{ text: 'Vote for a weekend trip.', highlighted: false }],
    },
  ],
  quizzes: [
    {
      id: 8,
      title: 'When was the lighthouse built?',
      tags: ['history'],
      author: grace,
      createdAt: WRITTEN_AT,
      likesCount: 4,
      commentsCount: 0,
      snippet: [
        { text: 'When was the ', highlighted: false },
        { text: 'lighthouse', highlighted: true },
        { text: ' built?', highlighted: false },
      ],
    },
  ],
};

const members: MemberSearchResults = {
  results: [
    { id: 3, username: 'marta', firstName: 'Marta', lastName: 'Hopper', avatar: null },
    { id: 4, username: 'martin', firstName: '', lastName: '', avatar: null },
  ],
};

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  server.on('GET', '/auth/user/', { status: 200, data: member });
});
afterEach(restoreHttp);

const contentSearches = () => server.received('GET', '/api/common/fetchdata/');
const memberSearches = () => server.received('GET', '/api/common/userdata/');

describe('search page', () => {
  it('shows discussion, comment, poll and quiz hits with the matching words marked, as plain text', async () => {
    server.on('GET', '/api/common/fetchdata/', { status: 200, data: found });
    renderApp('/search?q=lighthouse');

    const discussions = await screen.findByRole('region', { name: 'Discussions' });
    const card = within(discussions).getByRole('article', { name: 'Weekend plans' });
    expect(within(card).getByRole('link', { name: 'Weekend plans' })).toHaveAttribute(
      'href',
      '/discussions/1',
    );
    const marked = card.querySelector('mark');
    expect(marked).toHaveTextContent('lighthouse');
    // Members' markup arrives as text and stays text.
    expect(card.querySelector('script')).toBeNull();
    expect(card).toHaveTextContent('<script>alert(1)</script>');
    expect(within(card).getByText('3 comments')).toBeInTheDocument();

    const comments = screen.getByRole('region', { name: 'Comments' });
    const comment = within(comments).getByRole('article', {
      name: 'Comment by grace on Coastal walks',
    });
    // The link goes to the comment itself in its discussion.
    expect(within(comment).getByRole('link', { name: 'Coastal walks' })).toHaveAttribute(
      'href',
      '/discussions/5#comment-40',
    );
    expect(comment.querySelector('mark')).toHaveTextContent('lighthouse');

    const poll = within(screen.getByRole('region', { name: 'Polls' })).getByRole('article', {
      name: 'Which lighthouse should we visit?',
    });
    expect(within(poll).getByRole('link')).toHaveAttribute('href', '/polls/7');
    const quiz = within(screen.getByRole('region', { name: 'Quizzes' })).getByRole('article', {
      name: 'When was the lighthouse built?',
    });
    expect(within(quiz).getByRole('link')).toHaveAttribute('href', '/quizzes/8');
    expect(contentSearches().map((request) => request.params)).toEqual([{ q: 'lighthouse' }]);
    expect(document.title).toBe('lighthouse · Search · Agora');
  });

  it('has a tab for each kind, with its count, showing that kind alone', async () => {
    const manyPolls: ContentSearchResults = {
      ...found,
      discussions: [],
      polls: Array.from({ length: SEARCH_RESULTS_MAX }, (_, index) => ({
        id: 100 + index,
        title: `Lighthouse poll ${index + 1}`,
        tags: [],
        author: grace,
        createdAt: WRITTEN_AT,
        likesCount: 0,
        commentsCount: 0,
        snippet: [],
      })),
    };
    server.on('GET', '/api/common/fetchdata/', { status: 200, data: manyPolls });
    const { router } = renderApp('/search?q=lighthouse');

    const tabs = within(await screen.findByRole('tablist', { name: 'What to search' }));
    expect(await tabs.findByRole('tab', { name: 'Discussions 0' })).toBeVisible();
    expect(tabs.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    // The server sends at most that many of a kind: there may be more.
    expect(tabs.getByRole('tab', { name: `Polls ${SEARCH_RESULTS_MAX}+` })).toBeVisible();
    expect(tabs.getByRole('tab', { name: 'Quizzes 1' })).toBeVisible();
    expect(tabs.getByRole('tab', { name: 'Comments 1' })).toBeVisible();
    expect(
      screen.getAllByRole('region').map((region) => region.getAttribute('aria-label')),
    ).toEqual(['Polls', 'Quizzes', 'Comments']);

    await userEvent.click(tabs.getByRole('tab', { name: 'Quizzes 1' }));
    expect(router.state.location.search).toBe('?q=lighthouse&tab=quizzes');
    const quizzes = screen.getByRole('tabpanel', { name: 'Quizzes 1' });
    expect(within(quizzes).getAllByRole('article')).toHaveLength(1);
    expect(
      within(quizzes).getByRole('link', { name: 'When was the lighthouse built?' }),
    ).toHaveAttribute('href', '/quizzes/8');
    expect(screen.queryByRole('region', { name: 'Polls' })).toBeNull();

    await userEvent.click(tabs.getByRole('tab', { name: 'Discussions 0' }));
    expect(
      await screen.findByRole('heading', { name: 'No discussions match “lighthouse”' }),
    ).toBeVisible();
    // One search serves every tab.
    expect(contentSearches()).toHaveLength(1);
  });

  it('says so when nothing matches', async () => {
    server.on('GET', '/api/common/fetchdata/', {
      status: 200,
      data: { discussions: [], comments: [], polls: [], quizzes: [] },
    });
    renderApp('/search?q=qwertyuiop');
    expect(
      await screen.findByRole('heading', { name: 'Nothing matches “qwertyuiop”' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse discussions' })).toHaveAttribute(
      'href',
      '/discussions',
    );
  });

  it('shows the server’s message when the search is refused', async () => {
    server.on('GET', '/api/common/fetchdata/', {
      status: 400,
      data: { q: ['Keep the search to at most 200 characters.'] },
    });
    renderApp(`/search?q=${'x'.repeat(201)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Keep the search to at most 200 characters.',
    );
  });

  it('asks for words when there are none, without searching', async () => {
    renderApp('/search');
    expect(await screen.findByRole('heading', { name: 'What are you looking for?' })).toBeVisible();
    expect(contentSearches()).toHaveLength(0);
  });

  it('lists members on the Members tab, each opening their profile', async () => {
    signIn();
    server.on('GET', '/api/common/fetchdata/', { status: 200, data: found });
    server.on('GET', '/api/common/userdata/', { status: 200, data: members });
    const { router } = renderApp('/search?q=mart');

    await screen.findByRole('region', { name: 'Discussions' });
    expect(memberSearches()).toHaveLength(0);
    await userEvent.click(screen.getByRole('tab', { name: 'Members' }));

    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getByRole('link', { name: 'Marta Hopper (@marta)' })).toHaveAttribute(
      'href',
      '/user-info/marta',
    );
    expect(within(list).getByRole('link', { name: 'martin (@martin)' })).toHaveAttribute(
      'href',
      '/user-info/martin',
    );
    expect(router.state.location.search).toBe('?q=mart&tab=members');
    expect(memberSearches().map((request) => request.params)).toEqual([{ q: 'mart' }]);
  });

  it('asks signed-out visitors to log in before searching members', async () => {
    renderApp('/search?q=mart&tab=members');
    expect(await screen.findByRole('heading', { name: 'Log in to find members' })).toBeVisible();
    // The page's own Log in, not the top bar's.
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/search?q=mart&tab=members')}`,
    );
    expect(memberSearches()).toHaveLength(0);
  });

  it('opens from the search field at the top and keeps the words in it', async () => {
    server.on('GET', '/api/common/fetchdata/', { status: 200, data: found });
    const { router } = renderApp('/');
    const field = (await screen.findAllByRole('searchbox', { name: 'Search Agora' }))[0];
    if (!field) throw new Error('no search field');
    await userEvent.type(field, 'lighthouse{Enter}');

    expect(await screen.findByRole('region', { name: 'Discussions' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=lighthouse');
    expect(screen.getAllByRole('searchbox', { name: 'Search Agora' })[0]).toHaveValue('lighthouse');
  });
});
