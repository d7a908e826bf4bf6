import type { Comment, Discussion, DiscussionPage } from '@agora/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, makeStaff, postComment, postDiscussion } from '../../../test/forums';
import { buildApp } from '../../app';

const LIST = '/api/forums/forums/';
const detail = (id: number) => `/api/forums/forums/${id}/`;

/** A signed-out GET on `app`: its body and whether it came from the cache. */
async function visit(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json<unknown>(), cache: response.headers['x-cache'] };
}

describe('anonymous cache', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  let staff: Member;
  let discussion: Discussion;
  let now = Date.now();
  beforeAll(async () => {
    t = await createAccountsTestApp({
      config: { anonymousCacheMs: 2000, clock: () => new Date(now) },
    });
    [ada, bob, staff] = [await signUp(t, 'ada'), await signUp(t, 'bob'), await signUp(t, 'mod')];
    await makeStaff(t, staff);
    discussion = await postDiscussion(t, ada, { title: 'Cached or not' });
  });
  afterAll(() => t.close());

  it('serves a signed-out reader a copy, a member of a plain route never, and stops after its lifetime', async () => {
    // A direct change in SQL makes no HTTP write: only the lifetime shows it.
    expect((await visit(t.app, LIST)).cache).toBe('MISS');
    await t.db.execute(
      sql`update discussions set title = 'Changed in SQL' where id = ${discussion.id}`,
    );
    const copy = await visit(t.app, LIST);
    expect(copy.cache).toBe('HIT');
    expect((copy.body as DiscussionPage).results[0]?.title).toBe('Cached or not');

    // A route without `personalise` answers members itself, always afresh.
    const member = await as(t, bob).get(detail(discussion.id));
    expect(member.headers['x-cache']).toBeUndefined();
    expect(member.json<Discussion>().title).toBe('Changed in SQL');

    now += 2000;
    const aged = await visit(t.app, LIST);
    expect(aged.cache).toBe('MISS');
    expect((aged.body as DiscussionPage).results[0]?.title).toBe('Changed in SQL');
  });

  it('shows the next reader a new comment, an edit, a hide and a delete at once', async () => {
    const url = detail(discussion.id);
    const count = async () => ((await visit(t.app, url)).body as Discussion).commentsCount;
    const title = async () => ((await visit(t.app, url)).body as Discussion).title;
    await visit(t.app, url);
    expect((await visit(t.app, url)).cache).toBe('HIT');

    const before = await count();
    const comment: Comment = await postComment(t, bob, discussion.id);
    expect(await count()).toBe(before + 1);

    const edited = await as(t, ada).patch(url, { title: 'Edited title' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await title()).toBe('Edited title');

    const hidden = await as(t, staff).post(`/api/moderation/content/forum/${discussion.id}/hide/`, {
      reason: 'Testing',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    await as(t, staff).post(`/api/moderation/content/forum/${discussion.id}/restore/`);
    expect(await title()).toBe('Edited title');

    expect((await as(t, bob).delete(`/api/forums/forums-comment/${comment.id}/`)).statusCode).toBe(
      204,
    );
    expect(await count()).toBe(before);

    const gone = await postDiscussion(t, ada, { title: 'Short-lived' });
    expect((await visit(t.app, LIST)).body).toMatchObject({
      results: expect.arrayContaining([expect.objectContaining({ id: gone.id })]),
    });
    expect((await as(t, ada).delete(detail(gone.id))).statusCode).toBe(204);
    const list = (await visit(t.app, LIST)).body as DiscussionPage;
    expect(list.results.map((item) => item.id)).not.toContain(gone.id);
  });

  it('keeps copies through writes that change nothing public, and through refused writes', async () => {
    await visit(t.app, LIST);
    expect((await visit(t.app, LIST)).cache).toBe('HIT');
    await t.app.inject({
      method: 'POST',
      url: '/api/common/notification-readall/',
      headers: bearer(bob.access),
    });
    const refused = await as(t, bob).post('/api/forums/forums/', { title: '' });
    expect(refused.statusCode).toBe(400);
    expect((await visit(t.app, LIST)).cache).toBe('HIT');
  });

  it('copies only what may be copied: no error, no route left out', async () => {
    const missing = await t.app.inject({ method: 'GET', url: detail(999_999) });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-cache']).toBe('MISS');
    const again = await t.app.inject({ method: 'GET', url: detail(999_999) });
    expect(again.headers['x-cache']).toBe('MISS');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['x-cache']).toBeUndefined();
  });

  it('answers concurrent misses with one computation', async () => {
    const url = `${LIST}?ordering=-likes`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ method: 'GET', url })),
    );
    const caches = answers.map((answer) => answer.headers['x-cache']);
    expect(caches.filter((cache) => cache === 'MISS')).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('copies the answer before compression, and compresses the copy', async () => {
    const headers = { 'accept-encoding': 'gzip' };
    const first = await t.app.inject({ method: 'GET', url: LIST, headers });
    const second = await t.app.inject({ method: 'GET', url: LIST, headers });
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['content-encoding']).toBe(first.headers['content-encoding']);
    const plain = await t.app.inject({ method: 'GET', url: LIST });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<DiscussionPage>().results.length).toBeGreaterThan(0);
  });
});

