import type { Comment, CommentPage, Discussion, DiscussionPage, Report } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import {
  as,
  countRows,
  makeStaff,
  postComment,
  postDiscussion,
  postReply,
} from '../../../test/forums';
import {
  commentHidden,
  discussionStatusOf,
  report,
  reportBy,
  reportsOf,
  REPORT,
} from '../../../test/moderation';

const detail = (id: number) => `/api/forums/forums/${id}/`;
const COMMENTS = '/api/forums/forums-comment/';
const REPLIES = '/api/forums/forums-sub-comment/';
describe('POST /api/forums/report/', () => {
  let t: TestApp;
  const reportCount = () => countRows(t, 'reports');
  let ada: Member;
  let bob: Member;
  let cy: Member;
  let dee: Member;
  let eve: Member;
  let staff: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    [ada, bob, cy, dee, eve, staff] = await Promise.all([
      signUp(t, 'ada'),
      signUp(t, 'bob'),
      signUp(t, 'cyd'),
      signUp(t, 'dee'),
      signUp(t, 'eve'),
      signUp(t, 'staffer'),
    ]);
    // Before the first request, so the session the guard caches already carries the flag.
    await makeStaff(t, staff);
  });
  afterAll(() => t.close());

  it('records a report of a discussion and leaves it visible below three', async () => {
    const discussion = await postDiscussion(t, ada);
    const response = await report(t, bob, {
      model: 'forum',
      id: discussion.id,
      reason: 'off-topic',
      details: '  Belongs in the cooking forum.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Report>()).toEqual({
      id: expect.any(Number),
      model: 'forum',
      objectId: discussion.id,
      reason: 'off-topic',
      details: 'Belongs in the cooking forum.',
      status: 'open',
      createdAt: expect.any(String),
    });
    expect(await reportsOf(t, 'forum', discussion.id)).toEqual([
      {
        reporter_id: bob.user.id,
        reason: 'off-topic',
        details: 'Belongs in the cooking forum.',
        status: 'open',
        resolved_by_id: null,
      },
    ]);
    await reportBy(t, [cy], 'forum', discussion.id);
    expect(await discussionStatusOf(t, discussion.id)).toBe('published');
    expect((await as(t, null).get(detail(discussion.id))).statusCode).toBe(200);
  });

  it('refuses a second open report by the same member and writes nothing', async () => {
    const discussion = await postDiscussion(t, ada);
    await reportBy(t, [bob], 'forum', discussion.id);
    const before = await reportCount();
    const again = await report(t, bob, { model: 'forum', id: discussion.id, reason: 'abuse' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      nonFieldErrors: ['You have already reported this; our moderators will take a look.'],
    });
    expect(await reportCount()).toBe(before);
    expect((await reportsOf(t, 'forum', discussion.id)).map((row) => row.reason)).toEqual(['spam']);
  });

  it('refuses a report of your own discussion, comment or reply', async () => {
    const discussion = await postDiscussion(t, ada);
    const comment = await postComment(t, bob, discussion.id);
    const reply = await postReply(t, cy, comment.id);
    const before = await reportCount();
    for (const [member, model, id] of [
      [ada, 'forum', discussion.id],
      [bob, 'comment', comment.id],
      [cy, 'subcomment', reply.id],
    ] as const) {
      const response = await report(t, member, { model, id });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ nonFieldErrors: ['You cannot report your own post.'] });
    }
    expect(await reportCount()).toBe(before);
  });

  it.each([
    ['no model', { id: 1, reason: 'spam' }, 'model'],
    ['an unknown model', { model: 'job', id: 1, reason: 'spam' }, 'model'],
    ['no id', { model: 'forum', reason: 'spam' }, 'id'],
    ['a text id', { model: 'forum', id: 'x', reason: 'spam' }, 'id'],
    ['a zero id', { model: 'forum', id: 0, reason: 'spam' }, 'id'],
    ['no reason', { model: 'forum', id: 1 }, 'reason'],
    ['an unknown reason', { model: 'forum', id: 1, reason: 'boring' }, 'reason'],
    ['numeric details', { model: 'forum', id: 1, reason: 'other', details: 42 }, 'details'],
    [
      'details over 1,000 characters',
      { model: 'forum', id: 1, reason: 'other', details: 'x'.repeat(1001) },
      'details',
    ],
  ])('rejects %s, naming the field and writing nothing', async (_label, payload, field) => {
    const before = await reportCount();
    const response = await as(t, bob).post(REPORT, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
    expect(await reportCount()).toBe(before);
  });

  it('refuses signed-out visitors', async () => {
    const discussion = await postDiscussion(t, ada);
    const before = await reportCount();
    const response = await as(t, null).post(REPORT, {
      model: 'forum',
      id: discussion.id,
      reason: 'spam',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String) });
    expect(await reportCount()).toBe(before);
  });

  it('answers 404 for what members cannot see: drafts, deleted comments, wrong kinds', async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    const discussion = await postDiscussion(t, ada);
    const comment = await postComment(t, ada, discussion.id);
    const reply = await postReply(t, ada, comment.id);
    const deleted = await postComment(t, ada, discussion.id);
    expect((await as(t, ada).delete(`${COMMENTS}${deleted.id}/`)).statusCode).toBe(204);
    const before = await reportCount();
    for (const [model, id] of [
      ['forum', draft.id],
      ['forum', 999_999],
      ['comment', deleted.id],
      ['comment', reply.id],
      ['subcomment', comment.id],
    ] as const) {
      const response = await report(t, bob, { model, id });
      expect(response.statusCode, `${model} ${id}`).toBe(404);
      expect(response.json()).toEqual({
        detail: 'This post does not exist or is no longer visible.',
      });
    }
    expect(await reportCount()).toBe(before);
  });

  it('hides a discussion at the third report: gone from lists and for others, kept for its author and staff', async () => {
    const discussion = await postDiscussion(t, ada, { tags: ['reported'] });
    const comment = await postComment(t, eve, discussion.id);
    await reportBy(t, [bob, cy], 'forum', discussion.id);
    expect(await discussionStatusOf(t, discussion.id)).toBe('published');
    await reportBy(t, [dee], 'forum', discussion.id);
    expect(await discussionStatusOf(t, discussion.id)).toBe('hidden');

    const ids = (page: DiscussionPage) => page.results.map((item) => item.id);
    for (const url of ['/api/forums/forums/', '/api/forums/forums/?tag=reported']) {
      expect(ids((await as(t, bob).get(url)).json<DiscussionPage>())).not.toContain(discussion.id);
    }
    expect((await as(t, bob).get(detail(discussion.id))).statusCode).toBe(404);
    expect((await as(t, null).get(detail(discussion.id))).statusCode).toBe(404);
    expect((await as(t, bob).get(`${COMMENTS}?forum=${discussion.id}`)).statusCode).not.toBe(200);
    for (const member of [ada, staff]) {
      const seen = await as(t, member).get(detail(discussion.id));
      expect(seen.statusCode).toBe(200);
      expect(seen.json<Discussion>()).toMatchObject({ id: discussion.id, status: 'hidden' });
      const comments = await as(t, member).get(`${COMMENTS}?forum=${discussion.id}`);
      expect(comments.json<CommentPage>().results.map((item) => item.id)).toEqual([comment.id]);
    }

    // Hidden, it can no longer be reported.
    const fourth = await report(t, eve, { model: 'forum', id: discussion.id });
    expect(fourth.statusCode).toBe(404);
    expect(await reportsOf(t, 'forum', discussion.id)).toHaveLength(3);
  });

  it('hides a comment and a reply at the third report: a placeholder for others, the text for its author and staff', async () => {
    const discussion = await postDiscussion(t, ada);
    const comment = await postComment(t, eve, discussion.id, 'Buy cheap watches');
    const reply = await postReply(t, eve, comment.id, 'Really cheap');
    const kept = await postReply(t, ada, comment.id, 'Please stop');
    await reportBy(t, [bob, cy, dee], 'comment', comment.id);
    await reportBy(t, [bob, cy, dee], 'subcomment', reply.id);
    expect(await commentHidden(t, comment.id)).toBe(true);
    expect(await commentHidden(t, reply.id)).toBe(true);
    expect(await commentHidden(t, kept.id)).toBe(false);

    const placeholder = { content: '[hidden by moderators]', author: null, hidden: true };
    for (const viewer of [bob, null]) {
      const comments = (
        await as(t, viewer).get(`${COMMENTS}?forum=${discussion.id}`)
      ).json<CommentPage>();
      expect(comments.results).toEqual([
        expect.objectContaining({ id: comment.id, repliesCount: 2, ...placeholder }),
      ]);
      const replies = (
        await as(t, viewer).get(`${REPLIES}?comment=${comment.id}`)
      ).json<CommentPage>();
      expect(replies.results).toEqual([
        expect.objectContaining({ id: reply.id, ...placeholder }),
        expect.objectContaining({ id: kept.id, content: 'Please stop', hidden: false }),
      ]);
    }
    for (const viewer of [eve, staff]) {
      const comments = (
        await as(t, viewer).get(`${COMMENTS}?forum=${discussion.id}`)
      ).json<CommentPage>();
      expect(comments.results[0]).toMatchObject<Partial<Comment>>({
        id: comment.id,
        content: 'Buy cheap watches',
        author: expect.objectContaining({ username: 'eve' }),
        hidden: true,
      });
    }
    const again = await report(t, ada, { model: 'comment', id: comment.id });
    expect(again.statusCode).toBe(404);
  });

  it('takes no reply or like on a hidden comment until staff decide', async () => {
    const discussion = await postDiscussion(t, ada);
    const comment = await postComment(t, eve, discussion.id, 'Spam again');
    await reportBy(t, [bob, cy, dee], 'comment', comment.id);
    expect(await commentHidden(t, comment.id)).toBe(true);

    const replies = () => countRows(t, 'comments', sql`parent_id = ${comment.id}`);
    const likes = () => countRows(t, 'likes', sql`object_id = ${comment.id}`);
    const reply = await as(t, ada).post(REPLIES, { comment: comment.id, content: 'No thanks' });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(Object.keys(reply.json())).toEqual(['comment']);
    const like = await as(t, ada).post('/api/forums/like/', { model: 'comment', id: comment.id });
    expect(like.statusCode, like.body).toBe(400);
    expect(Object.keys(like.json())).toEqual(['id']);
    expect(await replies()).toBe(0);
    expect(await likes()).toBe(0);
  });

  it('counts concurrent reports one after another: the third hides, exactly once', async () => {
    const discussion = await postDiscussion(t, ada);
    const responses = await Promise.all(
      [bob, cy, dee, eve].map((member) => report(t, member, { model: 'forum', id: discussion.id })),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 404]);
    expect(await discussionStatusOf(t, discussion.id)).toBe('hidden');
    expect(
      await countRows(t, 'reports', sql`model = 'forum' and object_id = ${discussion.id}`),
    ).toBe(3);
  });
});
