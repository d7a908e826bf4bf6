import { POLL_MESSAGES, type Poll } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as } from '../../../test/forums';
import { POLLS, postPoll, vote } from '../../../test/polls';
import type { LiveView } from '../../platform/content';

/** The poll kind's `live` hook, as the live socket calls it. */
describe('live counters of a poll', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  let cyd: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
    cyd = await signUp(t, 'cyd');
  });
  afterAll(() => t.close());

  const live = (poll: Poll, viewerIds: number[]): Promise<LiveView | undefined> => {
    const hook = t.app.content.kind('poll').live;
    if (!hook) throw new Error('polls have no live hook');
    return hook(t.db, poll.id, viewerIds);
  };
  const watchers = () => [ada.user.id, bob.user.id, cyd.user.id];
  const detailOf = async (member: Member | null, poll: Poll) =>
    (await as(t, member).get(`${POLLS}${poll.id}/`)).json<Poll>();

  it('gives voters, likes and comments, and the tallies everyone may see', async () => {
    const poll = await postPoll(t, ada);
    await vote(t, bob, poll, [1]);
    await as(t, cyd).post('/api/forums/like/', { model: 'poll', id: poll.id });
    await as(t, cyd).post('/api/forums/comments/', { model: 'poll', id: poll.id, content: 'Hi.' });
    const view = await live(poll, watchers());
    expect(view?.counts).toEqual({ votersCount: 1, likesCount: 1, commentsCount: 1 });
    // The same tallies as the HTTP answer, for members and signed-out watchers alike.
    const tallies = (await detailOf(null, poll)).tallies;
    for (const viewerId of [null, ...watchers()]) {
      expect(view?.talliesFor?.(viewerId)).toEqual(tallies);
    }
  });

  it('gives after_vote tallies only to watchers with a ballot, the author included in the rule', async () => {
    const poll = await postPoll(t, ada, { results: 'after_vote' });
    await vote(t, bob, poll, [0]);
    const view = await live(poll, watchers());
    expect(view?.counts.votersCount).toBe(1);
    expect(view?.talliesFor?.(bob.user.id)).toEqual((await detailOf(bob, poll)).tallies);
    for (const viewerId of [null, ada.user.id, cyd.user.id]) {
      expect(view?.talliesFor?.(viewerId)).toBeUndefined();
    }
    // A member not among the watchers asked about is not taken for a voter.
    const narrow = await live(poll, [cyd.user.id]);
    expect(narrow?.talliesFor?.(bob.user.id)).toBeUndefined();
  });

  it('gives after_close tallies to nobody before the close, and to everyone after', async () => {
    const closesAt = new Date(Date.now() + 60_000).toISOString();
    const poll = await postPoll(t, ada, { results: 'after_close', closesAt, type: 'ranked' });
    await vote(t, bob, poll, [2, 0]);
    const before = await live(poll, watchers());
    for (const viewerId of [null, ...watchers()]) {
      expect(before?.talliesFor?.(viewerId)).toBeUndefined();
    }
    expect((await detailOf(bob, poll)).resultsHiddenReason).toBe(POLL_MESSAGES.resultsAfterClose);

    await t.db.execute(
      sql`update polls set closes_at = now() - interval '1 second' where id = ${poll.id}`,
    );
    const after = await live(poll, watchers());
    const tallies = after?.talliesFor?.(null);
    expect(tallies?.rounds).toHaveLength(1);
    expect(tallies?.winners).toEqual([poll.options[2]?.id]);
    expect(after?.talliesFor?.(cyd.user.id)).toEqual(tallies);
  });

  it('has no live view of a draft, a hidden or a deleted poll', async () => {
    const draft = await postPoll(t, ada, { status: 'draft' });
    expect(await live(draft, watchers())).toBeUndefined();
    const hidden = await postPoll(t, ada);
    await t.db.execute(sql`update poll_posts set status = 'hidden' where id = ${hidden.id}`);
    expect(await live(hidden, watchers())).toBeUndefined();
    const deleted = await postPoll(t, ada);
    expect((await as(t, ada).delete(`${POLLS}${deleted.id}/`)).statusCode).toBe(204);
    expect(await live(deleted, watchers())).toBeUndefined();
  });

  it('reads a fixed number of queries whatever the number of watchers', async () => {
    const poll = await postPoll(t, ada, { type: 'ranked' });
    await vote(t, bob, poll, [0, 1]);
    const many = Array.from({ length: 50 }, (_, index) => index + 1_000_000);
    const one = await t.countQueries(() => live(poll, [bob.user.id]));
    const all = await t.countQueries(() => live(poll, [...many, ...watchers()]));
    expect(all).toBe(one);
    expect(all).toBeLessThanOrEqual(3);
    expect(await t.countQueries(() => live(poll, []))).toBeLessThanOrEqual(2);
  });
});
