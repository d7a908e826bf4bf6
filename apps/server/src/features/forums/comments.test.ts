import type { Comment, CommentPage } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import {
  as,
  countRows,
  forumRowCounts,
  postComment,
  postDiscussion,
  postReply,
  recordEvents,
} from '../../../test/forums';
import { CONTENT_EVENTS } from '../../platform/content';

const COMMENTS = '/api/forums/forums-comment/';
const REPLIES = '/api/forums/forums-sub-comment/';

describe('comments and replies', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  const counters = async (discussionId: number) =>
    (
      await t.db.execute<{ comments_count: number }>(
        sql`select comments_count from discussions where id = ${discussionId}`,
      )
    ).rows[0]?.comments_count;
  const repliesCount = async (commentId: number) =>
    (
      await t.db.execute<{ replies_count: number }>(
        sql`select replies_count from comments where id = ${commentId}`,
      )
    ).rows[0]?.replies_count;

  it('posts a comment, counts it and tells subscribers', async () => {
    const events = await recordEvents(t, CONTENT_EVENTS.commentCreated);
    const discussion = await postDiscussion(t, ada, { title: 'Comment here' });
    const response = await as(t, bob).post(COMMENTS, { forum: discussion.id, content: 'Nice!' });
    expect(response.statusCode, response.body).toBe(201);
    const comment = response.json<Comment>();
    expect(comment).toMatchObject({
      forum: discussion.id,
      parent: null,
      content: 'Nice!',
      author: { id: bob.user.id, username: 'bob' },
      likesCount: 0,
      isLiked: false,
      repliesCount: 0,
      deleted: false,
      editedAt: null,
    });
    expect(await counters(discussion.id)).toBe(1);
    expect(
      await countRows(t, 'comments', sql`id = ${comment.id} and author_id = ${bob.user.id}`),
    ).toBe(1);
    await vi.waitFor(() =>
      expect(events).toEqual([
        {
          actorId: bob.user.id,
          ownerId: ada.user.id,
          comment: {
            model: 'comment',
            id: comment.id,
            host: { model: 'forum', id: discussion.id },
            parentId: null,
          },
          title: 'Comment here',
          content: 'Nice!',
        },
      ]),
    );
  });

  it('posts a reply, counting it on the comment and the discussion', async () => {
    const events = await recordEvents(t, CONTENT_EVENTS.commentCreated);
    const discussion = await postDiscussion(t, ada);
    const comment = await postComment(t, ada, discussion.id);
    const reply = await postReply(t, bob, comment.id, 'Agreed.');
    expect(reply).toMatchObject({ forum: discussion.id, parent: comment.id, content: 'Agreed.' });
    expect(await counters(discussion.id)).toBe(2);
    expect(await repliesCount(comment.id)).toBe(1);
    await vi.waitFor(() =>
      expect(events.at(-1)).toMatchObject({
        ownerId: ada.user.id,
        comment: { model: 'subcomment', id: reply.id, parentId: comment.id },
      }),
    );
  });

  it('lists comments and replies oldest first, signed out too, page by page', async () => {
    const discussion = await postDiscussion(t, ada);
    const first = await postComment(t, ada, discussion.id, 'first');
    const second = await postComment(t, bob, discussion.id, 'second');
    const third = await postComment(t, bob, discussion.id, 'third');
    const reply = await postReply(t, ada, first.id);
    const one = (
      await as(t, null).get(`${COMMENTS}?forum=${discussion.id}&limit=2`)
    ).json<CommentPage>();
    expect(one.results.map((item) => item.id)).toEqual([first.id, second.id]);
    const two = (
      await as(t, null).get(`${COMMENTS}?forum=${discussion.id}&limit=2&cursor=${one.next}`)
    ).json<CommentPage>();
    expect(two).toMatchObject({ results: [{ id: third.id }], next: null });
    const replies = (await as(t, null).get(`${REPLIES}?comment=${first.id}`)).json<CommentPage>();
    expect(replies.results.map((item) => item.id)).toEqual([reply.id]);
    expect(one.results[0]).toMatchObject({ repliesCount: 1 });
  });

  it('refuses a reply to a reply, and comments on drafts or unknown discussions', async () => {
    const discussion = await postDiscussion(t, ada);
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const comment = await postComment(t, ada, discussion.id);
    const reply = await postReply(t, bob, comment.id);
    const before = await forumRowCounts(t);
    const cases = [
      [REPLIES, { comment: reply.id, content: 'deeper' }, 'comment'],
      [COMMENTS, { forum: draft.id, content: 'early' }, 'forum'],
      [COMMENTS, { forum: 999_999, content: 'void' }, 'forum'],
    ] as const;
    for (const [url, payload, field] of cases) {
      const response = await as(t, bob).post(url, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json())).toEqual([field]);
    }
    expect(await forumRowCounts(t)).toEqual(before);
    expect(await counters(draft.id)).toBe(0);
  });

  it.each([
    [COMMENTS, { content: 'no discussion' }, 'forum'],
    [COMMENTS, { forum: 'abc', content: 'x' }, 'forum'],
    [COMMENTS, { forum: 1, content: '' }, 'content'],
    [COMMENTS, { forum: 1, content: 'x'.repeat(10_001) }, 'content'],
    [REPLIES, { content: 'no comment' }, 'comment'],
    [REPLIES, { comment: 1, content: '  ' }, 'content'],
  ])('POST %s rejects %o, naming %s and writing nothing', async (url, payload, field) => {
    const before = await forumRowCounts(t);
    const response = await as(t, bob).post(url, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
    expect(await forumRowCounts(t)).toEqual(before);
  });

  it('needs a signed-in member to comment or reply', async () => {
    const discussion = await postDiscussion(t, ada);
    const comment = await postComment(t, ada, discussion.id);
    const before = await forumRowCounts(t);
    expect(
      (await as(t, null).post(COMMENTS, { forum: discussion.id, content: 'x' })).statusCode,
    ).toBe(401);
    expect(
      (await as(t, null).post(REPLIES, { comment: comment.id, content: 'x' })).statusCode,
    ).toBe(401);
    expect(await forumRowCounts(t)).toEqual(before);
  });

  it('refuses a comment or reply to a member who blocked you, and writes nothing', async () => {
    const blocker = await signUp(t, 'blocker');
    const discussion = await postDiscussion(t, blocker);
    const comment = await postComment(t, blocker, discussion.id);
    const block = await as(t, blocker).post('/api/common/blocked-user/', { user_id: bob.user.id });
    expect(block.statusCode, block.body).toBe(201);

    const before = await forumRowCounts(t);
    for (const [url, payload] of [
      [COMMENTS, { forum: discussion.id, content: 'Let me in' }],
      [REPLIES, { comment: comment.id, content: 'Let me in' }],
    ] as const) {
      const response = await as(t, bob).post(url, payload);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({
        detail: 'This member has blocked you, so you cannot reply to them.',
      });
    }
    expect(await forumRowCounts(t)).toEqual(before);
    expect(await counters(discussion.id)).toBe(1);
    // The block binds the blocked member only: the blocker can still answer on bob's discussion.
    const bobs = await postDiscussion(t, bob);
    await postComment(t, blocker, bobs.id, 'Still here');
  });

  it('rejects a list without its discussion or comment, naming the field', async () => {
    expect(Object.keys((await as(t, null).get(COMMENTS)).json())).toEqual(['forum']);
    expect(Object.keys((await as(t, null).get(REPLIES)).json())).toEqual(['comment']);
  });

  it('loads a page of 20 comments and of 100 in the same two statements', async () => {
    const discussion = await postDiscussion(t, ada);
    for (let index = 0; index < 101; index += 1) {
      await postComment(t, index % 2 === 0 ? ada : bob, discussion.id, `Comment ${index}`);
    }
    await as(t, bob).get(`${COMMENTS}?forum=${discussion.id}&limit=1`);
    const page = async (limit: number) => {
      let results: Comment[] = [];
      const count = await t.countQueries(async () => {
        results = (
          await as(t, bob).get(`${COMMENTS}?forum=${discussion.id}&limit=${limit}`)
        ).json<CommentPage>().results;
      });
      return { count, results };
    };
    const small = await page(20);
    const large = await page(100);
    expect([small.results.length, large.results.length]).toEqual([20, 100]);
    expect(large.results[1]?.author).toMatchObject({ id: bob.user.id, username: 'bob' });
    // The discussion's visibility, then the page with its authors and the viewer's likes.
    expect(small.count).toBe(2);
    expect(large.count).toBe(2);
  });

  it("hides a draft's comments from other members", async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const response = await as(t, bob).get(`${COMMENTS}?forum=${draft.id}`);
    expect(response.statusCode).toBe(400);
    expect((await as(t, ada).get(`${COMMENTS}?forum=${draft.id}`)).statusCode).toBe(200);
  });
});

