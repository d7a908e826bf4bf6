import { POLL_MESSAGES, type Poll } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, makeStaff } from '../../../test/forums';
import { postPoll, vote } from '../../../test/polls';

/** Polls served by /api/common/ keep their results hidden exactly as polls/ does. */
describe('polls in the common feeds', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  let staff: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
    staff = await signUp(t, 'staffer');
    await makeStaff(t, staff);
  });
  afterAll(() => t.close());

  const listed = async (member: Member | null, url: string, id: number) => {
    const response = await as(t, member).get(url);
    expect(response.statusCode, response.body).toBe(200);
    const item = response.json<{ results: Poll[] }>().results.find((poll) => poll.id === id);
    if (!item) throw new Error(`${url} does not list poll ${id}`);
    return item;
  };

  it('leaves hidden results out of featured and trending answers, and shows them to voters', async () => {
    const poll = await postPoll(t, ada, { results: 'after_vote', question: 'Featured secret?' });
    await vote(t, bob, poll, [1]);
    const featured = await as(t, staff).post('/api/common/featured-post/', {
      model: 'poll',
      id: poll.id,
    });
    expect(featured.statusCode, featured.body).toBe(201);
    for (const url of [
      '/api/common/featured-post/?model_type=poll',
      '/api/common/trending-post/?model_type=poll',
    ]) {
      for (const member of [ada, null]) {
        const item = await listed(member, url, poll.id);
        expect(item).toMatchObject({
          tallies: null,
          resultsHiddenReason: POLL_MESSAGES.resultsAfterVote,
        });
        expect(JSON.stringify(item)).not.toMatch(/"votes"|"percent"/);
      }
      const seen = await listed(bob, url, poll.id);
      expect(seen.tallies?.options.map((option) => option.votes)).toEqual([0, 1, 0]);
      expect(seen.myVote).toEqual([poll.options[1]?.id]);
    }
  });

  it('finds polls by their question in fetchdata/, with no tallies in the hit', async () => {
    const poll = await postPoll(t, ada, {
      question: 'Which harbour lighthouse?',
      description: '',
      voters: 'anonymous',
    });
    await vote(t, bob, poll, [0]);
    const response = await as(t, null).get('/api/common/fetchdata/?q=lighthouse');
    expect(response.statusCode, response.body).toBe(200);
    const { polls } = response.json<{ polls: Record<string, unknown>[] }>();
    expect(polls).toEqual([
      expect.objectContaining({ id: poll.id, title: 'Which harbour lighthouse?' }),
    ]);
    expect(JSON.stringify(polls)).toContain('lighthouse');
    expect(Object.keys(polls[0] ?? {})).not.toContain('tallies');
  });
});
