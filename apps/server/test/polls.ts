import type { CreatePoll, Poll } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Member } from './accounts';
import type { TestApp } from './build-app';
import { as, countRows } from './forums';

/**
 * Poll helpers for tests: poll posts made through the API, ballots cast through it, and the
 * row counts of every poll table, to check that a refused request wrote nothing.
 *
 *   const poll = await postPoll(t, ada, { type: 'multiple', maxChoices: 2 });
 *   const voted = await vote(t, bob, poll, [0, 1]); // by option index
 */

export const POLLS = '/api/forums/polls/';
export const VOTE = '/api/forums/polls-vote/';

let questions = 0;

export async function postPoll(
  t: TestApp,
  member: Member,
  fields: Partial<CreatePoll> = {},
): Promise<Poll> {
  questions += 1;
  const response = await as(t, member).post(POLLS, {
    question: `Question number ${questions}?`,
    description: 'Some **Markdown** to explain it.',
    options: ['Red', 'Green', 'Blue'],
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Poll>();
}

/** The ids of the poll's options at these positions. */
export const optionIds = (poll: Poll, positions: number[]): number[] =>
  positions.map((position) => {
    const option = poll.options[position];
    if (!option) throw new Error(`the poll has no option ${position}`);
    return option.id;
  });

/** Votes for the options at these positions (in this order of preference); expects a 200. */
export async function vote(
  t: TestApp,
  member: Member,
  poll: Poll,
  positions: number[],
): Promise<Poll> {
  const response = await as(t, member).post(VOTE, {
    poll: poll.id,
    choices: optionIds(poll, positions),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Poll>();
}

/** Row counts of every poll table, to compare before and after a refused request. */
export async function pollRowCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['polls', 'poll_posts', 'poll_choices', 'poll_ballots', 'poll_votes']) {
    counts[table] = await countRows(t, table);
  }
  return counts;
}

/**
 * Every counter of the poll against a recount of its rows: each choice's `votes_count` against
 * its votes, and `voters_count` against its ballots.
 */
export async function recount(t: TestApp, pollId: number) {
  const { rows } = await t.db.execute<{ kept: number; counted: number }>(sql`
    select c.votes_count as kept, (select count(*)::int from poll_votes v where v.choice_id = c.id) as counted
    from poll_choices c where c.poll_id = ${pollId} order by c.position`);
  const [poll] = (
    await t.db.execute<{ kept: number; counted: number }>(sql`
      select p.voters_count as kept,
        (select count(*)::int from poll_ballots b where b.poll_id = p.id) as counted
      from polls p where p.id = ${pollId}`)
  ).rows;
  return { choices: rows, voters: poll };
}

/** A ranked poll's counted rankings (`poll_rankings`) against its ballots' orders. */
export async function recountRankings(t: TestApp, pollId: number) {
  const rankings = async (query: ReturnType<typeof sql>) =>
    (await t.db.execute<{ ranking: string; ballots: number }>(query)).rows.map(
      (row) => `${row.ranking}×${row.ballots}`,
    );
  return {
    kept: await rankings(sql`
        select ranking, ballots from poll_rankings
        where poll_id = ${pollId} and ballots > 0 order by ranking`),
    counted: await rankings(sql`
        select ranking, count(*)::int as ballots from (
          select string_agg(choice_id::text, ',' order by rank) as ranking
          from poll_votes
          where poll_id = ${pollId}
            and exists(select 1 from polls where id = ${pollId} and type = 'ranked')
          group by user_id
        ) ballots group by ranking order by ranking`),
  };
}
