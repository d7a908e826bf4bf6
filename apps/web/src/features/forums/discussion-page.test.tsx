import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Comment, Discussion } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, deferred } from '../../lib/testing/fake-server';
import type { FakeReply, FakeServer } from '../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';
import { commentOf, discussionOf, memberAuthor, page } from '../../../test/forum-fixtures';

const DETAIL = '/api/forums/forums/1/';
const COMMENTS = '/api/forums/forums-comment/';
const REPLIES = '/api/forums/forums-sub-comment/';

let server: FakeServer;
let discussion: Discussion;
let comments: Comment[];

beforeEach(() => {
  server = fakeApi();
  discussion = discussionOf();
  comments = [];
  server.on('GET', '/auth/user/', { status: 200, data: member });
  server.on('GET', DETAIL, () => ({ status: 200, data: discussion }));
  server.on('GET', COMMENTS, () => page(comments));
  server.on('GET', '/api/forums/forums/1/related_forums/', page([]));
  server.on('GET', '/api/forums/forums/1/get_audio/', {
    status: 200,
    data: { status: 'none', audioUrl: null, durationSeconds: null, source: null },
  });
});
afterEach(() => {
  restoreHttp();
  vi.restoreAllMocks();
});

async function openDiscussion() {
  const view = renderApp('/discussions/1');
  const article = await screen.findByRole('article', { name: discussion.title });
  return { ...view, article };
}

