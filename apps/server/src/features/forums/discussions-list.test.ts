import type { Discussion, DiscussionPage } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member, type TestClock } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, postComment, postDiscussion, type Client } from '../../../test/forums';

const LIST = '/api/forums/forums/';

async function page(client: Client, url: string): Promise<DiscussionPage> {
  const response = await client.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DiscussionPage>();
}

/** Every page of a list, following `next`, with `between` run before each further page. */
async function walk(
  client: Client,
  url: string,
  between: () => Promise<void> = async () => {},
): Promise<number[]> {
  const ids: number[] = [];
  let next: string | null = null;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const body = await page(client, next ? `${url}${separator}cursor=${next}` : url);
    ids.push(...body.results.map((item) => item.id));
    next = body.next;
    if (next) await between();
  } while (next);
  return ids;
}

describe('GET /api/forums/forums/ paging', () => {
  let t: TestApp & { clock: TestClock };
  let ada: Member;
  let posted: Discussion[];
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    posted = [];
    for (let index = 0; index < 25; index += 1) {
      // Several share a timestamp, so the id must break ties.
      if (index % 3 === 0) t.clock.advance(1);
      posted.push(await postDiscussion(t, ada));
    }
  });
  afterAll(() => t.close());

  it('pages newest first without duplicates or gaps while new posts arrive', async () => {
    const expected = posted.map((item) => item.id).reverse();
    const ids = await walk(as(t, null), `${LIST}?limit=10`, async () => {
      t.clock.advance(1);
      await postDiscussion(t, ada);
    });
    expect(ids).toEqual(expected);
  });

  it('holds 20 by default', async () => {
    const body = await page(as(t, null), LIST);
    expect(body.results).toHaveLength(20);
    expect(body.next).toEqual(expect.any(String));
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['cursor=not-a-cursor', 'cursor'],
    [`cursor=${Buffer.from('["2020-01-01T00:00:00.000Z","x"]').toString('base64url')}`, 'cursor'],
    ['ordering=hot', 'ordering'],
    ['tag=a', 'tag'],
  ])('rejects ?%s, naming the field', async (query, field) => {
    const response = await as(t, null).get(`${LIST}?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
  });
});

describe('GET /api/forums/forums/ filters and visibility', () => {
  let t: TestApp & { clock: TestClock };
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  it('shows only published discussions: never drafts, hidden or archived ones', async () => {
    const published = await postDiscussion(t, ada, { tags: ['vis'] });
    const draft = await postDiscussion(t, ada, { tags: ['vis'], status: 'draft' });
    const hidden = await postDiscussion(t, ada, { tags: ['vis'] });
    const archived = await postDiscussion(t, ada, { tags: ['vis'] });
    await t.db.execute(sql`update discussions set status = 'hidden' where id = ${hidden.id}`);
    await t.db.execute(sql`update discussions set status = 'archived' where id = ${archived.id}`);
    for (const viewer of [ada, bob, null]) {
      expect(await walk(as(t, viewer), `${LIST}?tag=vis`)).toEqual([published.id]);
    }
    expect(await walk(as(t, ada), `${LIST}posted_by_me/`)).toContain(draft.id);
  });

  it('filters by tag, in any case', async () => {
    const tagged = await postDiscussion(t, bob, { tags: ['gardening'] });
    await postDiscussion(t, bob, { tags: ['cooking'] });
    expect(await walk(as(t, null), `${LIST}?tag=Gardening`)).toEqual([tagged.id]);
    expect(await walk(as(t, null), `${LIST}?tag=nothing-here`)).toEqual([]);
  });

  it("pages through a tag's discussions newest first, a retagged one in its own place", async () => {
    const oldest = await postDiscussion(t, ada, { tags: ['paged'] });
    const retagged = await postDiscussion(t, bob, { tags: ['elsewhere'] });
    const newest = await postDiscussion(t, ada, { tags: ['paged', 'other'] });
    const response = await as(t, bob).patch(`${LIST}${retagged.id}/`, { tags: ['paged'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(await walk(as(t, null), `${LIST}?tag=paged&limit=1`)).toEqual([
      newest.id,
      retagged.id,
      oldest.id,
    ]);
  });

  it('filters by author username', async () => {
    const carol = await signUp(t, 'carol');
    const mine = await postDiscussion(t, carol);
    expect(await walk(as(t, null), `${LIST}?author=Carol`)).toEqual([mine.id]);
    expect(await walk(as(t, null), `${LIST}?author=nobody`)).toEqual([]);
  });

  it('orders by likes with ?ordering=top, newest first among equals', async () => {
    const [one, two, three] = [
      await postDiscussion(t, ada, { tags: ['top'] }),
      await postDiscussion(t, ada, { tags: ['top'] }),
      await postDiscussion(t, ada, { tags: ['top'] }),
    ];
    if (!one || !two || !three) throw new Error('not posted');
    for (const member of [ada, bob]) {
      await as(t, member).post('/api/forums/like/', { model: 'forum', id: two.id });
    }
    await as(t, bob).post('/api/forums/like/', { model: 'forum', id: one.id });
    expect(await walk(as(t, null), `${LIST}?tag=top&ordering=top&limit=1`)).toEqual([
      two.id,
      one.id,
      three.id,
    ]);
  });

  it("marks the viewer's likes and bookmarks in lists", async () => {
    const posted = await postDiscussion(t, ada, { tags: ['marks'] });
    await as(t, bob).post('/api/forums/like/', { model: 'forum', id: posted.id });
    await as(t, bob).post('/api/forums/forums-bookmark/', { forum: posted.id });
    const [asBob] = (await page(as(t, bob), `${LIST}?tag=marks`)).results;
    const [asAda] = (await page(as(t, ada), `${LIST}?tag=marks`)).results;
    expect(asBob).toMatchObject({ isLiked: true, isBookmarked: true, likesCount: 1 });
    expect(asAda).toMatchObject({ isLiked: false, isBookmarked: false, likesCount: 1 });
  });
});

describe("the member's own lists", () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  it('lists what the member posted (drafts included), bookmarked, liked and commented on', async () => {
    const adaPost = await postDiscussion(t, ada);
    const adaDraft = await postDiscussion(t, ada, { status: 'draft' });
    const bobPost = await postDiscussion(t, bob);
    const other = await postDiscussion(t, bob);
    await as(t, ada).post('/api/forums/forums-bookmark/', { forum: bobPost.id });
    await as(t, ada).post('/api/forums/like/', { model: 'forum', id: other.id });
    await postComment(t, ada, other.id);
    await postComment(t, bob, bobPost.id);

    const ids = (path: string) => walk(as(t, ada), `${LIST}${path}/`);
    expect(await ids('posted_by_me')).toEqual([adaDraft.id, adaPost.id]);
    expect(await ids('bookmarked_by_me')).toEqual([bobPost.id]);
    expect(await ids('liked_by_me')).toEqual([other.id]);
    expect(await ids('comment_by_me')).toEqual([other.id]);
  });

  it.each(['posted_by_me', 'bookmarked_by_me', 'liked_by_me', 'comment_by_me'])(
    '%s needs a signed-in member',
    async (path) => {
      const response = await as(t, null).get(`${LIST}${path}/`);
      expect(response.statusCode).toBe(401);
    },
  );
});

describe('list queries', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
    const authors = [ada, bob];
    for (let index = 0; index < 101; index += 1) {
      const posted = await postDiscussion(t, authors[index % 2] ?? ada, {
        tags: ['many', `tag${index % 7}`],
        pollChoices: index % 3 === 0 ? ['Yes', 'No'] : [],
      });
      if (index % 4 === 0) {
        await as(t, bob).post('/api/forums/like/', { model: 'forum', id: posted.id });
      }
    }
  });
  afterAll(() => t.close());

  it.each([
    ['signed out', null],
    ['signed in', 'bob'],
  ] as const)(
    'loads a page of 20 and of 100 in the same number of queries (%s)',
    async (_, who) => {
      const client = as(t, who ? bob : null);
      // Warm the session cache, so both counts measure the list alone.
      await client.get(`${LIST}?limit=1`);
      const queries = async (url: string) => {
        let results = 0;
        const count = await t.countQueries(async () => {
          results = (await page(client, url)).results.length;
        });
        return { results, count };
      };
      const small = await queries(`${LIST}?limit=20`);
      const large = await queries(`${LIST}?limit=100`);
      const byTag = await queries(`${LIST}?limit=20&tag=many&ordering=top`);
      const byTagLarge = await queries(`${LIST}?limit=100&tag=many&ordering=top`);
      expect([small.results, large.results, byTag.results, byTagLarge.results]).toEqual([
        20, 100, 20, 100,
      ]);
      expect(large.count).toBe(small.count);
      expect(byTagLarge.count).toBe(byTag.count);
      // The tag's id is looked up first, then the page's ids: two queries more, at any size.
      expect(byTag.count).toBe(small.count + 2);
      expect(small.count).toBeLessThanOrEqual(4);
    },
  );
});
