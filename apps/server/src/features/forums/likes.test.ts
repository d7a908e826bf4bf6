import type { Discussion, DiscussionPage, LikeResult } from '@agora/shared';
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
  signUpMany,
} from '../../../test/forums';
import { CONTENT_EVENTS } from '../../platform/content';

const LIKE = '/api/forums/like/';

describe('POST /api/forums/like/', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  const likesCount = async (table: 'discussions' | 'comments', id: number) =>
    (
      await t.db.execute<{ likes_count: number }>(
        sql`select likes_count from ${sql.identifier(table)} where id = ${id}`,
      )
    ).rows[0]?.likes_count;

  it('likes a discussion, then takes the like back', async () => {
    const events = await recordEvents(t, CONTENT_EVENTS.liked);
    const discussion = await postDiscussion(t, ada, { title: 'Like me' });
    const like = await as(t, bob).post(LIKE, { model: 'forum', id: discussion.id });
    expect(like.statusCode, like.body).toBe(200);
    expect(like.json<LikeResult>()).toEqual({ liked: true, likesCount: 1 });
    expect(await likesCount('discussions', discussion.id)).toBe(1);
    const seen = (await as(t, bob).get(`/api/forums/forums/${discussion.id}/`)).json<Discussion>();
    expect(seen).toMatchObject({ isLiked: true, likesCount: 1 });
    // The same statement, prepared once, answers each viewer for themselves.
    for (const other of [ada, null]) {
      const theirs = await as(t, other).get(`/api/forums/forums/${discussion.id}/`);
      expect(theirs.json<Discussion>()).toMatchObject({ isLiked: false, likesCount: 1 });
      const feed = (await as(t, other).get('/api/forums/forums/')).json<DiscussionPage>();
      expect(feed.results.find((item) => item.id === discussion.id)?.isLiked).toBe(false);
    }
    const bobsFeed = (await as(t, bob).get('/api/forums/forums/')).json<DiscussionPage>();
    expect(bobsFeed.results.find((item) => item.id === discussion.id)?.isLiked).toBe(true);

    const unlike = await as(t, bob).post(LIKE, { model: 'forum', id: discussion.id });
    expect(unlike.json<LikeResult>()).toEqual({ liked: false, likesCount: 0 });
    expect(await likesCount('discussions', discussion.id)).toBe(0);
    expect(await countRows(t, 'likes', sql`object_id = ${discussion.id} and model = 'forum'`)).toBe(
      0,
    );
    await vi.waitFor(() =>
      expect(events).toEqual([
        {
          actorId: bob.user.id,
          ownerId: ada.user.id,
          target: { model: 'forum', id: discussion.id, host: null, parentId: null },
          title: 'Like me',
        },
      ]),
    );
  });

  it('likes comments and replies, each under its own model', async () => {
    const discussion = await postDiscussion(t, ada);
    const comment = await postComment(t, ada, discussion.id);
    const reply = await postReply(t, ada, comment.id);
    expect((await as(t, bob).post(LIKE, { model: 'comment', id: comment.id })).json()).toEqual({
      liked: true,
      likesCount: 1,
    });
    expect((await as(t, bob).post(LIKE, { model: 'subcomment', id: reply.id })).json()).toEqual({
      liked: true,
      likesCount: 1,
    });
    expect(await likesCount('comments', comment.id)).toBe(1);
    expect(await likesCount('comments', reply.id)).toBe(1);
    const comments = (
      await as(t, bob).get(`/api/forums/forums-comment/?forum=${discussion.id}`)
    ).json<{
      results: { isLiked: boolean; likesCount: number }[];
    }>();
    expect(comments.results).toEqual([expect.objectContaining({ isLiked: true, likesCount: 1 })]);
    const adas = (await as(t, ada).get(`/api/forums/forums-comment/?forum=${discussion.id}`)).json<{
      results: { isLiked: boolean; likesCount: number }[];
    }>();
    expect(adas.results).toEqual([expect.objectContaining({ isLiked: false, likesCount: 1 })]);
    // A reply is not a top-level comment, and the other way round.
    const before = await forumRowCounts(t);
    expect((await as(t, bob).post(LIKE, { model: 'comment', id: reply.id })).statusCode).toBe(400);
    expect((await as(t, bob).post(LIKE, { model: 'subcomment', id: comment.id })).statusCode).toBe(
      400,
    );
    expect(await forumRowCounts(t)).toEqual(before);
  });

  it.each([
    [{ model: 'job', id: 1 }, 'model'],
    [{ model: 'forum' }, 'id'],
    [{ model: 'forum', id: -1 }, 'id'],
    [{ model: 'forum', id: 999_999 }, 'id'],
  ])('rejects %o, naming %s and writing nothing', async (payload, field) => {
    const before = await forumRowCounts(t);
    const response = await as(t, bob).post(LIKE, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
    expect(await forumRowCounts(t)).toEqual(before);
  });

  it('refuses to like a draft', async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const response = await as(t, bob).post(LIKE, { model: 'forum', id: draft.id });
    expect(response.statusCode).toBe(400);
    expect(await likesCount('discussions', draft.id)).toBe(0);
  });

  it('needs a signed-in member', async () => {
    const discussion = await postDiscussion(t, ada);
    expect((await as(t, null).post(LIKE, { model: 'forum', id: discussion.id })).statusCode).toBe(
      401,
    );
    expect(await likesCount('discussions', discussion.id)).toBe(0);
  });
});

describe('concurrent likes', () => {
  let t: TestApp;
  let members: Member[];
  beforeAll(async () => {
    t = await createAccountsTestApp();
    members = await signUpMany(t, 'fan', 50);
  });
  afterAll(() => t.close());

  it('counts 50 members liking at once exactly, and unliking at once back to zero', async () => {
    const [author] = members;
    if (!author) throw new Error('no members');
    const discussion = await postDiscussion(t, author);
    const likeAll = () =>
      Promise.all(
        members.map((member) => as(t, member).post(LIKE, { model: 'forum', id: discussion.id })),
      );
    const stored = async () => {
      const { rows } = await t.db.execute<{ likes_count: number; rows: number }>(
        sql`select likes_count, (select count(*)::int from likes where model = 'forum' and object_id = ${discussion.id}) as rows from discussions where id = ${discussion.id}`,
      );
      return rows[0];
    };

    const liked = await likeAll();
    expect(liked.map((response) => response.statusCode)).toEqual(members.map(() => 200));
    expect(liked.every((response) => response.json<LikeResult>().liked)).toBe(true);
    expect(await stored()).toEqual({ likes_count: 50, rows: 50 });
    const counts = liked
      .map((response) => response.json<LikeResult>().likesCount)
      .sort((a, b) => a - b);
    expect(counts).toEqual(members.map((_, index) => index + 1));

    await likeAll();
    expect(await stored()).toEqual({ likes_count: 0, rows: 0 });
  });
});
