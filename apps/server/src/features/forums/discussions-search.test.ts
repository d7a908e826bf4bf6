import { SEARCH_QUERY_MAX_LENGTH, type DiscussionPage } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member, type TestClock } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, forumRowCounts, postDiscussion, type Client } from '../../../test/forums';

const LIST = '/api/forums/forums/';

/** Every page of a list, following `next`. */
async function walk(client: Client, url: string): Promise<number[]> {
  const ids: number[] = [];
  let next: string | null = null;
  do {
    const response = await client.get(next ? `${url}&cursor=${next}` : url);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DiscussionPage>();
    ids.push(...body.results.map((item) => item.id));
    next = body.next;
  } while (next);
  return ids;
}

describe('GET /api/forums/forums/?q=', () => {
  let t: TestApp & { clock: TestClock };
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  it('keeps the published discussions whose title or text match, stemmed, newest first', async () => {
    t.clock.advance(1);
    const inTitle = await postDiscussion(t, ada, { title: 'Gardening on a balcony' });
    t.clock.advance(1);
    const inText = await postDiscussion(t, bob, {
      title: 'Small spaces',
      content: 'My **garden** is a window box.',
    });
    await postDiscussion(t, bob, { title: 'Cooking rice', content: 'Rinse it first.' });

    const found = await walk(as(t, null), `${LIST}?q=gardens&limit=1`);
    expect(found).toEqual([inText.id, inTitle.id]);
    expect(await walk(as(t, bob), `${LIST}?q=${encodeURIComponent('garden -balcony')}`)).toEqual([
      inText.id,
    ]);
    expect(await walk(as(t, bob), `${LIST}?q=${encodeURIComponent('"window box"')}`)).toEqual([
      inText.id,
    ]);
    expect(await walk(as(t, bob), `${LIST}?q=${encodeURIComponent('box window')}`)).toEqual([
      inText.id,
    ]);
  });

  it('combines with tag, author and ordering', async () => {
    const tagged = await postDiscussion(t, ada, { title: 'Violin practice', tags: ['music'] });
    const liked = await postDiscussion(t, bob, { title: 'Violin strings', tags: ['music'] });
    const untagged = await postDiscussion(t, bob, { title: 'Violin makers' });
    await as(t, ada).post('/api/forums/like/', { model: 'forum', id: liked.id });

    const client = as(t, null);
    expect(await walk(client, `${LIST}?q=violin&tag=music`)).toEqual([liked.id, tagged.id]);
    expect(await walk(client, `${LIST}?q=violin&author=bob`)).toEqual([untagged.id, liked.id]);
    expect(await walk(client, `${LIST}?q=violin&ordering=top&limit=1`)).toEqual([
      liked.id,
      untagged.id,
      tagged.id,
    ]);
    expect(await walk(client, `${LIST}?q=violin&ordering=trending&tag=music`)).toEqual([
      liked.id,
      tagged.id,
    ]);
    const { rows } = await t.db.execute<{ likes_count: number }>(
      sql`select likes_count from discussions where id = ${liked.id}`,
    );
    expect(rows[0]?.likes_count).toBe(1);
  });

  it('never finds drafts, hidden or archived discussions, not even for their author', async () => {
    const published = await postDiscussion(t, ada, { title: 'Quokka sightings' });
    const draft = await postDiscussion(t, ada, { title: 'Quokka draft', status: 'draft' });
    const hidden = await postDiscussion(t, ada, { title: 'Quokka hidden' });
    const archived = await postDiscussion(t, ada, { title: 'Quokka archived' });
    await t.db.execute(sql`update discussions set status = 'hidden' where id = ${hidden.id}`);
    await t.db.execute(sql`update discussions set status = 'archived' where id = ${archived.id}`);

    for (const viewer of [ada, bob, null]) {
      for (const ordering of ['latest', 'top', 'trending']) {
        expect(await walk(as(t, viewer), `${LIST}?q=quokka&ordering=${ordering}`)).toEqual([
          published.id,
        ]);
      }
    }
    const { rows } = await t.db.execute<{ id: number; status: string }>(
      sql`select id::int as id, status from discussions where title like 'Quokka%' order by id`,
    );
    expect(rows).toEqual([
      { id: published.id, status: 'published' },
      { id: draft.id, status: 'draft' },
      { id: hidden.id, status: 'hidden' },
      { id: archived.id, status: 'archived' },
    ]);
  });

  it('finds nothing for stop words or punctuation alone', async () => {
    for (const q of ['the', '!!!', '&|:*']) {
      const response = await as(t, null).get(`${LIST}?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<DiscussionPage>()).toEqual({ results: [], next: null });
    }
  });

  it.each([
    ['q=', 'q'],
    ['q=%20%20', 'q'],
    [`q=${'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`, 'q'],
  ])('rejects ?%s, naming %s and writing nothing', async (query, field) => {
    const before = await forumRowCounts(t);
    const response = await as(t, ada).get(`${LIST}?${query}`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
    expect(await forumRowCounts(t)).toEqual(before);
  });
});
