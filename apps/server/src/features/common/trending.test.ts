import type { Discussion, DiscussionPage } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member, type TestClock } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import {
  as,
  forumRowCounts,
  postComment,
  postDiscussion,
  signUpMany,
  type Client,
} from '../../../test/forums';

const TRENDING_POST = '/api/common/trending-post/';
const TRENDING_LIST = '/api/forums/forums/?ordering=trending';
const DAY_MS = 24 * 60 * 60 * 1000;

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
    const response = await client.get(next ? `${url}${separator}cursor=${next}` : url);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DiscussionPage>();
    ids.push(...body.results.map((item) => item.id));
    next = body.next;
    if (next) await between();
  } while (next);
  return ids;
}

const like = (t: TestApp, member: Member, discussion: Discussion) =>
  as(t, member).post('/api/forums/like/', { model: 'forum', id: discussion.id });

describe('trending ranking', () => {
  let t: TestApp & { clock: TestClock };
  let ada: Member;
  let fans: Member[];
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    fans = await signUpMany(t, 'fan', 5);
  });
  afterAll(() => t.close());

  /** Moves discussions back in time (advancing the clock a day would expire every token). */
  const age = (ids: number[], ms: number) =>
    t.db.execute(
      sql`update discussions set created_at = created_at - ${ms} * interval '1 millisecond'
          where id in ${ids}`,
    );

  it('ranks by likes, comments and views, halving the weight each day of age', async () => {
    // A day old with three likes: activity 1 + 2·3 = 7, halved to 3.5.
    const older = await postDiscussion(t, ada, { title: 'Older but liked' });
    for (const fan of fans.slice(0, 3)) await like(t, fan, older);
    await age([older.id], DAY_MS);
    // New with one comment: 1 + 3 = 4.
    const commented = await postDiscussion(t, ada, { title: 'New with a comment' });
    await postComment(t, fans[0] ?? ada, commented.id);
    // New with five views: 1 + 0.2·5 = 2.
    const viewed = await postDiscussion(t, ada, { title: 'New and viewed' });
    for (const fan of fans) await as(t, fan).get(`/api/forums/forums/${viewed.id}/`);
    // New and untouched: 1.
    const quiet = await postDiscussion(t, ada, { title: 'New and quiet' });

    const expected = [commented.id, older.id, viewed.id, quiet.id];
    expect(await walk(as(t, null), TRENDING_POST)).toEqual(expected);
    expect(await walk(as(t, fans[1] ?? null), `${TRENDING_POST}?model_type=forum`)).toEqual(
      expected,
    );
    expect(await walk(as(t, null), TRENDING_LIST)).toEqual(expected);

    const { rows } = await t.db.execute<{
      likes_count: number;
      comments_count: number;
      views_count: number;
    }>(
      sql`select likes_count, comments_count, views_count from discussions
          where id in (${older.id}, ${commented.id}, ${viewed.id}) order by id`,
    );
    expect(rows).toEqual([
      { likes_count: 3, comments_count: 0, views_count: 0 },
      { likes_count: 0, comments_count: 1, views_count: 0 },
      { likes_count: 0, comments_count: 0, views_count: 5 },
    ]);
  });

  it('marks the viewer’s likes, as the other lists do', async () => {
    const response = await as(t, fans[0] ?? null).get(`${TRENDING_POST}?limit=2`);
    expect(response.statusCode, response.body).toBe(200);
    const [first, second] = response.json<DiscussionPage>().results;
    expect(first).toMatchObject({ title: 'New with a comment', isLiked: false, commentsCount: 1 });
    expect(second).toMatchObject({ title: 'Older but liked', isLiked: true, likesCount: 3 });
  });

  it('leaves out discussions older than a week, however liked', async () => {
    const { rows: all } = await t.db.execute<{ id: number }>(
      sql`select id::int as id from discussions`,
    );
    await age(
      all.map((row) => row.id),
      8 * DAY_MS,
    );
    const fresh = await postDiscussion(t, ada, { title: 'Fresh' });
    expect(await walk(as(t, null), TRENDING_POST)).toEqual([fresh.id]);
    expect(await walk(as(t, null), TRENDING_LIST)).toEqual([fresh.id]);
    const { rows } = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from discussions where status = 'published'`,
    );
    expect(rows[0]?.count).toBe(5);
  });
});

describe('trending visibility and paging', () => {
  let t: TestApp & { clock: TestClock };
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  it('never shows drafts, hidden or archived discussions, not even to their author', async () => {
    const published = await postDiscussion(t, ada, { tags: ['vis'] });
    const draft = await postDiscussion(t, ada, { tags: ['vis'], status: 'draft' });
    const hidden = await postDiscussion(t, ada, { tags: ['vis'] });
    const archived = await postDiscussion(t, ada, { tags: ['vis'] });
    await like(t, bob, hidden);
    await like(t, bob, archived);
    await t.db.execute(sql`update discussions set status = 'hidden' where id = ${hidden.id}`);
    await t.db.execute(sql`update discussions set status = 'archived' where id = ${archived.id}`);
    for (const viewer of [ada, bob, null]) {
      expect(await walk(as(t, viewer), TRENDING_POST)).toEqual([published.id]);
      expect(await walk(as(t, viewer), `${TRENDING_LIST}&tag=vis`)).toEqual([published.id]);
    }
    const { rows } = await t.db.execute<{ status: string }>(
      sql`select status from discussions where id in (${draft.id}, ${hidden.id}, ${archived.id}) order by id`,
    );
    expect(rows.map((row) => row.status)).toEqual(['draft', 'hidden', 'archived']);
  });

  it('pages without duplicates or gaps while new posts and likes arrive', async () => {
    const posted: Discussion[] = [];
    for (let index = 0; index < 23; index += 1) {
      if (index % 4 === 0) t.clock.advance(1_000);
      const discussion = await postDiscussion(t, bob, { tags: ['paged'] });
      if (index % 3 === 0) await like(t, ada, discussion);
      posted.push(discussion);
    }
    const whole = await walk(as(t, null), `${TRENDING_POST}?limit=100`);
    expect(whole).toEqual(expect.arrayContaining(posted.map((item) => item.id)));

    const arrived: number[] = [];
    const paged = await walk(as(t, ada), `${TRENDING_POST}?limit=5`, async () => {
      t.clock.advance(1);
      arrived.push((await postDiscussion(t, bob, { tags: ['paged'] })).id);
    });
    // Every discussion once, in the same order; a new, quiet one may rank below the cursor
    // and show up on a later page.
    expect(new Set(paged).size).toBe(paged.length);
    expect(paged.filter((id) => !arrived.includes(id))).toEqual(whole);
    expect(await walk(as(t, null), `${TRENDING_LIST}&tag=paged&limit=4`)).toEqual(
      await walk(as(t, null), `${TRENDING_LIST}&tag=paged&limit=100`),
    );
    const { rows } = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from likes where user_id = ${ada.user.id}`,
    );
    expect(rows[0]?.count).toBe(8);
  });

  it('loads a page of 5 and of 25 in the same number of queries', async () => {
    await as(t, ada).get(`${TRENDING_POST}?limit=1`);
    const count = (url: string) => t.countQueries(() => as(t, ada).get(url));
    const small = await count(`${TRENDING_POST}?limit=5`);
    expect(await count(`${TRENDING_POST}?limit=25`)).toBe(small);
    const byTag = await count(`${TRENDING_LIST}&limit=5&tag=paged`);
    expect(await count(`${TRENDING_LIST}&limit=25&tag=paged`)).toBe(byTag);
    expect(Math.max(small, byTag)).toBeLessThanOrEqual(5);
  });

  it.each([
    [TRENDING_POST, 'cursor=not-a-cursor', 'cursor'],
    [TRENDING_POST, `cursor=${Buffer.from('["x",1]').toString('base64url')}`, 'cursor'],
    [TRENDING_POST, 'limit=0', 'limit'],
    [TRENDING_POST, 'model_type=comment', 'model_type'],
    ['/api/forums/forums/', 'ordering=trending&cursor=bm9wZQ', 'cursor'],
  ])('%s rejects ?%s, naming %s and writing nothing', async (url, query, field) => {
    const before = await forumRowCounts(t);
    const response = await as(t, null).get(`${url}?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
    expect(await forumRowCounts(t)).toEqual(before);
  });
});
