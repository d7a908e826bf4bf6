import type { Poll, PollPage, RelatedPolls } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type Member } from '../../../test/accounts';
import { createCachedTestApp, type CachedTestApp } from '../../../test/cache';
import { as, makeStaff } from '../../../test/forums';
import { POLLS, postPoll, vote } from '../../../test/polls';

/**
 * The public poll reads through the anonymous cache: signed-out readers get the copy, members
 * the copy with their own marks and ballots (and the results those reveal) read again for them.
 * Every member's answer is compared with what the route itself answers them without the cache.
 */

const TRENDING = '/api/forums/trending_polls/';
const detail = (id: number) => `${POLLS}${id}/`;
const related = (id: number) => `${POLLS}${id}/related_polls/`;

describe('poll reads through the anonymous cache', () => {
  let c: CachedTestApp;
  let t: CachedTestApp['t'];
  let ada: Member;
  let bob: Member;
  let cyd: Member;
  let staff: Member;
  /** Results shown only to voters. */
  let secret: Poll;
  /** Results shown only once closed. */
  let sealed: Poll;
  let ranked: Poll;
  let open: Poll;
  beforeAll(async () => {
    c = await createCachedTestApp();
    t = c.t;
    [ada, bob, cyd, staff] = [
      await signUp(t, 'ada'),
      await signUp(t, 'bob'),
      await signUp(t, 'cyd'),
      await signUp(t, 'mod'),
    ];
    await makeStaff(t, staff);
    const tags = ['picnic'];
    open = await postPoll(t, ada, { question: 'Picnic: which park?', tags });
    secret = await postPoll(t, ada, {
      question: 'Picnic: which day?',
      results: 'after_vote',
      tags,
    });
    sealed = await postPoll(t, ada, {
      question: 'Picnic: which food?',
      results: 'after_close',
      closesAt: new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString(),
      tags,
    });
    ranked = await postPoll(t, ada, { question: 'Picnic: rank the games', type: 'ranked', tags });
    await vote(t, bob, secret, [1]);
    await vote(t, bob, sealed, [2]);
    await vote(t, bob, ranked, [2, 0, 1]);
    await vote(t, cyd, ranked, [0, 2]);
    await vote(t, cyd, open, [0]);
    await as(t, bob).post('/api/forums/like/', { model: 'poll', id: open.id });
    await as(t, cyd).post('/api/common/bookmark/', { model: 'poll', id: secret.id });
  });
  afterAll(() => c?.close());

  const reads = () => [
    POLLS,
    `${POLLS}?ordering=trending`,
    `${POLLS}?tag=picnic`,
    TRENDING,
    `${TRENDING}?tag=picnic`,
    detail(open.id),
    detail(secret.id),
    detail(sealed.id),
    detail(ranked.id),
    related(open.id),
  ];

  const read = (member: Member | null, url: string) => c.read(member, url);
  const direct = (member: Member | null, url: string) => c.direct(member, url);

  const pollIn = (body: unknown, id: number): Poll | undefined => {
    // A poll has a `results` field of its own (who sees them): a list's is an array.
    const answer = body as Poll | PollPage | RelatedPolls;
    return Array.isArray(answer.results)
      ? answer.results.find((poll) => poll.id === id)
      : [answer as Poll].find((poll) => poll.id === id);
  };

  it('serves signed-out readers one copy, without any hidden results', async () => {
    for (const url of reads()) {
      expect((await read(null, url)).cache, url).toBe('MISS');
      const copy = await read(null, url);
      expect(copy.cache, url).toBe('HIT');
      expect(copy.body, url).toEqual(await direct(null, url));
      for (const hidden of [secret, sealed]) {
        const shown = pollIn(copy.body, hidden.id);
        if (!shown) continue;
        expect(shown, url).toMatchObject({ tallies: null, myVote: [] });
        // No count of an option anywhere in it, under any name.
        expect(JSON.stringify(shown), url).not.toMatch(/"(votes|percent|rounds|winners)"/);
      }
    }
  });

  it('answers each member the copy with their own ballots, likes and bookmarks, as the route does', async () => {
    for (const member of [ada, bob, cyd]) {
      for (const url of reads()) {
        const answered = await read(member, url);
        expect(answered.cache, url).toBe('PERSONALISED');
        expect(answered.body, `${member.user.username} ${url}`).toEqual(await direct(member, url));
      }
    }
    // What each sees of the poll that hides its results until one votes.
    expect(pollIn((await read(bob, detail(secret.id))).body, secret.id)).toMatchObject({
      myVote: [secret.options[1]?.id],
      tallies: { votersCount: 1 },
      resultsHiddenReason: null,
    });
    for (const member of [ada, cyd]) {
      const theirs = pollIn((await read(member, POLLS)).body, secret.id);
      expect(theirs).toMatchObject({ tallies: null, myVote: [] });
      expect(JSON.stringify(theirs)).not.toMatch(/"(votes|percent|rounds|winners)"/);
    }
    expect(pollIn((await read(cyd, POLLS)).body, secret.id)?.isBookmarked).toBe(true);
    expect(pollIn((await read(bob, POLLS)).body, open.id)?.isLiked).toBe(true);
    // Voting does not open results hidden until the close, not even to the voter.
    expect(pollIn((await read(bob, detail(sealed.id))).body, sealed.id)).toMatchObject({
      myVote: [sealed.options[2]?.id],
      tallies: null,
    });
    // The ranked poll's runoff, read again for its voter, is the route's.
    expect(pollIn((await read(cyd, detail(ranked.id))).body, ranked.id)?.myVote).toEqual([
      ranked.options[0]?.id,
      ranked.options[2]?.id,
    ]);
  });

  it('costs a member with nothing of their own on the page one statement', async () => {
    const eve = await signUp(t, 'eve');
    // Her session and the page's signed-out copy, read once.
    await read(eve, POLLS);
    const count = await t.countQueries(async () => {
      const answered = await read(eve, POLLS);
      expect(answered.cache).toBe('PERSONALISED');
      expect(answered.body).toEqual(await read(null, POLLS).then((copy) => copy.body));
    });
    expect(count).toBe(1);
  });

  it('shows the next reader a vote, a changed vote, a withdrawal and a comment at once', async () => {
    const url = detail(open.id);
    const voters = async (member: Member | null) =>
      (pollIn((await read(member, url)).body, open.id) as Poll).votersCount;
    await read(null, url);
    expect((await read(null, url)).cache).toBe('HIT');
    const before = await voters(null);

    const dan = await signUp(t, 'dan');
    await vote(t, dan, open, [1]);
    expect(await voters(null)).toBe(before + 1);
    expect(pollIn((await read(dan, url)).body, open.id)?.myVote).toEqual([open.options[1]?.id]);

    await vote(t, dan, open, [2]);
    const changed = pollIn((await read(null, url)).body, open.id);
    expect(changed?.tallies?.options.map((option) => option.votes)).toEqual([1, 0, 1]);
    expect(pollIn((await read(dan, url)).body, open.id)?.myVote).toEqual([open.options[2]?.id]);

    expect((await as(t, dan).delete(`/api/forums/polls-vote/${open.id}/`)).statusCode).toBe(200);
    expect(await voters(null)).toBe(before);
    expect(pollIn((await read(dan, url)).body, open.id)?.myVote).toEqual([]);

    const commented = await as(t, dan).post('/api/forums/comments/', {
      model: 'poll',
      id: open.id,
      content: 'The park by the river!',
    });
    expect(commented.statusCode, commented.body).toBe(201);
    expect(pollIn((await read(null, url)).body, open.id)?.commentsCount).toBe(1);
    expect(pollIn((await read(null, POLLS)).body, open.id)?.commentsCount).toBe(1);
    const { rows } = await t.db.execute<{ voters_count: number }>(
      sql`select voters_count from polls where id = ${open.id}`,
    );
    expect(rows[0]?.voters_count).toBe(before);
  });

  it('shows the next reader an edit, a hide and a delete at once', async () => {
    const gone = await postPoll(t, ada, { question: 'Picnic: short-lived?', tags: ['picnic'] });
    const url = detail(gone.id);
    await read(null, url);
    await read(null, POLLS);
    expect((await read(null, url)).cache).toBe('HIT');

    const edited = await as(t, ada).patch(url, { question: 'Picnic: edited?' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(pollIn((await read(null, url)).body, gone.id)?.question).toBe('Picnic: edited?');
    expect(pollIn((await read(bob, POLLS)).body, gone.id)?.question).toBe('Picnic: edited?');

    const hidden = await as(t, staff).post(`/api/moderation/content/poll/${gone.id}/hide/`, {
      reason: 'Testing',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await as(t, null).get(url)).statusCode).toBe(404);
    expect((await as(t, bob).get(url)).statusCode).toBe(404);
    expect(pollIn((await read(null, POLLS)).body, gone.id)).toBeUndefined();
    await as(t, staff).post(`/api/moderation/content/poll/${gone.id}/restore/`);
    expect(pollIn((await read(null, POLLS)).body, gone.id)?.question).toBe('Picnic: edited?');

    expect((await as(t, ada).delete(url)).statusCode).toBe(204);
    expect((await as(t, null).get(url)).statusCode).toBe(404);
    expect(pollIn((await read(null, POLLS)).body, gone.id)).toBeUndefined();
    expect(pollIn((await read(cyd, POLLS)).body, gone.id)).toBeUndefined();
  });

  it('leaves staff, a bad token and drafts to the route itself', async () => {
    const answered = await as(t, staff).get(POLLS);
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['x-cache']).toBeUndefined();
    const bad = await t.app.inject({ method: 'GET', url: POLLS, headers: bearer('not-a-token') });
    expect(bad.statusCode).toBe(401);
    const draft = await postPoll(t, ada, { question: 'Picnic: a draft?', status: 'draft' });
    const own = await as(t, ada).get(detail(draft.id));
    expect(own.statusCode).toBe(200);
    expect(own.headers['x-cache']).toBeUndefined();
    expect((await as(t, bob).get(detail(draft.id))).statusCode).toBe(404);
  });
});
