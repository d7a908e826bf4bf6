import type { Poll } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, signUpMany } from '../../../test/forums';
import { actorIds, eventsHandled, notificationRows } from '../../../test/notifications';
import { contentContext } from '../../platform/content';
import type { PollView } from './poll-posts.loader';
import { getPoll } from './poll-posts.service';
import { createVoteBatches } from './poll-vote-batches';
import { optionIds, pollRowCounts, postPoll, recount, VOTE } from '../../../test/polls';

/** Members voting in one burst. */
const MEMBERS = 24;

describe('votes cast at once are written together', () => {
  let t: TestApp;
  let owner: Member;
  let voters: Member[];
  beforeAll(async () => {
    t = await createAccountsTestApp();
    const [first, ...others] = await signUpMany(t, 'burst', MEMBERS + 1);
    if (!first) throw new Error('no members');
    owner = first;
    voters = others;
  });
  afterAll(() => t.close());

  const cast = (member: Member, poll: number, choices: number[]) =>
    as(t, member).post(VOTE, { poll, choices });

  /** Every voter counted once, alternately on the first and the second option. */
  async function expectEveryVoterHalved(pollId: number): Promise<void> {
    const counted = await recount(t, pollId);
    expect(counted.voters).toEqual({ kept: voters.length, counted: voters.length });
    expect(counted.choices.map((choice) => choice.counted)).toEqual([
      Math.ceil(voters.length / 2),
      Math.floor(voters.length / 2),
    ]);
  }

  it('counts every ballot of a burst, refusing only the bad ones with their own errors', async () => {
    const tea = await postPoll(t, owner, {
      question: 'Tea or coffee?',
      options: ['Tea', 'Coffee'],
    });
    const colour = await postPoll(t, owner, {
      question: 'Which colour?',
      type: 'multiple',
      maxChoices: 2,
      options: ['Red', 'Green', 'Blue'],
    });
    const ballotOf = (index: number): { poll: Poll; positions: number[] } =>
      index % 2 === 0
        ? { poll: tea, positions: [index % 4 === 0 ? 0 : 1] }
        : { poll: colour, positions: index % 3 === 0 ? [0, 2] : [1] };
    const [wrongOption, tooMany, missingPoll, ...good] = voters;
    if (!wrongOption || !tooMany || !missingPoll) throw new Error('too few members');

    const responses = await Promise.all([
      // An option of another poll, three options where two are allowed, a poll that is not.
      cast(wrongOption, tea.id, optionIds(colour, [0])),
      cast(tooMany, colour.id, optionIds(colour, [0, 1, 2])),
      cast(missingPoll, 987_654, optionIds(tea, [0])),
      ...good.map((member, index) => {
        const { poll, positions } = ballotOf(index);
        return cast(member, poll.id, optionIds(poll, positions));
      }),
    ]);
    const answers = responses.map((r) => ({ status: r.statusCode, body: r.body }));

    const [first, second, third, ...rest] = answers;
    expect(first).toMatchObject({ status: 400 });
    expect(JSON.parse(first?.body ?? '{}')).toHaveProperty('choices');
    expect(JSON.parse(second?.body ?? '{}')).toEqual({ choices: ['Choose at most 2 options.'] });
    expect(third?.status).toBe(400);
    expect(JSON.parse(third?.body ?? '{}')).toHaveProperty('poll');
    expect(rest.map((answer) => answer.status)).toEqual(good.map(() => 200));

    // Every good ballot counted, and only those.
    const teaVoters = good.filter((_, index) => index % 2 === 0).length;
    for (const [poll, voterCount] of [
      [tea, teaVoters],
      [colour, good.length - teaVoters],
    ] as const) {
      const counted = await recount(t, poll.id);
      expect(counted.voters).toEqual({ kept: voterCount, counted: voterCount });
      for (const choice of counted.choices) expect(choice.kept).toBe(choice.counted);
    }

    // The owner hears of each voter, gathered per poll.
    await eventsHandled(t);
    const rows = await notificationRows(t, owner);
    expect(rows.map((row) => row.objectId).sort()).toEqual([tea.id, colour.id].sort());
    for (const row of rows) {
      const expected = row.objectId === tea.id ? teaVoters : good.length - teaVoters;
      expect(row.actorsCount).toBe(expected);
      expect(await actorIds(t, row.id)).toHaveLength(expected);
    }
  });

  it('writes the ballots cast in one turn of the event loop in one transaction', async () => {
    const castVote = createVoteBatches(contentContext(t.app));
    const poll = await postPoll(t, owner, { options: ['Left', 'Right'] });
    const statements = await t.recordQueries(() =>
      Promise.all(
        voters.map((member, index) =>
          castVote(
            { id: member.user.id, isStaff: false },
            { poll: poll.id, choices: optionIds(poll, [index % 2]) },
            () => {},
          ),
        ),
      ),
    );
    expect(statements.filter((s) => s.sql.includes('for no key update'))).toHaveLength(1);
    expect(statements.filter((s) => s.sql.includes('insert into "poll_ballots"'))).toHaveLength(1);
    await expectEveryVoterHalved(poll.id);
  });

  it.each(['ranked', 'multiple'] as const)(
    'answers each voter of a %s poll with the poll as their batch left it, read under the lock',
    async (type) => {
      const ctx = contentContext(t.app);
      const castVote = createVoteBatches(ctx);
      const poll = await postPoll(t, owner, {
        question: 'Which trail first?',
        type,
        options: ['Ridge', 'Lake', 'Forest', 'Meadow'],
      });
      const viewerOf = (member: Member) => ({ id: member.user.id, isStaff: false });
      const rankingOf = (index: number) =>
        optionIds(poll, [index % 4, (index + 1) % 4, (index + 2) % 4].slice(0, 1 + (index % 3)));
      const earlier = voters.slice(0, 6);
      // A first batch, so that the second one replaces some ballots and adds others.
      await Promise.all(
        earlier.map((member, index) =>
          castVote(viewerOf(member), { poll: poll.id, choices: rankingOf(index) }, () => {}),
        ),
      );

      const burst = voters.slice(3, 15);
      const ballots = burst.map((_, index) => rankingOf(index + 5));
      let answers: PollView[] = [];
      const recorded = await t.recordQueries(async () => {
        answers = await Promise.all(
          burst.map((member, index) =>
            castVote(viewerOf(member), { poll: poll.id, choices: ballots[index] ?? [] }, () => {}),
          ),
        );
      });
      const statements = recorded.map((statement) => statement.sql);

      expect(statements.filter((sql) => sql.includes('for no key update'))).toHaveLength(1);
      // The answers' read is the one after the lock: nothing reads the poll after the write.
      const written = statements.findIndex((sql) => sql.includes('insert into "poll_ballots"'));
      expect(statements.slice(written + 1).filter((sql) => /^\s*(select|with)/i.test(sql))).toEqual(
        [],
      );
      const counted = await recount(t, poll.id);
      expect(counted.voters).toEqual({ kept: 15, counted: 15 });
      for (const [index, member] of burst.entries()) {
        const answer = answers[index];
        const detail = await getPoll(ctx, viewerOf(member), poll.id);
        expect(answer?.myVote).toEqual(ballots[index]);
        expect(answer?.poll.votersCount).toBe(15);
        expect(answer?.tallies).toEqual(detail.tallies);
        expect(answer?.tallies).not.toBeNull();
      }
    },
  );

  it('writes the ballots that waited for a write in flight in the next transaction', async () => {
    const castVote = createVoteBatches(contentContext(t.app));
    const poll = await postPoll(t, owner, { options: ['Left', 'Right'] });
    const [first, ...others] = voters;
    if (!first) throw new Error('no members');
    const vote = (member: Member, index: number) =>
      castVote(
        { id: member.user.id, isStaff: false },
        { poll: poll.id, choices: optionIds(poll, [index % 2]) },
        () => {},
      );
    const statements = await t.recordQueries(async () => {
      const firstVote = vote(first, 0);
      // One turn of the loop: the first ballot's write has begun when the others arrive.
      await new Promise<void>((resolve) => setImmediate(resolve));
      await Promise.all([firstVote, ...others.map((member, index) => vote(member, index + 1))]);
    });
    const locks = statements.filter((s) => s.sql.includes('for no key update'));
    expect(locks).toHaveLength(2);
    expect(statements.filter((s) => s.sql.includes('insert into "poll_ballots"'))).toHaveLength(2);
    await expectEveryVoterHalved(poll.id);
  });

  it('writes nothing for a burst that is all refused', async () => {
    const poll = await postPoll(t, owner, { options: ['Yes', 'No'] });
    const before = await pollRowCounts(t);
    const responses = await Promise.all(
      voters.slice(0, 6).map((member) => cast(member, poll.id, [])),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 400));
    expect(await pollRowCounts(t)).toEqual(before);
  });

  it("takes one member's two ballots for a poll in turn: the later one stands", async () => {
    const poll = await postPoll(t, owner, { options: ['One', 'Two', 'Three'] });
    const [member] = voters;
    if (!member) throw new Error('no member');
    const responses = await Promise.all([
      cast(member, poll.id, optionIds(poll, [0])),
      cast(member, poll.id, optionIds(poll, [2])),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    const counted = await recount(t, poll.id);
    expect(counted.voters).toEqual({ kept: 1, counted: 1 });
    expect(counted.choices.map((choice) => choice.counted)).toEqual([0, 0, 1]);
    for (const choice of counted.choices) expect(choice.kept).toBe(choice.counted);
  });
});
