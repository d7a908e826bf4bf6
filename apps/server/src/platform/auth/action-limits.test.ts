import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, type Member } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/build-app';
import { CHATS } from '../../../test/chat';
import { as, countRows, makeStaff, postDiscussion } from '../../../test/forums';
import { NO_ACTION_LIMITS, type LimitedAction } from './limit-windows';

describe('per-member limits on writes', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  let staff: Member;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        actionLimits: {
          ...NO_ACTION_LIMITS,
          comments: [{ max: 2, seconds: 60 }],
          // Two windows: the short one refuses a burst, the long one a steady stream.
          chat_messages: [
            { max: 2, seconds: 2 },
            { max: 4, seconds: 60 },
          ],
        },
      },
    });
    [ada, bob, staff] = await Promise.all([
      signUp(t, 'ada'),
      signUp(t, 'bob'),
      signUp(t, 'staffer'),
    ]);
    await makeStaff(t, staff);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const comment = (member: Member, forum: number, content: string) =>
    as(t, member).post('/api/forums/forums-comment/', { forum, content });

  it('refuses the action past its limit with 429, Retry-After and a clear message, writing nothing', async () => {
    const { id } = await postDiscussion(t, bob);
    expect((await comment(ada, id, 'One.')).statusCode).toBe(201);
    expect((await comment(ada, id, 'Two.')).statusCode).toBe(201);
    const before = await countRows(t, 'comments');
    const refused = await comment(ada, id, 'Three.');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(
        /^You have sent too many comments in a short time\. Please wait \d+ seconds and try again\.$/,
      ),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await countRows(t, 'comments')).toBe(before);

    // Another member, and staff, are not held back by ada's count.
    expect((await comment(bob, id, 'Mine.')).statusCode).toBe(201);
    for (const text of ['S1', 'S2', 'S3', 'S4']) {
      expect((await comment(staff, id, text)).statusCode).toBe(201);
    }
  });

  it('counts per window: a burst is refused at once, and the minute still caps the stream', async () => {
    // The clock the counters read stands still but for these steps, however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    const nextWindow = () => vi.setSystemTime(Date.now() + 2100);
    const started = await as(t, ada).post(`${CHATS}/`, { member: bob.user.id, newmessage: 'Hi' });
    expect(started.statusCode).toBe(201);
    const chatId = started.json<{ chatId: number }>().chatId;
    const send = () =>
      as(t, ada).post(`${CHATS}/${chatId}/send_messages/`, { newmessage: 'And again' });

    nextWindow();
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const burst = await send();
    expect(burst.statusCode).toBe(429);
    expect(burst.json().detail).toContain('too many messages');
    expect(Number(burst.headers['retry-after'])).toBeLessThanOrEqual(2);

    // The burst's refusal did not count against the minute: 4 sent so far, 5th refused.
    nextWindow();
    expect((await send()).statusCode).toBe(201);
    const capped = await send();
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(50);
  });
});

describe('every limited write is counted', () => {
  let t: TestApp;
  let ada: Member;
  let members = 0;
  beforeAll(async () => {
    const once = [{ max: 1, seconds: 60 }];
    t = await createTestApp({
      config: {
        actionLimits: {
          posts: once,
          comments: once,
          likes: once,
          reports: once,
          chat_messages: once,
          chat_starts: once,
          uploads: once,
        },
      },
    });
    ada = await signUp(t, 'ada');
  });
  afterAll(() => t.close());

  // The limit runs before the body is read, so an empty body counts as a try.
  it.each<[LimitedAction, string]>([
    ['posts', '/api/forums/forums/'],
    ['posts', '/api/forums/polls/'],
    ['posts', '/api/forums/quizs/'],
    ['comments', '/api/forums/forums-comment/'],
    ['comments', '/api/forums/forums-sub-comment/'],
    ['comments', '/api/forums/comments/'],
    ['likes', '/api/forums/like/'],
    ['likes', '/api/forums/quizs-vote/1/'],
    ['reports', '/api/forums/report/'],
    ['chat_starts', `${CHATS}/`],
    ['chat_messages', `${CHATS}/1/send_messages/`],
    ['uploads', '/api/common/files/'],
  ])('%s: POST %s', async (action, url) => {
    members += 1;
    const member = await signUp(t, `member${members}`);
    const first = await as(t, member).post(url, {});
    expect(first.statusCode).not.toBe(429);
    const second = await as(t, member).post(url, {});
    expect(second.statusCode, `${action} ${url}`).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
  });

  it('counts an action across its routes: a poll after a discussion is a second post', async () => {
    expect((await as(t, ada).post('/api/forums/forums/', {})).statusCode).toBe(400);
    expect((await as(t, ada).post('/api/forums/polls/', {})).statusCode).toBe(429);
    expect((await as(t, ada).post('/api/forums/quizs/', {})).statusCode).toBe(429);
  });
});
