import { POLL_MESSAGES, type Poll, type PollVoterPage } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountsTestApp, signUp, type Member, type TestClock } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows, recordEvents } from '../../../test/forums';
import { eventsHandled } from '../../../test/notifications';
import {
  optionIds,
  pollRowCounts,
  POLLS,
  postPoll,
  recount,
  vote,
  VOTE,
} from '../../../test/polls';
import { CONTENT_EVENTS } from '../../platform/content';

/** How far ahead polls close: the clock moves by this, well within the 5 minutes of a token. */
const SOON = 20_000;

describe('voting in polls', () => {
  let t: TestApp & { clock: TestClock };
  let ada: Member;
  let bob: Member;
  let cyd: Member;
  let dee: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
    cyd = await signUp(t, 'cyd');
    dee = await signUp(t, 'dee');
  });
  afterAll(() => t.close());

  const inFuture = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
  const detail = async (member: Member | null, poll: Poll) => {
    const response = await as(t, member).get(`${POLLS}${poll.id}/`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Poll>();
  };
  const votersOf = (member: Member | null, poll: Poll, option: number, query = '') =>
    as(t, member).get(`${POLLS}${poll.id}/voted_by/?option=${option}${query}`);

  /** A refused ballot: 400 naming `field`, and not a row written. */
  const refused = async (member: Member, body: Record<string, unknown>, field: string) => {
    const before = await pollRowCounts(t);
    const response = await as(t, member).post(VOTE, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json<Record<string, unknown>>())).toEqual([field]);
    expect(await pollRowCounts(t)).toEqual(before);
    return response.json<Record<string, string[]>>();
  };

  describe('POST polls-vote/', () => {
    it('casts a single-choice ballot, answers the poll as the voter sees it, and tells the owner', async () => {
      await eventsHandled(t);
      const events = await recordEvents(t, CONTENT_EVENTS.voted);
      const poll = await postPoll(t, ada, { question: 'Tea or coffee?' });
      const [red] = optionIds(poll, [0]);
      const voted = await vote(t, bob, poll, [0]);
      expect(voted).toMatchObject({
        votersCount: 1,
        myVote: [red],
        optionsEditable: false,
        tallies: {
          votersCount: 1,
          options: [
            { id: red, votes: 1, percent: 100 },
            { votes: 0, percent: 0 },
            { votes: 0, percent: 0 },
          ],
          rounds: [],
          winners: [red],
        },
        resultsHiddenReason: null,
      });
      expect(await recount(t, poll.id)).toEqual({
        choices: [
          { kept: 1, counted: 1 },
          { kept: 0, counted: 0 },
          { kept: 0, counted: 0 },
        ],
        voters: { kept: 1, counted: 1 },
      });
      await vi.waitFor(() => expect(events).toHaveLength(1));
      expect(events[0]).toEqual({
        actorId: bob.user.id,
        ownerId: ada.user.id,
        target: { model: 'poll', id: poll.id, host: null, parentId: null },
        title: 'Tea or coffee?',
        anonymous: false,
      });
    });

    it('replaces the ballot while the poll is open, and changes nothing for the same ballot', async () => {
      await eventsHandled(t);
      const events = await recordEvents(t, CONTENT_EVENTS.voted);
      const poll = await postPoll(t, ada);
      await vote(t, bob, poll, [0]);
      await vote(t, cyd, poll, [0]);
      const moved = await vote(t, bob, poll, [2]);
      expect(moved.myVote).toEqual(optionIds(poll, [2]));
      expect(moved.tallies?.options.map((option) => option.votes)).toEqual([1, 0, 1]);
      expect(moved.votersCount).toBe(2);
      const again = await vote(t, bob, poll, [2]);
      expect(again.tallies?.options.map((option) => option.votes)).toEqual([1, 0, 1]);
      expect(await recount(t, poll.id)).toMatchObject({ voters: { kept: 2, counted: 2 } });
      await eventsHandled(t);
      // Three ballots changed something; the repeated one did not.
      expect(events).toHaveLength(3);
    });

    it('lets the author vote in their own poll', async () => {
      const poll = await postPoll(t, ada);
      const voted = await vote(t, ada, poll, [1]);
      expect(voted).toMatchObject({ votersCount: 1, myVote: optionIds(poll, [1]) });
    });

    it('answers members voting at once each with the poll as they see it', async () => {
      const poll = await postPoll(t, ada, {
        question: 'Which season?',
        options: ['Spring', 'Fall'],
      });
      await as(t, bob).post('/api/forums/like/', { model: 'poll', id: poll.id });
      await as(t, cyd).post('/api/common/bookmark/', { model: 'poll', id: poll.id });
      const [spring, fall] = optionIds(poll, [0, 1]);
      const ballots = [
        [bob, 0],
        [cyd, 1],
        [dee, 0],
      ] as const;
      const answers = await Promise.all(
        ballots.map(([member, position]) => vote(t, member, poll, [position])),
      );
      const mine = (member: Member) => answers.find((_, index) => ballots[index]?.[0] === member);
      expect(mine(bob)).toMatchObject({ myVote: [spring], isLiked: true, isBookmarked: false });
      expect(mine(cyd)).toMatchObject({ myVote: [fall], isLiked: false, isBookmarked: true });
      expect(mine(dee)).toMatchObject({ myVote: [spring], isLiked: false, isBookmarked: false });
      // Each answer is the detail that voter reads next (the batch's last counts or later).
      for (const [member] of ballots) {
        const seen = await detail(member, poll);
        expect(mine(member)).toMatchObject({
          id: poll.id,
          question: 'Which season?',
          myVote: seen.myVote,
          isLiked: seen.isLiked,
          isBookmarked: seen.isBookmarked,
        });
      }
      expect((await detail(ada, poll)).tallies?.votersCount).toBe(3);
    });

    it('takes up to maxChoices options in a multiple-choice poll, percentages of voters', async () => {
      const poll = await postPoll(t, ada, {
        type: 'multiple',
        maxChoices: 2,
        options: ['A', 'B', 'C', 'D'],
      });
      await vote(t, bob, poll, [0, 1]);
      const voted = await vote(t, cyd, poll, [0]);
      expect(voted.tallies).toMatchObject({
        votersCount: 2,
        options: [
          { votes: 2, percent: 100 },
          { votes: 1, percent: 50 },
          { votes: 0, percent: 0 },
          { votes: 0, percent: 0 },
        ],
      });
      const body = { poll: poll.id, choices: optionIds(poll, [0, 1, 2]) };
      expect(await refused(dee, body, 'choices')).toEqual({
        choices: ['Choose at most 2 options.'],
      });
    });

    it('takes any number of options in a multiple-choice poll without a limit', async () => {
      const poll = await postPoll(t, ada, { type: 'multiple', options: ['A', 'B', 'C'] });
      const voted = await vote(t, bob, poll, [2, 1, 0]);
      expect(voted.tallies?.options.map((option) => option.percent)).toEqual([100, 100, 100]);
    });

    it('counts ranked ballots by instant runoff, round by round', async () => {
      const poll = await postPoll(t, ada, { type: 'ranked', options: ['A', 'B', 'C'] });
      const [a, b, c] = optionIds(poll, [0, 1, 2]);
      await vote(t, ada, poll, [0]);
      await vote(t, bob, poll, [0, 1]);
      await vote(t, cyd, poll, [1, 0]);
      const voted = await vote(t, dee, poll, [2, 1]);
      expect(voted.myVote).toEqual([c, b]);
      expect(voted.tallies).toEqual({
        votersCount: 4,
        options: [
          { id: a, votes: 2, percent: 50 },
          { id: b, votes: 1, percent: 25 },
          { id: c, votes: 1, percent: 25 },
        ],
        rounds: [
          {
            tallies: [
              { id: a, votes: 2 },
              { id: b, votes: 1 },
              { id: c, votes: 1 },
            ],
            eliminated: [b, c],
          },
          { tallies: [{ id: a, votes: 3 }], eliminated: [] },
        ],
        winners: [a],
      });
      // Reordering a ranking is a change.
      const reordered = await vote(t, dee, poll, [1, 2]);
      expect(reordered.myVote).toEqual([b, c]);
      const stored = await t.db.execute<{ rank: number }>(
        sql`select rank from poll_votes where poll_id = ${poll.id} and user_id = ${dee.user.id} and choice_id = ${b}`,
      );
      expect(stored.rows).toEqual([{ rank: 0 }]);
    });

    it('refuses a single-choice ballot of more than one option', async () => {
      const poll = await postPoll(t, ada);
      const body = { poll: poll.id, choices: optionIds(poll, [0, 1]) };
      expect(await refused(bob, body, 'choices')).toEqual({
        choices: ['Choose exactly one option.'],
      });
    });

    it("refuses an option of another poll, or none at all, naming 'choices'", async () => {
      const poll = await postPoll(t, ada);
      const other = await postPoll(t, ada);
      await refused(bob, { poll: poll.id, choices: optionIds(other, [0]) }, 'choices');
      await refused(bob, { poll: poll.id, choices: [] }, 'choices');
      await refused(bob, { poll: poll.id, choices: [999_999_999] }, 'choices');
      const [first] = optionIds(poll, [0]);
      await refused(bob, { poll: poll.id, choices: [first, first] }, 'choices');
      await refused(bob, { poll: poll.id, choices: 'all' }, 'choices');
    });

    it("refuses an unknown poll, a draft, or a bad id, naming 'poll'", async () => {
      const draft = await postPoll(t, ada, { status: 'draft' });
      expect(await refused(bob, { poll: 999_999_999, choices: [1] }, 'poll')).toEqual({
        poll: [POLL_MESSAGES.notFound],
      });
      await refused(bob, { poll: draft.id, choices: optionIds(draft, [0]) }, 'poll');
      await refused(bob, { poll: 'one', choices: [1] }, 'poll');
    });

    it('refuses a vote once the poll has closed by the server clock, writing nothing', async () => {
      const poll = await postPoll(t, ada, { closesAt: inFuture(SOON) });
      await vote(t, bob, poll, [0]);
      t.clock.advance(SOON);
      const body = { poll: poll.id, choices: optionIds(poll, [1]) };
      expect(await refused(cyd, body, 'poll')).toEqual({ poll: [POLL_MESSAGES.closed] });
      // Nor may a voter change their ballot.
      await refused(bob, body, 'poll');
      const seen = await detail(bob, poll);
      expect(seen).toMatchObject({ isClosed: true, votersCount: 1, myVote: optionIds(poll, [0]) });
    });

    it('answers 401 signed out, writing nothing', async () => {
      const poll = await postPoll(t, ada);
      const before = await pollRowCounts(t);
      const response = await as(t, null).post(VOTE, {
        poll: poll.id,
        choices: optionIds(poll, [0]),
      });
      expect(response.statusCode).toBe(401);
      expect(await pollRowCounts(t)).toEqual(before);
    });
  });

  describe('DELETE polls-vote/{id}/', () => {
    it('withdraws the ballot, moving every count back, and says the counts changed', async () => {
      await eventsHandled(t);
      const changed = await recordEvents(t, CONTENT_EVENTS.countsChanged);
      const poll = await postPoll(t, ada, { type: 'multiple', options: ['A', 'B', 'C'] });
      await vote(t, bob, poll, [0, 2]);
      await vote(t, cyd, poll, [0]);
      const response = await as(t, bob).delete(`${VOTE}${poll.id}/`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Poll>()).toMatchObject({
        votersCount: 1,
        myVote: [],
        tallies: { options: [{ votes: 1 }, { votes: 0 }, { votes: 0 }] },
      });
      expect(await recount(t, poll.id)).toEqual({
        choices: [
          { kept: 1, counted: 1 },
          { kept: 0, counted: 0 },
          { kept: 0, counted: 0 },
        ],
        voters: { kept: 1, counted: 1 },
      });
      expect(await countRows(t, 'poll_ballots', sql`poll_id = ${poll.id}`)).toBe(1);
      await vi.waitFor(() => expect(changed).toEqual([{ target: { model: 'poll', id: poll.id } }]));

      // Without a ballot, withdrawing changes nothing.
      const again = await as(t, bob).delete(`${VOTE}${poll.id}/`);
      expect(again.statusCode).toBe(200);
      expect(again.json<Poll>().votersCount).toBe(1);
      await eventsHandled(t);
      expect(changed).toHaveLength(1);
    });

    it('lets the options change again once every ballot is withdrawn', async () => {
      const poll = await postPoll(t, ada);
      await vote(t, bob, poll, [0]);
      await as(t, bob).delete(`${VOTE}${poll.id}/`);
      expect((await detail(ada, poll)).optionsEditable).toBe(true);
      const edited = await as(t, ada).patch(`${POLLS}${poll.id}/`, { options: ['Yes', 'No'] });
      expect(edited.statusCode, edited.body).toBe(200);
    });

    it('refuses to withdraw from a closed poll, changing nothing', async () => {
      const poll = await postPoll(t, ada, { closesAt: inFuture(SOON) });
      await vote(t, bob, poll, [0]);
      t.clock.advance(SOON);
      const before = await pollRowCounts(t);
      const response = await as(t, bob).delete(`${VOTE}${poll.id}/`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ nonFieldErrors: [POLL_MESSAGES.closed] });
      expect(await pollRowCounts(t)).toEqual(before);
    });

    it('answers 404 for a poll the member cannot see, and 401 signed out', async () => {
      const draft = await postPoll(t, ada, { status: 'draft' });
      expect((await as(t, bob).delete(`${VOTE}${draft.id}/`)).statusCode).toBe(404);
      expect((await as(t, bob).delete(`${VOTE}999999999/`)).statusCode).toBe(404);
      expect((await as(t, null).delete(`${VOTE}${draft.id}/`)).statusCode).toBe(401);
    });
  });

  describe('hidden results', () => {
    /** The poll's answer carries no count of any option anywhere. */
    const expectNoTallies = (poll: Poll, reason: string) => {
      expect(poll.tallies).toBeNull();
      expect(poll.resultsHiddenReason).toBe(reason);
      for (const option of poll.options) expect(Object.keys(option).sort()).toEqual(['id', 'text']);
      expect(JSON.stringify(poll)).not.toMatch(/"votes"|"percent"|"rounds"|"winners"/);
    };

    it('hides after_vote results from who has not voted, author included, in detail and lists', async () => {
      const poll = await postPoll(t, ada, { results: 'after_vote', tags: ['secretive'] });
      await vote(t, bob, poll, [0]);
      for (const member of [ada, cyd, null]) {
        expectNoTallies(await detail(member, poll), POLL_MESSAGES.resultsAfterVote);
        for (const list of [
          `${POLLS}?tag=secretive`,
          `${POLLS}?limit=50`,
          '/api/forums/trending_polls/',
        ]) {
          const page = (await as(t, member).get(list)).json<{ results: Poll[] }>();
          const listed = page.results.find((item) => item.id === poll.id);
          if (!listed) throw new Error(`${list} does not list the poll`);
          expectNoTallies(listed, POLL_MESSAGES.resultsAfterVote);
        }
      }
      // The voter sees them, and so does a member once they vote.
      expect((await detail(bob, poll)).tallies?.votersCount).toBe(1);
      const voted = await vote(t, cyd, poll, [1]);
      expect(voted.tallies?.options.map((option) => option.votes)).toEqual([1, 1, 0]);
      // After a withdrawal they are hidden again.
      const withdrawn = await as(t, cyd).delete(`${VOTE}${poll.id}/`);
      expectNoTallies(withdrawn.json<Poll>(), POLL_MESSAGES.resultsAfterVote);
    });

    it('hides after_close results from everyone until the close, voters and author too', async () => {
      const poll = await postPoll(t, ada, {
        results: 'after_close',
        closesAt: inFuture(2 * SOON),
        type: 'ranked',
      });
      const voted = await vote(t, bob, poll, [0, 1]);
      expectNoTallies(voted, POLL_MESSAGES.resultsAfterClose);
      for (const member of [ada, bob, null]) {
        expectNoTallies(await detail(member, poll), POLL_MESSAGES.resultsAfterClose);
        const page = (await as(t, member).get(`${POLLS}?limit=50`)).json<{ results: Poll[] }>();
        const listed = page.results.find((item) => item.id === poll.id);
        if (!listed) throw new Error('not listed');
        expectNoTallies(listed, POLL_MESSAGES.resultsAfterClose);
      }
      const voters = await votersOf(ada, poll, poll.options[0]?.id ?? 0);
      expect(voters.statusCode).toBe(403);
      expect(voters.json()).toEqual({ detail: POLL_MESSAGES.resultsAfterClose });

      t.clock.advance(2 * SOON);
      const closed = await detail(null, poll);
      expect(closed).toMatchObject({ isClosed: true, resultsHiddenReason: null });
      expect(closed.tallies?.winners).toEqual(optionIds(poll, [0]));
    });

    it('shows after_vote results to everyone once the poll has closed', async () => {
      const poll = await postPoll(t, ada, { results: 'after_vote', closesAt: inFuture(SOON) });
      await vote(t, bob, poll, [2]);
      t.clock.advance(SOON);
      expect((await detail(cyd, poll)).tallies?.votersCount).toBe(1);
    });
  });

  describe('GET polls/{id}/voted_by/', () => {
    it('lists who chose an option of a public poll, latest ballot first, with pages', async () => {
      const poll = await postPoll(t, ada, { type: 'multiple', options: ['A', 'B'] });
      const [a, b] = optionIds(poll, [0, 1]);
      await vote(t, bob, poll, [0]);
      t.clock.advance(1000);
      await vote(t, cyd, poll, [0, 1]);
      t.clock.advance(1000);
      await vote(t, dee, poll, [1]);
      const first = await votersOf(null, poll, a ?? 0, '&limit=1');
      expect(first.statusCode, first.body).toBe(200);
      const page = first.json<PollVoterPage>();
      expect(page.results).toEqual([
        {
          user: expect.objectContaining({ id: cyd.user.id, username: 'cyd' }),
          votedAt: expect.any(String),
          rank: null,
        },
      ]);
      const rest = (
        await votersOf(null, poll, a ?? 0, `&limit=1&cursor=${page.next}`)
      ).json<PollVoterPage>();
      expect(rest.results.map((voter) => voter.user.username)).toEqual(['bob']);
      expect(rest.next).toBeNull();
      const ofB = (await votersOf(bob, poll, b ?? 0)).json<PollVoterPage>();
      expect(ofB.results.map((voter) => voter.user.username)).toEqual(['dee', 'cyd']);
    });

    it('gives the rank each voter gave the option in a ranked poll', async () => {
      const poll = await postPoll(t, ada, { type: 'ranked', options: ['A', 'B'] });
      const [, b] = optionIds(poll, [0, 1]);
      await vote(t, bob, poll, [0, 1]);
      await vote(t, cyd, poll, [1]);
      const voters = (await votersOf(ada, poll, b ?? 0)).json<PollVoterPage>();
      expect(voters.results.map((voter) => [voter.user.username, voter.rank])).toEqual([
        ['cyd', 1],
        ['bob', 2],
      ]);
    });

    it('refuses an anonymous poll to everyone, its author too', async () => {
      const poll = await postPoll(t, ada, { voters: 'anonymous' });
      await vote(t, bob, poll, [0]);
      for (const member of [ada, bob, null]) {
        const response = await votersOf(member, poll, poll.options[0]?.id ?? 0);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: POLL_MESSAGES.anonymous });
      }
    });

    it('refuses results hidden from the viewer, giving the reason', async () => {
      const poll = await postPoll(t, ada, { results: 'after_vote' });
      await vote(t, bob, poll, [0]);
      const option = poll.options[0]?.id ?? 0;
      const hidden = await votersOf(cyd, poll, option);
      expect(hidden.statusCode).toBe(403);
      expect(hidden.json()).toEqual({ detail: POLL_MESSAGES.resultsAfterVote });
      expect((await votersOf(bob, poll, option)).statusCode).toBe(200);
    });

    it("answers 400 for another poll's option or none, and 404 for a poll not seen", async () => {
      const poll = await postPoll(t, ada);
      const other = await postPoll(t, ada);
      const foreign = await votersOf(bob, poll, other.options[0]?.id ?? 0);
      expect(foreign.statusCode).toBe(400);
      expect(Object.keys(foreign.json<Record<string, unknown>>())).toEqual(['option']);
      const missing = await as(t, bob).get(`${POLLS}${poll.id}/voted_by/`);
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json<Record<string, unknown>>())).toEqual(['option']);
      const draft = await postPoll(t, ada, { status: 'draft' });
      expect((await votersOf(bob, draft, draft.options[0]?.id ?? 0)).statusCode).toBe(404);
    });
  });
});
