import type { RelatedDiscussions } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, forumRowCounts, postDiscussion } from '../../../test/forums';

const related = (id: number | string) => `/api/forums/forums/${id}/related_forums/`;

/** A fresh app with two members: each describe block its own database. */
async function openApp(): Promise<{ t: TestApp; ada: Member; bob: Member }> {
  const t = await createAccountsTestApp();
  return { t, ada: await signUp(t, 'ada'), bob: await signUp(t, 'bob') };
}

describe('GET /api/forums/forums/{id}/related_forums/', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => ({ t, ada, bob } = await openApp()));
  afterAll(() => t.close());

  async function ids(member: Member | null, id: number): Promise<number[]> {
    const response = await as(t, member).get(related(id));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RelatedDiscussions>().results.map((discussion) => discussion.id);
  }

  it('ranks by shared tags, then by the words of the title, never itself', async () => {
    const source = await postDiscussion(t, ada, {
      title: 'Sourdough starter tips',
      tags: ['baking', 'bread'],
    });
    const twoTags = await postDiscussion(t, bob, {
      title: 'Oven temperatures',
      tags: ['bread', 'baking'],
    });
    const tagAndWords = await postDiscussion(t, bob, {
      title: 'Feeding a sourdough starter',
      tags: ['baking'],
    });
    const oneTag = await postDiscussion(t, bob, { title: 'Rye flour', tags: ['bread'] });
    const words = await postDiscussion(t, bob, { title: 'My sourdough failed' });
    await postDiscussion(t, bob, { title: 'Knitting patterns', tags: ['crafts'] });

    expect(await ids(null, source.id)).toEqual([twoTags.id, tagAndWords.id, oneTag.id, words.id]);
    const response = await as(t, bob).get(related(source.id));
    expect(response.json<RelatedDiscussions>().results[0]).toMatchObject({
      id: twoTags.id,
      title: 'Oven temperatures',
      tags: ['baking', 'bread'],
      author: { username: 'bob' },
      status: 'published',
    });
    const { rows } = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from discussion_tags where discussion_id = ${source.id}`,
    );
    expect(rows[0]?.count).toBe(2);
  });

  it('shows at most 5, and only published discussions', async () => {
    const source = await postDiscussion(t, ada, { title: 'Chess openings', tags: ['chess'] });
    const draft = await postDiscussion(t, ada, {
      title: 'Chess draft',
      tags: ['chess'],
      status: 'draft',
    });
    const hidden = await postDiscussion(t, bob, { title: 'Chess hidden', tags: ['chess'] });
    const archived = await postDiscussion(t, bob, { title: 'Chess archived', tags: ['chess'] });
    await t.db.execute(sql`update discussions set status = 'hidden' where id = ${hidden.id}`);
    await t.db.execute(sql`update discussions set status = 'archived' where id = ${archived.id}`);
    const shown = [];
    for (let index = 0; index < 6; index += 1) {
      shown.push(await postDiscussion(t, bob, { title: `Chess puzzle ${index}`, tags: ['chess'] }));
    }
    for (const viewer of [ada, bob, null]) {
      const found = await ids(viewer, source.id);
      expect(found).toHaveLength(5);
      expect(found).not.toContain(source.id);
      for (const invisible of [draft, hidden, archived]) expect(found).not.toContain(invisible.id);
    }
    // The newest first among equals.
    expect(await ids(null, source.id)).toEqual(
      shown
        .map((item) => item.id)
        .reverse()
        .slice(0, 5),
    );
    const { rows } = await t.db.execute<{ status: string }>(
      sql`select status from discussions where id in (${draft.id}, ${hidden.id}, ${archived.id}) order by id`,
    );
    expect(rows.map((row) => row.status)).toEqual(['draft', 'hidden', 'archived']);
  });

  it('answers an empty list when nothing is alike', async () => {
    const lonely = await postDiscussion(t, ada, { title: 'Xylophone tuning', tags: ['odd'] });
    expect(await ids(ada, lonely.id)).toEqual([]);
    const { rows } = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from discussions where status = 'published' and id <> ${lonely.id}`,
    );
    expect(rows[0]?.count).toBeGreaterThan(0);
  });

  it("is the author's alone for a draft, and 404 for others", async () => {
    const draft = await postDiscussion(t, ada, {
      title: 'Chess endgames',
      tags: ['chess'],
      status: 'draft',
    });
    expect(await ids(ada, draft.id)).toHaveLength(5);
    for (const viewer of [bob, null]) {
      const response = await as(t, viewer).get(related(draft.id));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        detail: 'This discussion does not exist or is not visible to you.',
      });
    }
  });

  it.each([
    ['999999', 404],
    ['abc', 400],
    ['0', 400],
  ])('answers %s with %i, writing nothing', async (id, status) => {
    const before = await forumRowCounts(t);
    const response = await as(t, bob).get(related(id));
    expect(response.statusCode).toBe(status);
    if (status === 400) expect(Object.keys(response.json())).toEqual(['id']);
    else expect(Object.keys(response.json())).toEqual(['detail']);
    expect(await forumRowCounts(t)).toEqual(before);
  });

  it('runs the same number of queries for one related discussion as for five', async () => {
    const few = await postDiscussion(t, ada, { title: 'Marimba mallets', tags: ['marimba'] });
    await postDiscussion(t, bob, { title: 'Marimba wood', tags: ['marimba'] });
    const many = await postDiscussion(t, ada, { title: 'Chess clocks', tags: ['chess'] });
    await as(t, bob).get(related(few.id));
    const count = (id: number) => t.countQueries(() => as(t, bob).get(related(id)));
    expect(await count(many.id)).toBe(await count(few.id));
    expect(await count(few.id)).toBeLessThanOrEqual(6);
  });
});

describe('related discussions of the seeded ones', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => ({ t, ada, bob } = await openApp()));
  afterAll(() => t.close());

  it('gives the sourdough question its baking and cooking ones, never a book club sharing a word of its text', async () => {
    const source = await postDiscussion(t, ada, {
      title: 'Sourdough starter keeps dying',
      tags: ['baking', 'cooking'],
      content: 'Day 6 and my starter smells like nail polish remover and has stopped rising.',
    });
    const bread = await postDiscussion(t, bob, {
      title: 'First loaf of rye bread',
      tags: ['baking', 'cooking'],
    });
    const starter = await postDiscussion(t, bob, {
      title: 'Naming your starter',
      tags: ['baking'],
    });
    const dinner = await postDiscussion(t, bob, { title: 'Weeknight dinners', tags: ['cooking'] });
    const bookClub = await postDiscussion(t, bob, {
      title: 'Book club: what are you reading this month?',
      tags: ['books'],
      content:
        'I just finished a novel and keep thinking about it. Is it dying out, sourdough-style?',
    });
    await postDiscussion(t, bob, { title: 'Hiking boots', tags: ['hiking'] });

    const response = await as(t, ada).get(related(source.id));
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json<RelatedDiscussions>().results.map((item) => item.id);
    expect(found).toEqual([bread.id, starter.id, dinner.id]);
    expect(found).not.toContain(bookClub.id);
    const { rows } = await t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from discussions where id = ${bookClub.id} and search_vector @@ to_tsquery('english', 'keeps | dying')`,
    );
    expect(rows[0]?.count).toBe(1);
  });
});
