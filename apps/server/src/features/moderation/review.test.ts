import type {
  CommentPage,
  DiscussionPage,
  ModerationDecision,
  ReportedObject,
  ReportedObjectPage,
} from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows, makeStaff, postComment, postDiscussion } from '../../../test/forums';
import {
  commentHidden,
  discussionStatusOf,
  report,
  reportBy,
  reportsOf,
} from '../../../test/moderation';

const QUEUE = '/api/moderation/reports/';
const decision = (model: string, id: number | string, kind: 'dismiss' | 'hide') =>
  `/api/moderation/reports/${model}/${id}/${kind}/`;
const detail = (id: number) => `/api/forums/forums/${id}/`;

describe('staff review of reports under /api/moderation/', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  let cyd: Member;
  let dee: Member;
  let staff: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    [ada, bob, cyd, dee, staff] = await Promise.all([
      signUp(t, 'ada'),
      signUp(t, 'bob'),
      signUp(t, 'cyd'),
      signUp(t, 'dee'),
      signUp(t, 'staffer'),
    ]);
    await makeStaff(t, staff);
  });
  afterAll(() => t.close());

  /** Closes every open report, so each test starts from an empty queue. */
  const emptyQueue = () => t.db.execute(sql`update reports set status = 'dismissed'`);
  const queue = async (query = '') => {
    const response = await as(t, staff).get(`${QUEUE}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportedObjectPage>();
  };
  const openCount = () => countRows(t, 'reports', sql`status = 'open'`);

  it('lists reported objects grouped, the longest waiting first, with reasons and details', async () => {
    await emptyQueue();
    const discussion = await postDiscussion(t, ada, {
      title: 'Cheap watches',
      content: 'Visit   my\nshop for **cheap** watches.',
    });
    const comment = await postComment(t, bob, discussion.id, 'You are all idiots.');
    await report(t, bob, {
      model: 'forum',
      id: discussion.id,
      reason: 'spam',
      details: 'An advert.',
    });
    await report(t, cyd, { model: 'comment', id: comment.id, reason: 'abuse' });
    await report(t, dee, { model: 'forum', id: discussion.id, reason: 'other' });

    const page = await queue();
    expect(page.next).toBeNull();
    expect(page.results).toEqual<ReportedObject[]>([
      {
        model: 'forum',
        id: discussion.id,
        title: 'Cheap watches',
        excerpt: 'Visit my shop for **cheap** watches.',
        author: { id: ada.user.id, username: 'ada', avatar: null },
        url: `/discussions/${discussion.id}`,
        state: 'visible',
        openReports: 2,
        reports: [
          {
            reason: 'spam',
            details: 'An advert.',
            reporter: { id: bob.user.id, username: 'bob', avatar: null },
            createdAt: expect.any(String),
          },
          {
            reason: 'other',
            details: '',
            reporter: { id: dee.user.id, username: 'dee', avatar: null },
            createdAt: expect.any(String),
          },
        ],
        firstReportedAt: expect.any(String),
      },
      {
        model: 'comment',
        id: comment.id,
        title: 'Cheap watches',
        excerpt: 'You are all idiots.',
        author: { id: bob.user.id, username: 'bob', avatar: null },
        url: `/discussions/${discussion.id}#comment-${comment.id}`,
        state: 'visible',
        openReports: 1,
        reports: [
          {
            reason: 'abuse',
            details: '',
            reporter: { id: cyd.user.id, username: 'cyd', avatar: null },
            createdAt: expect.any(String),
          },
        ],
        firstReportedAt: expect.any(String),
      },
    ]);
    expect(await openCount()).toBe(3);
  });

  it('pages through the queue without repeating or skipping, in a fixed number of queries', async () => {
    await emptyQueue();
    const discussions = [];
    for (let index = 0; index < 5; index += 1) {
      const discussion = await postDiscussion(t, ada);
      await reportBy(t, [bob, cyd], 'forum', discussion.id);
      discussions.push(discussion.id);
    }
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await queue(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.results.length).toBeLessThanOrEqual(2);
      seen.push(...page.results.map((item) => item.id));
      cursor = page.next;
    }
    expect(seen).toEqual(discussions);

    const queries = async (limit: number) =>
      t.countQueries(() => as(t, staff).get(`${QUEUE}?limit=${limit}`));
    expect(await queries(5)).toBe(await queries(1));
  });

  it.each([
    ['?cursor=not-a-cursor', 'cursor'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
  ])('rejects %s, naming %s', async (query, field) => {
    const response = await as(t, staff).get(`${QUEUE}${query}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
  });

  it('dismisses: closes the reports and shows a hidden discussion again', async () => {
    await emptyQueue();
    const discussion = await postDiscussion(t, ada);
    await reportBy(t, [bob, cyd, dee], 'forum', discussion.id);
    expect(await discussionStatusOf(t, discussion.id)).toBe('hidden');
    expect((await queue()).results[0]).toMatchObject({ id: discussion.id, state: 'hidden' });

    const response = await as(t, staff).post(decision('forum', discussion.id, 'dismiss'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ModerationDecision>()).toEqual({
      model: 'forum',
      id: discussion.id,
      decision: 'dismiss',
      closedReports: 3,
      state: 'visible',
    });
    expect(await discussionStatusOf(t, discussion.id)).toBe('published');
    expect(await reportsOf(t, 'forum', discussion.id)).toEqual(
      [bob, cyd, dee].map((member) =>
        expect.objectContaining({
          reporter_id: member.user.id,
          status: 'dismissed',
          resolved_by_id: staff.user.id,
        }),
      ),
    );
    expect((await as(t, bob).get(detail(discussion.id))).statusCode).toBe(200);
    const feed = (await as(t, bob).get('/api/forums/forums/')).json<DiscussionPage>();
    expect(feed.results.map((item) => item.id)).toContain(discussion.id);
    expect((await queue()).results).toEqual([]);

    // The same members may report it again: their earlier reports are closed.
    expect((await report(t, bob, { model: 'forum', id: discussion.id })).statusCode).toBe(201);
  });

  it('dismisses reports of a hidden comment: its text shows again', async () => {
    await emptyQueue();
    const discussion = await postDiscussion(t, ada);
    const comment = await postComment(t, dee, discussion.id, 'Fine words.');
    await reportBy(t, [ada, bob, cyd], 'comment', comment.id);
    expect(await commentHidden(t, comment.id)).toBe(true);

    const response = await as(t, staff).post(decision('comment', comment.id, 'dismiss'));
    expect(response.json<ModerationDecision>()).toMatchObject({
      closedReports: 3,
      state: 'visible',
    });
    expect(await commentHidden(t, comment.id)).toBe(false);
    const comments = await as(t, bob).get(`/api/forums/forums-comment/?forum=${discussion.id}`);
    expect(comments.json<CommentPage>().results[0]).toMatchObject({
      id: comment.id,
      content: 'Fine words.',
      hidden: false,
    });
  });

  it('hides: closes the reports and keeps a hidden discussion hidden', async () => {
    await emptyQueue();
    const discussion = await postDiscussion(t, ada);
    await reportBy(t, [bob, cyd, dee], 'forum', discussion.id);

    const response = await as(t, staff).post(decision('forum', discussion.id, 'hide'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ModerationDecision>()).toEqual({
      model: 'forum',
      id: discussion.id,
      decision: 'hide',
      closedReports: 3,
      state: 'hidden',
    });
    expect(await discussionStatusOf(t, discussion.id)).toBe('hidden');
    expect((await reportsOf(t, 'forum', discussion.id)).map((row) => row.status)).toEqual([
      'hidden',
      'hidden',
      'hidden',
    ]);
    expect((await as(t, bob).get(detail(discussion.id))).statusCode).toBe(404);
    expect((await queue()).results).toEqual([]);
  });

  it('hides a comment with a single report at once', async () => {
    await emptyQueue();
    const discussion = await postDiscussion(t, ada);
    const comment = await postComment(t, dee, discussion.id);
    await reportBy(t, [bob], 'comment', comment.id);
    expect(await commentHidden(t, comment.id)).toBe(false);

    const response = await as(t, staff).post(decision('comment', comment.id, 'hide'));
    expect(response.json<ModerationDecision>()).toMatchObject({
      closedReports: 1,
      state: 'hidden',
    });
    expect(await commentHidden(t, comment.id)).toBe(true);
  });

  it('shows a reported object its author deleted as deleted, and lets staff close it', async () => {
    await emptyQueue();
    const discussion = await postDiscussion(t, ada, { title: 'Soon gone' });
    await reportBy(t, [bob], 'forum', discussion.id);
    expect((await as(t, ada).delete(detail(discussion.id))).statusCode).toBe(204);
    expect((await queue()).results).toEqual([
      expect.objectContaining({
        id: discussion.id,
        state: 'deleted',
        author: null,
        title: 'Deleted content',
      }),
    ]);
    const response = await as(t, staff).post(decision('forum', discussion.id, 'hide'));
    expect(response.json<ModerationDecision>()).toMatchObject({
      closedReports: 1,
      state: 'deleted',
    });
    expect(await openCount()).toBe(0);
  });

  it('answers 404 when the object has no open reports, changing nothing', async () => {
    await emptyQueue();
    const discussion = await postDiscussion(t, ada);
    for (const kind of ['dismiss', 'hide'] as const) {
      const response = await as(t, staff).post(decision('forum', discussion.id, kind));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        detail:
          'There are no open reports about this post; another moderator may have decided already.',
      });
    }
    expect(await discussionStatusOf(t, discussion.id)).toBe('published');
  });

  it.each([
    ['job', '1', 'model'],
    ['forum', 'abc', 'id'],
    ['forum', '0', 'id'],
  ])('rejects /reports/%s/%s/, naming %s', async (model, id, field) => {
    const response = await as(t, staff).post(decision(model, id, 'dismiss'));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
  });

  it('refuses members who are not staff (403) and signed-out visitors (401), changing nothing', async () => {
    await emptyQueue();
    const discussion = await postDiscussion(t, ada);
    await reportBy(t, [bob, cyd, dee], 'forum', discussion.id);
    const requests = [
      (member: Member | null) => as(t, member).get(QUEUE),
      (member: Member | null) => as(t, member).post(decision('forum', discussion.id, 'dismiss')),
      (member: Member | null) => as(t, member).post(decision('forum', discussion.id, 'hide')),
    ];
    for (const send of requests) {
      // The author of the reported post is a member like any other here.
      for (const member of [ada, bob]) {
        const response = await send(member);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: 'Only staff members can do this.' });
      }
      const signedOut = await send(null);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ detail: expect.any(String) });
    }
    expect(await discussionStatusOf(t, discussion.id)).toBe('hidden');
    expect(await openCount()).toBe(3);
  });
});