describe('anonymous cache, members on a personalised route', () => {
  let t: TestApp;
  let plain: FastifyInstance;
  beforeAll(async () => {
    t = await createAccountsTestApp({ config: { anonymousCacheMs: 2000 } });
    // The same database without the cache: what the route itself answers a member.
    plain = buildApp(
      { ...t.config, anonymousCacheMs: 0 },
      { database: { db: t.db, migrate: async () => {}, close: async () => {} } },
    );
    await plain.ready();
  });
  afterAll(async () => {
    await plain?.close();
    await t?.close();
  });

  it('gives a member the signed-out page with their own likes, bookmarks and votes, as the route would', async () => {
    const [ada, bob] = [await signUp(t, 'ada'), await signUp(t, 'bob')];
    const liked = await postDiscussion(t, ada, { title: 'Liked by bob' });
    const kept = await postDiscussion(t, ada, { title: 'Bookmarked by bob' });
    const polled = await postDiscussion(t, ada, { title: 'Voted', pollChoices: ['Tea', 'Coffee'] });
    await postDiscussion(t, ada, { title: 'Untouched' });
    expect(
      (await as(t, bob).post('/api/forums/like/', { model: 'forum', id: liked.id })).statusCode,
    ).toBe(200);
    expect(
      (await as(t, bob).post('/api/forums/forums-bookmark/', { forum: kept.id })).statusCode,
    ).toBeLessThan(300);
    const coffee = polled.pollChoices[1];
    expect(
      (await as(t, bob).post('/api/forums/forums-poll-choice/', { choice: coffee?.id })).statusCode,
    ).toBe(200);

    const answered = await as(t, bob).get(LIST);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.headers['x-cache']).toBe('PERSONALISED');
    const direct = await plain.inject({ method: 'GET', url: LIST, headers: bearer(bob.access) });
    expect(answered.json()).toEqual(direct.json());
    const page = answered.json<DiscussionPage>();
    const marks = (id: number) => page.results.find((item) => item.id === id);
    expect(marks(liked.id)).toMatchObject({ isLiked: true, isBookmarked: false });
    expect(marks(kept.id)).toMatchObject({ isLiked: false, isBookmarked: true });
    expect(marks(polled.id)?.pollChoices.map((choice) => choice.isVoted)).toEqual([false, true]);

    // Another member reads the same copy with none of bob's marks.
    const ada2 = await as(t, ada).get(LIST);
    expect(ada2.headers['x-cache']).toBe('PERSONALISED');
    expect(ada2.json()).toEqual(
      (await plain.inject({ method: 'GET', url: LIST, headers: bearer(ada.access) })).json(),
    );
  });

  it('leaves staff, bad tokens and other routes to the route itself', async () => {
    const mod = await signUp(t, 'mod');
    await makeStaff(t, mod);
    const staff = await as(t, mod).get(LIST);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['x-cache']).toBeUndefined();
    const bad = await t.app.inject({ method: 'GET', url: LIST, headers: bearer('not-a-token') });
    expect(bad.statusCode).toBe(401);
    const detailAnswer = await as(t, mod).get('/api/forums/forums/1/');
    expect(detailAnswer.headers['x-cache']).toBeUndefined();
  });
});

/** Two instances on one database and one Redis: a write through one is seen through the other. */
describe.runIf(process.env.REDIS_URL)('anonymous cache across instances', () => {
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createAccountsTestApp({
      config: { anonymousCacheMs: 60_000, redisUrl: process.env.REDIS_URL },
    });
    second = buildApp(first.config, {
      database: { db: first.db, migrate: async () => {}, close: async () => {} },
    });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('shows a comment made through one instance to the next reader of the other', async () => {
    const ada = await signUp(first, 'ada');
    const discussion = await postDiscussion(first, ada);
    const url = detail(discussion.id);
    await visit(second, url);
    expect((await visit(second, url)).cache).toBe('HIT');
    await postComment(first, ada, discussion.id);
    const after = await visit(second, url);
    expect(after.cache).toBe('MISS');
    expect((after.body as Discussion).commentsCount).toBe(1);
  });
});
