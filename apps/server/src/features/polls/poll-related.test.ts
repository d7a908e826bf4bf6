import type { RelatedPolls } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member, type TestClock } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as } from '../../../test/forums';
import { pollRowCounts, postPoll, vote } from '../../../test/polls';

const related = (id: number | string) => `/api/forums/polls/${id}/related_polls/`;

describe('GET /api/forums/polls/{id}/related_polls/', () => {
  let t: TestApp & { clock: TestClock };
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  async function ids(member: Member | null, id: number): Promise<number[]> {
    const response = await as(t, member).get(related(id));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RelatedPolls>().results.map((poll) => poll.id);
  }

  it('ranks by shared tags, then by the words of the question, never itself', async () => {
    const source = await postPoll(t, ada, {
      question: 'Best sourdough starter flour?',
      tags: ['baking', 'bread'],
    });
    t.clock.advance(1000);
    const twoTags = await postPoll(t, bob, {
      question: 'Oven temperature for loaves?',
      tags: ['bread', 'baking'],
    });
    t.clock.advance(1000);
    const tagAndWords = await postPoll(t, bob, {
      question: 'How often do you feed a sourdough starter?',
      tags: ['baking'],
    });
    t.clock.advance(1000);
    const oneTag = await postPoll(t, bob, { question: 'Rye or spelt?', tags: ['bread'] });
    t.clock.advance(1000);
    const words = await postPoll(t, bob, { question: 'Did your sourdough rise?' });
    await postPoll(t, bob, { question: 'Knitting needles: wood or metal?', tags: ['crafts'] });

    expect(await ids(null, source.id)).toEqual([twoTags.id, tagAndWords.id, oneTag.id, words.id]);
    const response = await as(t, bob).get(related(source.id));
    expect(response.json<RelatedPolls>().results[0]).toMatchObject({
      id: twoTags.id,
      question: 'Oven temperature for loaves?',
      tags: ['baking', 'bread'],
      author: { username: 'bob' },
      status: 'published',
    });
    const { rows } = await t.db.execute<{ tag_names: string[] }>(
      sql`select tag_names from poll_posts where id = ${source.id}`,
    );
    expect(rows[0]?.tag_names).toEqual(['baking', 'bread']);
  });

  it('shows at most 5, only published polls, newest first among equals', async () => {
    const source = await postPoll(t, ada, { question: 'Chess openings?', tags: ['chess'] });
    const draft = await postPoll(t, ada, {
      question: 'Chess draft?',
      tags: ['chess'],
      status: 'draft',
    });
    const hidden = await postPoll(t, bob, { question: 'Chess hidden?', tags: ['chess'] });
    await t.db.execute(sql`update poll_posts set status = 'hidden' where id = ${hidden.id}`);
    const shown = [];
    for (let index = 0; index < 6; index += 1) {
      t.clock.advance(1000);
      shown.push(await postPoll(t, bob, { question: `Chess puzzle ${index}?`, tags: ['chess'] }));
    }
    for (const viewer of [ada, bob, null]) {
      const found = await ids(viewer, source.id);
      expect(found).toEqual(
        shown
          .map((poll) => poll.id)
          .reverse()
          .slice(0, 5),
      );
      expect(found).not.toContain(draft.id);
      expect(found).not.toContain(hidden.id);
    }
  });

  it('keeps results hidden from who may not see them yet', async () => {
    const source = await postPoll(t, ada, { question: 'Tea or coffee?', tags: ['drinks'] });
    const secret = await postPoll(t, ada, {
      question: 'Green or black tea?',
      tags: ['drinks'],
      results: 'after_vote',
    });
    await vote(t, ada, secret, [0]);
    const signedOut = (await as(t, null).get(related(source.id))).json<RelatedPolls>();
    const shown = signedOut.results.find((poll) => poll.id === secret.id);
    expect(shown).toMatchObject({ tallies: null, votersCount: 1, myVote: [] });
    expect(shown?.resultsHiddenReason).toEqual(expect.any(String));
    const voter = (await as(t, ada).get(related(source.id))).json<RelatedPolls>();
    const theirs = voter.results.find((poll) => poll.id === secret.id);
    expect(theirs?.tallies?.votersCount).toBe(1);
    expect(theirs?.myVote).toEqual([secret.options[0]?.id]);
  });

  it('answers an empty list when nothing is alike', async () => {
    const lonely = await postPoll(t, ada, { question: 'Xylophone tuning?', tags: ['odd'] });
    expect(await ids(ada, lonely.id)).toEqual([]);
  });

  it("is the author's alone for a draft, and 404 for others", async () => {
    const draft = await postPoll(t, ada, {
      question: 'Chess endgames?',
      tags: ['chess'],
      status: 'draft',
    });
    expect(await ids(ada, draft.id)).toHaveLength(5);
    for (const viewer of [bob, null]) {
      const response = await as(t, viewer).get(related(draft.id));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        detail: 'This poll does not exist or is not visible to you.',
      });
    }
  });

  it.each([
    ['999999', 404],
    ['abc', 400],
    ['0', 400],
  ])('answers %s with %i, writing nothing', async (id, status) => {
    const before = await pollRowCounts(t);
    const response = await as(t, bob).get(related(id));
    expect(response.statusCode).toBe(status);
    expect(Object.keys(response.json())).toEqual(status === 400 ? ['id'] : ['detail']);
    expect(await pollRowCounts(t)).toEqual(before);
  });

  it('runs the same number of queries for one related poll as for five', async () => {
    const few = await postPoll(t, ada, { question: 'Marimba mallets?', tags: ['marimba'] });
    await postPoll(t, bob, { question: 'Marimba wood?', tags: ['marimba'] });
    const many = await postPoll(t, ada, { question: 'Chess clocks?', tags: ['chess'] });
    await as(t, bob).get(related(few.id));
    // An async wrapper: a request is sent when awaited, and only then inside the count.
    const count = (id: number) =>
      t.countQueries(async () => {
        expect((await as(t, bob).get(related(id))).statusCode).toBe(200);
      });
    expect(await count(many.id)).toBe(await count(few.id));
    // The source and the ranking, then the page (a prepared read the recorder may not see).
    expect(await count(few.id)).toBeGreaterThanOrEqual(2);
    expect(await count(few.id)).toBeLessThanOrEqual(3);
  });
});
