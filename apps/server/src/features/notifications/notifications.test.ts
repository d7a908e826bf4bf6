import type { NotificationItem } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, postComment, postDiscussion } from '../../../test/forums';
import {
  COUNT,
  DETAILS,
  READ_ALL,
  SET_VIEWED,
  notificationCount,
  notificationPage,
  notificationRows,
  waitForNotifications,
} from '../../../test/notifications';

const setViewed = (t: TestApp, member: Member | null, query: string) =>
  t.app.inject({
    method: 'PUT',
    url: `${SET_VIEWED}${query}`,
    headers: member ? bearer(member.access) : {},
  });

const viewedFlags = async (t: TestApp, member: Member) =>
  (await notificationRows(t, member)).map((row) => row.viewed);

describe('notification REST calls under /api/common/', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  let cyd: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
    cyd = await signUp(t, 'cyd');
  });
  afterAll(() => t.close());

  it('counts and lists the member’s notifications, newest first, with actor and target', async () => {
    const discussion = await postDiscussion(t, ada, { title: 'Hello world' });
    const comment = await postComment(t, bob, discussion.id, 'Welcome!');
    await waitForNotifications(t, ada, 1);
    const like = await as(t, cyd).post('/api/forums/like/', { model: 'forum', id: discussion.id });
    expect(like.statusCode, like.body).toBe(200);
    const [liked, commented] = await waitForNotifications(t, ada, 2);

    expect(await notificationCount(t, ada)).toBe(2);
    const page = await notificationPage(t, ada);
    expect(page).toEqual({
      results: [
        {
          id: liked?.id,
          message: 'cyd liked your discussion “Hello world”',
          viewed: false,
          createdAt: liked?.createdAt.toISOString(),
          actor: { id: cyd.user.id, username: 'cyd', avatar: null },
          verb: 'liked',
          targetObject: {
            appLabel: 'forums',
            model: 'forum',
            id: discussion.id,
            title: 'Hello world',
            url: `/discussions/${discussion.id}`,
          },
        },
        {
          id: commented?.id,
          message: 'bob commented on your discussion “Hello world”',
          viewed: false,
          createdAt: commented?.createdAt.toISOString(),
          actor: { id: bob.user.id, username: 'bob', avatar: null },
          verb: 'commented',
          targetObject: {
            appLabel: 'forums',
            model: 'comment',
            id: comment.id,
            title: 'Hello world',
            url: `/discussions/${discussion.id}#comment-${comment.id}`,
          },
        },
      ],
      next: null,
    });
    // Nobody else sees them.
    expect(await notificationPage(t, bob)).toEqual({ results: [], next: null });
    expect(await notificationCount(t, bob)).toBe(0);
  });

  it('pages through the list with a cursor, 10 at a time unless asked otherwise', async () => {
    const dee = await signUp(t, 'dee');
    const discussion = await postDiscussion(t, dee);
    for (let index = 0; index < 12; index += 1) {
      await postComment(t, bob, discussion.id, `Comment ${index}`);
    }
    const rows = await waitForNotifications(t, dee, 12);

    const first = await notificationPage(t, dee);
    expect(first.results.map((item) => item.id)).toEqual(rows.slice(0, 10).map((row) => row.id));
    expect(first.next).toEqual(expect.any(String));
    const second = await notificationPage(t, dee, `?cursor=${first.next}`);
    expect(second).toMatchObject({ next: null });
    expect(second.results.map((item) => item.id)).toEqual(rows.slice(10).map((row) => row.id));

    const five = await notificationPage(t, dee, '?limit=5');
    expect(five.results).toHaveLength(5);
    expect(five.next).toEqual(expect.any(String));

    // Actors are loaded together: a long page costs the same number of queries as a short one.
    const one = await t.countQueries(() => notificationPage(t, dee, '?limit=1'));
    const all = await t.countQueries(() => notificationPage(t, dee, '?limit=50'));
    expect(all).toBe(one);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=51', 'limit'],
    ['?limit=many', 'limit'],
    ['?cursor=not-a-cursor', 'cursor'],
  ])('refuses the list with %s, naming the field', async (query, field) => {
    const response = await as(t, ada).get(`${DETAILS}${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: [expect.any(String)] });
  });

  it('marks one of the member’s notifications viewed', async () => {
    const discussion = await postDiscussion(t, cyd, { title: 'Viewed one' });
    await postComment(t, bob, discussion.id);
    await postComment(t, ada, discussion.id);
    const [, older] = await waitForNotifications(t, cyd, 2);

    const response = await setViewed(t, cyd, `?notification_id=${older?.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<NotificationItem>()).toMatchObject({
      id: older?.id,
      viewed: true,
      message: 'bob commented on your discussion “Viewed one”',
    });
    expect(await viewedFlags(t, cyd)).toEqual([false, true]);
    expect(await notificationCount(t, cyd)).toBe(1);

    // Again: still viewed, nothing else changes.
    expect((await setViewed(t, cyd, `?notification_id=${older?.id}`)).statusCode).toBe(200);
    expect(await viewedFlags(t, cyd)).toEqual([false, true]);
  });

  it('answers 404 for another member’s notification and changes nothing', async () => {
    const [adaNewest] = await notificationRows(t, ada);
    const before = await viewedFlags(t, ada);
    const response = await setViewed(t, bob, `?notification_id=${adaNewest?.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: expect.any(String) });
    expect(await viewedFlags(t, ada)).toEqual(before);

    const unknown = await setViewed(t, ada, '?notification_id=999999');
    expect(unknown.statusCode).toBe(404);
    expect(await viewedFlags(t, ada)).toEqual(before);
  });

  it.each(['', '?notification_id=', '?notification_id=abc', '?notification_id=0'])(
    'refuses set-viewed with %j, naming notification_id',
    async (query) => {
      const before = await viewedFlags(t, ada);
      const response = await setViewed(t, ada, query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ notification_id: [expect.any(String)] });
      expect(await viewedFlags(t, ada)).toEqual(before);
    },
  );

  it('marks all the member’s notifications viewed, and only theirs', async () => {
    const bobDiscussion = await postDiscussion(t, bob);
    await postComment(t, cyd, bobDiscussion.id);
    await waitForNotifications(t, bob, 1);
    expect(await notificationCount(t, ada)).toBeGreaterThan(0);

    const response = await as(t, ada).post(READ_ALL);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ notificationCount: 0 });
    expect(new Set(await viewedFlags(t, ada))).toEqual(new Set([true]));
    expect(await notificationCount(t, ada)).toBe(0);
    expect(await viewedFlags(t, bob)).toEqual([false]);
  });

  it('answers 401 to every call without a token and changes nothing', async () => {
    const [row] = await notificationRows(t, bob);
    const calls = [
      () => as(t, null).get(COUNT),
      () => as(t, null).get(DETAILS),
      () => as(t, null).post(READ_ALL),
      () => setViewed(t, null, `?notification_id=${row?.id}`),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    }
    expect(await viewedFlags(t, bob)).toEqual([false]);
  });
});
