import type { Poll, PollPage } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member, type TestClock } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as } from '../../../test/forums';
import { POLLS, postPoll, vote } from '../../../test/polls';

const TRENDING = '/api/forums/trending_polls/';

describe('poll lists', () => {
  let t: TestApp & { clock: TestClock };
  let ada: Member;
  let bob: Member;
  let cyd: Member;
  /** Published in this order, a second apart. */
  let older: Poll;
  let busy: Poll;
  let ranked: Poll;
  let draft: Poll;
  let newest: Poll;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
    cyd = await signUp(t, 'cyd');
    older = await postPoll(t, ada, {
      question: 'Which editor do you use?',
      description: 'Vim or Emacs, mostly.',
      tags: ['tools'],
    });
    t.clock.advance(1000);
    busy = await postPoll(t, bob, { question: 'Best season for hiking?', tags: ['outdoors'] });
    t.clock.advance(1000);
    ranked = await postPoll(t, ada, {
      question: 'Rank the venues',
      type: 'ranked',
      tags: ['tools', 'meetup'],
    });
    t.clock.advance(1000);
    draft = await postPoll(t, ada, { question: 'Unfinished thought?', status: 'draft' });
    t.clock.advance(1000);
    newest = await postPoll(t, cyd, { question: 'Lunch at noon?' });
    await vote(t, ada, busy, [0]);
    await vote(t, cyd, busy, [1]);
    await vote(t, bob, ranked, [2, 0]);
    await as(t, cyd).post('/api/forums/like/', { model: 'poll', id: busy.id });
    await as(t, bob).post('/api/common/bookmark/', { model: 'poll', id: older.id });
    await as(t, bob).post('/api/forums/comments/', {
      model: 'poll',
      id: newest.id,
      content: 'Yes!',
    });
  });
  afterAll(() => t.close());

  const ids = async (member: Member | null, url: string) => {
    const response = await as(t, member).get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PollPage>().results.map((poll) => poll.id);
  };

  it('lists published polls newest first, to anyone, drafts left out', async () => {
    expect(await ids(null, POLLS)).toEqual([newest.id, ranked.id, busy.id, older.id]);
    expect(await ids(ada, POLLS)).not.toContain(draft.id);
  });

  it('pages with a cursor, neither repeating nor skipping', async () => {
    const first = (await as(t, null).get(`${POLLS}?limit=3`)).json<PollPage>();
    expect(first.results.map((poll) => poll.id)).toEqual([newest.id, ranked.id, busy.id]);
    const rest = (await as(t, null).get(`${POLLS}?limit=3&cursor=${first.next}`)).json<PollPage>();
    expect(rest).toMatchObject({ next: null });
    expect(rest.results.map((poll) => poll.id)).toEqual([older.id]);
  });

  it('orders by most voters with ordering=top, paging too', async () => {
    expect(await ids(null, `${POLLS}?ordering=top`)).toEqual([
      busy.id,
      ranked.id,
      newest.id,
      older.id,
    ]);
    const first = (await as(t, null).get(`${POLLS}?ordering=top&limit=2`)).json<PollPage>();
    const rest = await ids(null, `${POLLS}?ordering=top&limit=2&cursor=${first.next}`);
    expect(rest).toEqual([newest.id, older.id]);
  });

  it('filters by tag, author and words, alone and together', async () => {
    expect(await ids(null, `${POLLS}?tag=tools`)).toEqual([ranked.id, older.id]);
    expect(await ids(null, `${POLLS}?tag=TOOLS&author=ada`)).toEqual([ranked.id, older.id]);
    expect(await ids(null, `${POLLS}?author=bob`)).toEqual([busy.id]);
    expect(await ids(null, `${POLLS}?author=nobody`)).toEqual([]);
    expect(await ids(null, `${POLLS}?q=emacs`)).toEqual([older.id]);
    expect(await ids(null, `${POLLS}?q=hiking&ordering=top`)).toEqual([busy.id]);
    expect(await ids(null, `${POLLS}?tag=unused`)).toEqual([]);
  });

  it('ranks trending polls by activity over age, with tag filters and pages', async () => {
    // busy: 2 voters and 1 like; ranked: 1 voter; newest: 1 comment, the youngest.
    const trending = await ids(null, TRENDING);
    expect(trending).toEqual([busy.id, newest.id, ranked.id, older.id]);
    expect(await ids(null, `${POLLS}?ordering=trending`)).toEqual(trending);
    expect(await ids(null, `${TRENDING}?tag=tools`)).toEqual([ranked.id, older.id]);
    const first = (await as(t, null).get(`${TRENDING}?limit=2`)).json<PollPage>();
    expect(first.next).toEqual(expect.any(String));
    // The second page continues the ranking of the first, taken at the same moment.
    const rest = await ids(null, `${TRENDING}?limit=2&cursor=${first.next}`);
    expect([...first.results.map((poll) => poll.id), ...rest]).toEqual(trending);
  });

  it.each([
    [`${POLLS}?ordering=hot`, 'ordering'],
    [`${POLLS}?limit=0`, 'limit'],
    [`${POLLS}?cursor=bogus`, 'cursor'],
    [`${TRENDING}?cursor=bogus`, 'cursor'],
    [`${TRENDING}?cursor=12.bogus`, 'cursor'],
    [`${POLLS}?tag=two%20words`, 'tag'],
  ])('refuses %s, naming the field', async (url, field) => {
    const response = await as(t, null).get(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json<Record<string, unknown>>())).toEqual([field]);
  });

  describe("the member's own lists", () => {
    it('lists their polls, drafts included', async () => {
      const fresh = await signUp(t, 'ada2');
      const mine = await postPoll(t, fresh);
      const theirDraft = await postPoll(t, fresh, { status: 'draft' });
      expect(await ids(fresh, `${POLLS}posted_by_me/`)).toEqual([theirDraft.id, mine.id]);
      expect(await ids(ada, `${POLLS}posted_by_me/`)).toContain(draft.id);
    });

    it('lists the polls they bookmarked, liked and commented on', async () => {
      expect(await ids(bob, `${POLLS}bookmarked_by_me/`)).toEqual([older.id]);
      expect(await ids(cyd, `${POLLS}liked_by_me/`)).toEqual([busy.id]);
      expect(await ids(bob, `${POLLS}comment_by_me/`)).toEqual([newest.id]);
      expect(await ids(ada, `${POLLS}liked_by_me/`)).toEqual([]);
    });

    it('answers 401 signed out', async () => {
      for (const path of ['posted_by_me', 'bookmarked_by_me', 'liked_by_me', 'comment_by_me']) {
        expect((await as(t, null).get(`${POLLS}${path}/`)).statusCode).toBe(401);
      }
    });
  });

  it("shows each poll with the viewer's own ballot, like and bookmark", async () => {
    const page = (await as(t, bob).get(`${POLLS}?limit=50`)).json<PollPage>();
    const byId = new Map(page.results.map((poll) => [poll.id, poll]));
    expect(byId.get(ranked.id)?.myVote).toEqual([ranked.options[2]?.id, ranked.options[0]?.id]);
    expect(byId.get(older.id)).toMatchObject({ isBookmarked: true, myVote: [] });
    expect(byId.get(busy.id)).toMatchObject({ likesCount: 1, isLiked: false, votersCount: 2 });
  });

  it('loads a page in a fixed number of queries, whatever its size', async () => {
    for (const viewer of [null, bob]) {
      // An async wrapper: a request is sent when awaited, and only then inside the count.
      const count = (url: string) =>
        t.countQueries(async () => {
          expect((await as(t, viewer).get(url)).statusCode).toBe(200);
        });
      // The page, plus the ballots of the ranked polls whose results the viewer may see.
      for (const url of [`${POLLS}`, `${POLLS}?ordering=top`, `${POLLS}?tag=tools`, TRENDING]) {
        const one = await count(`${url}${url.includes('?') ? '&' : '?'}limit=1`);
        const all = await count(`${url}${url.includes('?') ? '&' : '?'}limit=50`);
        expect(all, url).toBeLessThanOrEqual(one + 1);
        expect(all, url).toBeLessThanOrEqual(4);
        expect(one, url).toBeGreaterThan(0);
      }
      expect(await count(`${POLLS}${ranked.id}/`)).toBeLessThanOrEqual(2);
    }
  });

  it('holds a trending ranking for a few seconds: activity moves polls at the next refresh, a new poll at once', async () => {
    const before = await ids(null, TRENDING);
    for (const member of [ada, bob, cyd]) await vote(t, member, older, [0]);
    await as(t, ada).post('/api/forums/like/', { model: 'poll', id: older.id });
    const held = (await as(t, null).get(TRENDING)).json<PollPage>();
    expect(held.results.map((poll) => poll.id)).toEqual(before);
    // The order is held; the counts on the page are not.
    expect(held.results.find((poll) => poll.id === older.id)?.votersCount).toBe(3);
    t.clock.advance(5_000);
    expect((await ids(null, TRENDING))[0]).toBe(older.id);
    const fresh = await postPoll(t, bob, { question: 'Fresh off the press?' });
    expect(await ids(null, TRENDING)).toContain(fresh.id);
  });

  // Last: the clock's jump outlives every member's access token.
  it('leaves polls older than a week out of trending', async () => {
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    const fresh = await postPoll(t, await signUp(t, 'eve'), { question: 'Still here?' });
    expect(await ids(null, TRENDING)).toEqual([fresh.id]);
  });
});