describe('editing and deleting comments', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  const stored = async (id: number) =>
    (
      await t.db.execute<{ content: string; deleted: boolean }>(
        sql`select content, deleted_at is not null as deleted from comments where id = ${id}`,
      )
    ).rows[0];

  it('lets the author edit a comment and a reply, marking them edited', async () => {
    const discussion = await postDiscussion(t, ada);
    const comment = await postComment(t, bob, discussion.id);
    const reply = await postReply(t, bob, comment.id);
    for (const [url, id] of [
      [COMMENTS, comment.id],
      [REPLIES, reply.id],
    ] as const) {
      const response = await as(t, bob).patch(`${url}${id}/`, { content: 'Edited.' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        id,
        content: 'Edited.',
        editedAt: expect.any(String),
      });
      expect(await stored(id)).toEqual({ content: 'Edited.', deleted: false });
    }
  });

  it("refuses another member's comment with 403 and changes nothing", async () => {
    const discussion = await postDiscussion(t, ada);
    const comment = await postComment(t, bob, discussion.id, 'Mine.');
    const edit = await as(t, ada).patch(`${COMMENTS}${comment.id}/`, { content: 'Yours?' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ detail: 'Only the author can edit this comment.' });
    expect((await as(t, ada).delete(`${COMMENTS}${comment.id}/`)).statusCode).toBe(403);
    expect(await stored(comment.id)).toEqual({ content: 'Mine.', deleted: false });
  });

  it('rejects an empty edit, naming the field, and needs a signed-in member', async () => {
    const discussion = await postDiscussion(t, ada);
    const comment = await postComment(t, bob, discussion.id, 'Kept.');
    const empty = await as(t, bob).patch(`${COMMENTS}${comment.id}/`, { content: '' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json())).toEqual(['content']);
    expect(
      (await as(t, null).patch(`${COMMENTS}${comment.id}/`, { content: 'x' })).statusCode,
    ).toBe(401);
    expect((await as(t, null).delete(`${COMMENTS}${comment.id}/`)).statusCode).toBe(401);
    expect(await stored(comment.id)).toEqual({ content: 'Kept.', deleted: false });
  });

  it('answers 404 when a reply is addressed as a comment, or the other way round', async () => {
    const discussion = await postDiscussion(t, ada);
    const comment = await postComment(t, bob, discussion.id);
    const reply = await postReply(t, bob, comment.id);
    expect((await as(t, bob).patch(`${COMMENTS}${reply.id}/`, { content: 'x' })).statusCode).toBe(
      404,
    );
    expect((await as(t, bob).delete(`${REPLIES}${comment.id}/`)).statusCode).toBe(404);
  });

  it('keeps a deleted comment with replies as "[deleted]", with its replies', async () => {
    const discussion = await postDiscussion(t, ada);
    const comment = await postComment(t, bob, discussion.id, 'Secret');
    const reply = await postReply(t, ada, comment.id);
    const response = await as(t, bob).delete(`${COMMENTS}${comment.id}/`);
    expect(response.statusCode).toBe(204);
    expect(await stored(comment.id)).toEqual({ content: '', deleted: true });

    const list = (await as(t, null).get(`${COMMENTS}?forum=${discussion.id}`)).json<CommentPage>();
    expect(list.results).toEqual([
      expect.objectContaining({
        id: comment.id,
        content: '[deleted]',
        author: null,
        deleted: true,
      }),
    ]);
    const replies = (await as(t, null).get(`${REPLIES}?comment=${comment.id}`)).json<CommentPage>();
    expect(replies.results.map((item) => item.id)).toEqual([reply.id]);
    const counts = await t.db.execute<{ comments_count: number }>(
      sql`select comments_count from discussions where id = ${discussion.id}`,
    );
    expect(counts.rows).toEqual([{ comments_count: 1 }]);
  });

  it('drops a deleted comment without replies from the list, and a deleted reply', async () => {
    const discussion = await postDiscussion(t, ada);
    const lonely = await postComment(t, bob, discussion.id);
    const parent = await postComment(t, bob, discussion.id);
    const reply = await postReply(t, bob, parent.id);
    expect((await as(t, bob).delete(`${COMMENTS}${lonely.id}/`)).statusCode).toBe(204);
    expect((await as(t, bob).delete(`${REPLIES}${reply.id}/`)).statusCode).toBe(204);
    const list = (await as(t, null).get(`${COMMENTS}?forum=${discussion.id}`)).json<CommentPage>();
    expect(list.results.map((item) => [item.id, item.repliesCount])).toEqual([[parent.id, 0]]);
    expect((await as(t, null).get(`${REPLIES}?comment=${parent.id}`)).json()).toEqual({
      results: [],
      next: null,
    });
    const counts = await t.db.execute<{ comments_count: number }>(
      sql`select comments_count from discussions where id = ${discussion.id}`,
    );
    expect(counts.rows).toEqual([{ comments_count: 1 }]);
    // Deleting again changes nothing.
    expect((await as(t, bob).delete(`${COMMENTS}${lonely.id}/`)).statusCode).toBe(404);
  });
});