describe('discussion page', () => {
  it('shows the sanitised text, tags, status, edited marker and views', async () => {
    discussion = discussionOf({
      content: 'Read [the plan](https://example.com/plan) <img src=x onerror="window.__xss=1">',
      status: 'archived',
      editedAt: '2026-03-02T10:00:00.000Z',
      viewsCount: 42,
      tags: ['garden', 'rota'],
    });
    const { article } = await openDiscussion();

    const link = within(article).getByRole('link', { name: 'the plan' });
    expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    expect(link).toHaveAttribute('target', '_blank');
    expect(article.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(within(article).getByText('Archived')).toBeVisible();
    expect(within(article).getByText(/This discussion is archived/)).toBeVisible();
    expect(within(article).getByText('edited')).toBeVisible();
    expect(within(article).getByText(/42 views/)).toBeVisible();
    expect(within(article).getByRole('link', { name: '#rota' })).toBeVisible();
    // Archived: nobody can like it any more.
    expect(within(article).getByRole('button', { name: /^Like/ })).toBeDisabled();
  });

  it('likes at once, then shows the count the server answers', async () => {
    signIn();
    const answer = deferred<FakeReply>();
    server.on('POST', '/api/forums/like/', () => answer.promise);
    const user = userEvent.setup();
    const { article } = await openDiscussion();

    await user.click(within(article).getByRole('button', { name: 'Like · 2' }));
    const liked = await within(article).findByRole('button', { name: 'Liked · 3' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(bodyOf(server.received('POST', '/api/forums/like/')[0])).toEqual({
      model: 'forum',
      id: 1,
    });

    // Another member liked meanwhile: the server's count wins.
    answer.resolve({ status: 200, data: { liked: true, likesCount: 4 } });
    expect(await within(article).findByRole('button', { name: 'Liked · 4' })).toBeVisible();
  });

  it("offers the report flag to readers but not on the author's own discussion", async () => {
    signIn();
    const first = await openDiscussion();
    expect(
      within(first.article).getByRole('button', { name: 'Report this discussion' }),
    ).toBeVisible();
    first.unmount();

    discussion = discussionOf({ author: memberAuthor });
    const { article } = await openDiscussion();
    expect(within(article).getByRole('button', { name: /^Like/ })).toBeVisible();
    expect(within(article).queryByRole('button', { name: 'Report this discussion' })).toBeNull();
  });

  it('takes the like back when the server refuses it', async () => {
    signIn();
    server.on('POST', '/api/forums/like/', {
      status: 400,
      data: { id: ['This object does not exist or can no longer be liked.'] },
    });
    const user = userEvent.setup();
    const { article } = await openDiscussion();
    await user.click(within(article).getByRole('button', { name: 'Like · 2' }));

    expect(
      await screen.findByText('This object does not exist or can no longer be liked.'),
    ).toBeVisible();
    expect(within(article).getByRole('button', { name: 'Like · 2' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('bookmarks and says where to find it', async () => {
    signIn();
    server.on('POST', '/api/forums/forums-bookmark/', {
      status: 200,
      data: { bookmarked: true },
    });
    const user = userEvent.setup();
    const { article } = await openDiscussion();
    await user.click(within(article).getByRole('button', { name: 'Bookmark' }));

    expect(await within(article).findByRole('button', { name: 'Bookmarked' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(bodyOf(server.received('POST', '/api/forums/forums-bookmark/')[0])).toEqual({
      forum: 1,
    });
    expect(await screen.findByText('Bookmarked. Find it under My content.')).toBeVisible();
  });

  it('votes in the poll, shows percentages, and moves the vote', async () => {
    signIn();
    discussion = discussionOf({
      pollChoices: [
        { id: 11, text: 'Mornings', votesCount: 1, isVoted: false },
        { id: 12, text: 'Evenings', votesCount: 3, isVoted: false },
      ],
    });
    server.on('POST', '/api/forums/forums-poll-choice/', (request) => {
      const { choice } = bodyOf(request) as { choice: number };
      return {
        status: 200,
        data: {
          pollChoices: [
            { id: 11, text: 'Mornings', votesCount: choice === 11 ? 2 : 1, isVoted: choice === 11 },
            { id: 12, text: 'Evenings', votesCount: choice === 12 ? 4 : 3, isVoted: choice === 12 },
          ],
        },
      };
    });
    const user = userEvent.setup();
    await openDiscussion();
    const poll = screen.getByRole('region', { name: 'Poll' });
    expect(within(poll).getByRole('button', { name: 'Mornings: 25%, 1 vote' })).toBeVisible();
    expect(within(poll).getByText('4 votes')).toBeVisible();

    await user.click(within(poll).getByRole('button', { name: /^Mornings/ }));
    expect(
      await within(poll).findByRole('button', { name: 'Mornings: 40%, 2 votes' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(within(poll).getByText('5 votes')).toBeVisible();

    await user.click(within(poll).getByRole('button', { name: /^Evenings/ }));
    expect(
      await within(poll).findByRole('button', { name: 'Evenings: 80%, 4 votes' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(within(poll).getByRole('button', { name: 'Mornings: 20%, 1 vote' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(server.received('POST', '/api/forums/forums-poll-choice/').map(bodyOf)).toEqual([
      { choice: 11 },
      { choice: 12 },
    ]);
  });

  it('posts a comment, shows it and counts it', async () => {
    signIn();
    server.on('POST', COMMENTS, (request) => {
      const { content } = bodyOf(request) as { content: string };
      const created = commentOf({ id: 101, content, author: memberAuthor });
      comments = [...comments, created];
      return { status: 201, data: created };
    });
    const user = userEvent.setup();
    await openDiscussion();
    const section = screen.getByRole('region', { name: /Comments/ });
    expect(
      await within(section).findByText('No comments yet. Start the conversation.'),
    ).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Comment' }));
    expect(await within(section).findByText('Write the comment.')).toBeVisible();
    expect(server.received('POST', COMMENTS)).toHaveLength(0);

    await user.type(within(section).getByLabelText('Add a comment'), 'I can do **Mondays**.');
    await user.click(within(section).getByRole('button', { name: 'Comment' }));

    const list = await within(section).findByRole('list', { name: 'Comments' });
    const item = within(list).getByRole('listitem', { name: 'comment by ada' });
    expect(within(item).getByText('Mondays').tagName).toBe('STRONG');
    expect(bodyOf(server.received('POST', COMMENTS)[0])).toEqual({
      forum: 1,
      content: 'I can do **Mondays**.',
    });
    expect(within(section).getByRole('heading', { name: 'Comments 1' })).toBeVisible();
    expect(within(section).getByLabelText('Add a comment')).toHaveValue('');
  });

  it('replies to a comment and shows the replies under it', async () => {
    signIn();
    comments = [commentOf()];
    let replies: Comment[] = [];
    server.on('GET', REPLIES, () => page(replies));
    server.on('POST', REPLIES, (request) => {
      const { comment, content } = bodyOf(request) as { comment: number; content: string };
      const created = commentOf({ id: 200, parent: comment, content, author: memberAuthor });
      replies = [created];
      comments = [commentOf({ repliesCount: 1 })];
      return { status: 201, data: created };
    });
    const user = userEvent.setup();
    await openDiscussion();
    const item = await screen.findByRole('listitem', { name: 'comment by grace' });

    await user.click(within(item).getByRole('button', { name: 'Reply' }));
    await user.type(within(item).getByLabelText('Reply to grace'), 'Tuesdays work for me too.');
    await user.click(within(item).getByRole('button', { name: 'Post reply' }));

    const thread = await within(item).findByRole('list', { name: 'Replies to grace' });
    expect(within(thread).getByText('Tuesdays work for me too.')).toBeVisible();
    expect(bodyOf(server.received('POST', REPLIES)[0])).toEqual({
      comment: 100,
      content: 'Tuesdays work for me too.',
    });
    expect(within(item).getByRole('button', { name: 'Hide replies' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('opens the thread a notification names and brings its reply into view', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    comments = [commentOf({ id: 100, repliesCount: 1 }), commentOf({ id: 101 })];
    server.on('GET', REPLIES, () =>
      page([commentOf({ id: 200, parent: 100, content: 'Here is the reply.' })]),
    );
    renderApp('/discussions/1?thread=100#comment-200');

    const reply = await screen.findByText('Here is the reply.');
    const item = reply.closest('li');
    expect(item).toHaveAttribute('id', 'comment-200');
    expect(item).toHaveAttribute('aria-current', 'location');
    await waitFor(() => expect(scrolled).toEqual([item]));
    expect(server.received('GET', REPLIES)).toHaveLength(1);
    expect(document.getElementById('comment-101')).not.toHaveAttribute('aria-current');
  });

  it('offers no like or reply on a comment moderators hid, even to its author', async () => {
    signIn();
    comments = [
      commentOf({ id: 102, content: 'Under review.', author: memberAuthor, hidden: true }),
    ];
    await openDiscussion();

    const mine = await screen.findByRole('listitem', { name: 'comment by ada' });
    expect(within(mine).getByText('Hidden by moderators')).toBeVisible();
    expect(within(mine).getByRole('button', { name: /^Like this comment/ })).toBeDisabled();
    expect(within(mine).queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('shows "[deleted]" for a deleted comment that keeps its replies, and deletes own after asking', async () => {
    signIn();
    comments = [
      commentOf({ id: 100, content: '[deleted]', author: null, deleted: true, repliesCount: 2 }),
      commentOf({ id: 102, content: 'My own words.', author: memberAuthor }),
    ];
    server.on('DELETE', '/api/forums/forums-comment/102/', () => {
      comments = comments.slice(0, 1);
      return { status: 204 };
    });
    const user = userEvent.setup();
    await openDiscussion();

    const removed = await screen.findByRole('listitem', { name: 'Removed comment' });
    expect(within(removed).getByText('[deleted]')).toBeVisible();
    expect(within(removed).queryByRole('button', { name: /Like/ })).toBeNull();
    expect(within(removed).getByRole('button', { name: 'View 2 replies' })).toBeVisible();

    const mine = screen.getByRole('listitem', { name: 'comment by ada' });
    expect(within(mine).queryByRole('button', { name: /Report/ })).toBeNull();
    await user.click(within(mine).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'comment by ada' })).not.toBeInTheDocument(),
    );
    expect(server.received('DELETE', '/api/forums/forums-comment/102/')).toHaveLength(1);
    expect(await screen.findByText('Your comment is deleted.')).toBeVisible();
  });

  it('lets the author delete the discussion after confirming, then goes to the feed', async () => {
    signIn();
    discussion = discussionOf({ author: memberAuthor });
    server.on('DELETE', DETAIL, { status: 204 });
    server.on('GET', '/api/forums/forums/', page([]));
    const user = userEvent.setup();
    const { article, router } = await openDiscussion();

    await user.click(await within(article).findByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this discussion?' });
    expect(server.received('DELETE', DETAIL)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('The discussion is deleted.')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/discussions'));
    expect(server.received('DELETE', DETAIL)).toHaveLength(1);
  });

  it('lets the author archive the discussion, which then shows as archived', async () => {
    signIn();
    discussion = discussionOf({ author: memberAuthor });
    server.on('POST', '/api/common/archieve/', {
      status: 200,
      data: { id: 1, status: 'archived' },
    });
    const user = userEvent.setup();
    const { article } = await openDiscussion();

    await user.click(await within(article).findByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this discussion?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    expect(await within(article).findByText('Archived')).toBeVisible();
    expect(bodyOf(server.received('POST', '/api/common/archieve/')[0])).toEqual({
      model: 'forum',
      id: 1,
    });
    expect(within(article).queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('tells a signed-out visitor who likes to log in, and offers log-in instead of the comment box', async () => {
    const user = userEvent.setup();
    const { article, router } = await openDiscussion();
    expect(
      within(screen.getByRole('region', { name: /Comments/ })).getByRole('heading', {
        name: 'Join the conversation',
      }),
    ).toBeVisible();
    expect(screen.queryByLabelText('Add a comment')).toBeNull();

    await user.click(within(article).getByRole('button', { name: 'Like · 2' }));
    const gate = await screen.findByRole('dialog', { name: 'Log in to like this' });
    await user.click(within(gate).getByRole('link', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Log in', level: 1 });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/discussions/1')}`);
    expect(server.received('POST', '/api/forums/like/')).toHaveLength(0);
  });

  it('says so when the discussion does not exist', async () => {
    server.on('GET', '/api/forums/forums/9/', { status: 404, data: { detail: 'Not found.' } });
    renderApp('/discussions/9');
    expect(await screen.findByRole('heading', { name: 'Oh no... a broken link!' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Browse discussions' })).toHaveAttribute(
      'href',
      '/discussions',
    );
  });
});
