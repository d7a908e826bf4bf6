import type { Poll } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, signUpMany } from '../../../test/forums';
import { optionIds, postPoll, recount, recountRankings, VOTE } from '../../../test/polls';

/** Members voting at once. */
const MEMBERS = 100;
/** Hundreds of requests on two cores shared with the rest of the suite: more than the default. */
const RACE_TIMEOUT_MS = 60_000;

/** Member `index`'s options (by position) in their `round`-th ballot: varied, never empty. */
const ballotOf = (index: number, round: number): number[] => {
  const picks = [0, 1, 2, 3].filter((position) => ((index * 7 + round * 3) >> position) & 1);
  return picks.length > 0 ? picks : [(index + round) % 4];
};

describe('ballots cast at once', () => {
  let t: TestApp;
  let members: Member[];
  beforeAll(async () => {
    t = await createAccountsTestApp();
    members = await signUpMany(t, 'voter', MEMBERS);
  });
  afterAll(() => t.close());

  const cast = (member: Member, poll: Poll, positions: number[]) =>
    as(t, member).post(VOTE, { poll: poll.id, choices: optionIds(poll, positions) });

  it(
    `keeps every tally equal to a recount with ${MEMBERS} members voting, re-voting and withdrawing at once`,
    async () => {
      const [owner] = members;
      if (!owner) throw new Error('no members');
      const poll = await postPoll(t, owner, {
        type: 'multiple',
        options: ['North', 'East', 'South', 'West'],
      });
      const answers = await Promise.all(
        members.map(async (member, index) => {
          const statuses = [(await cast(member, poll, ballotOf(index, 0))).statusCode];
          // Each member votes again at once, the same member's two ballots racing each other.
          const again = await Promise.all([
            cast(member, poll, ballotOf(index, 1)),
            cast(member, poll, ballotOf(index, 2)),
          ]);
          statuses.push(...again.map((response) => response.statusCode));
          if (index % 5 === 0) {
            statuses.push((await as(t, member).delete(`${VOTE}${poll.id}/`)).statusCode);
          }
          return statuses;
        }),
      );
      expect(answers.flat().every((status) => status === 200)).toBe(true);

      const counted = await recount(t, poll.id);
      for (const choice of counted.choices) expect(choice.kept).toBe(choice.counted);
      expect(counted.voters).toEqual({ kept: MEMBERS * 0.8, counted: MEMBERS * 0.8 });
      // The API shows the same counts.
      const seen = (await as(t, owner).get(`/api/forums/polls/${poll.id}/`)).json<Poll>();
      expect(seen.votersCount).toBe(MEMBERS * 0.8);
      expect(seen.tallies?.options.map((option) => option.votes)).toEqual(
        counted.choices.map((choice) => choice.counted),
      );
    },
    RACE_TIMEOUT_MS,
  );

  it(
    'keeps ranked tallies exact when members re-rank at once',
    async () => {
      const [owner] = members;
      if (!owner) throw new Error('no members');
      const poll = await postPoll(t, owner, { type: 'ranked', options: ['A', 'B', 'C', 'D'] });
      const rankings = [
        [0, 1, 2],
        [3, 2],
        [1, 0, 3, 2],
      ];
      await Promise.all(
        members.map(async (member, index) => {
          for (const round of [0, 1]) {
            const ranking = rankings[(index + round) % rankings.length] ?? [0];
            expect((await cast(member, poll, ranking)).statusCode).toBe(200);
          }
        }),
      );
      const counted = await recount(t, poll.id);
      for (const choice of counted.choices) expect(choice.kept).toBe(choice.counted);
      expect(counted.voters).toEqual({ kept: MEMBERS, counted: MEMBERS });
      const ranked = await recountRankings(t, poll.id);
      expect(ranked.counted).toHaveLength(rankings.length);
      expect(ranked.kept).toEqual(ranked.counted);
      const seen = (await as(t, owner).get(`/api/forums/polls/${poll.id}/`)).json<Poll>();
      const firsts = seen.tallies?.options.reduce((sum, option) => sum + option.votes, 0);
      expect(firsts).toBe(MEMBERS);
    },
    RACE_TIMEOUT_MS,
  );
});
