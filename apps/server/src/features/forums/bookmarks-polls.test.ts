import type { BookmarkResult, Discussion, PollVoteResult } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows, forumRowCounts, postDiscussion, recordEvents } from '../../../test/forums';
import { CONTENT_EVENTS } from '../../platform/content';

const BOOKMARK = '/api/forums/forums-bookmark';
const VOTE = '/api/forums/forums-poll-choice/';

describe('POST /api/forums/forums-bookmark', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  it('bookmarks a discussion, then removes the bookmark', async () => {
    const discussion = await postDiscussion(t, ada);
    const first = await as(t, bob).post(BOOKMARK, { forum: discussion.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<BookmarkResult>()).toEqual({ bookmarked: true });
    expect(
      await countRows(
        t,
        'bookmarks',
        sql`user_id = ${bob.user.id} and object_id = ${discussion.id}`,
      ),
    ).toBe(1);
    const detail = await as(t, bob).get(`/api/forums/forums/${discussion.id}/`);
    expect(detail.json<Discussion>().isBookmarked).toBe(true);

    const second = await as(t, bob).post(`${BOOKMARK}/`, { forum: discussion.id });
    expect(second.json<BookmarkResult>()).toEqual({ bookmarked: false });
    expect(await countRows(t, 'bookmarks', sql`user_id = ${bob.user.id}`)).toBe(0);
  });

  it.each([
    [{}, 'forum'],
    [{ forum: 'x' }, 'forum'],
    [{ forum: 999_999 }, 'forum'],
  ])('rejects %o, naming %s and writing nothing', async (payload, field) => {
    const before = await forumRowCounts(t);
    const response = await as(t, bob).post(BOOKMARK, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
    expect(await forumRowCounts(t)).toEqual(before);
  });

  it("refuses another member's draft and signed-out visitors", async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft' });
    expect((await as(t, bob).post(BOOKMARK, { forum: draft.id })).statusCode).toBe(400);
    expect((await as(t, null).post(BOOKMARK, { forum: draft.id })).statusCode).toBe(401);
    expect(await countRows(t, 'bookmarks')).toBe(0);
  });
});

describe('POST /api/forums/forums-poll-choice/', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  let carol: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
    carol = await signUp(t, 'carol');
  });
  afterAll(() => t.close());

  const stored = async (discussionId: number) =>
    (
      await t.db.execute<{ text: string; votes_count: number; votes: number }>(
        sql`select text, votes_count, (select count(*)::int from poll_votes v where v.choice_id = c.id) as votes
            from poll_choices c where poll_id = (select id from polls where model = 'forum' and object_id = ${discussionId}) order by position`,
      )
    ).rows;

  it('votes, moves the vote, and keeps every count equal to its votes', async () => {
    const events = await recordEvents(t, CONTENT_EVENTS.voted);
    const discussion = await postDiscussion(t, ada, {
      title: 'Tea or coffee',
      pollChoices: ['Tea', 'Coffee'],
    });
    const [tea, coffee] = discussion.pollChoices;
    if (!tea || !coffee) throw new Error('no poll');

    const first = await as(t, bob).post(VOTE, { choice: tea.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<PollVoteResult>().pollChoices).toEqual([
      { id: tea.id, text: 'Tea', votesCount: 1, isVoted: true },
      { id: coffee.id, text: 'Coffee', votesCount: 0, isVoted: false },
    ]);
    await as(t, carol).post(VOTE, { choice: tea.id });
    const moved = await as(t, bob).post(VOTE, { choice: coffee.id });
    expect(moved.json<PollVoteResult>().pollChoices).toEqual([
      { id: tea.id, text: 'Tea', votesCount: 1, isVoted: false },
      { id: coffee.id, text: 'Coffee', votesCount: 1, isVoted: true },
    ]);
    // The same vote again changes nothing.
    await as(t, bob).post(VOTE, { choice: coffee.id });
    expect(await stored(discussion.id)).toEqual([
      { text: 'Tea', votes_count: 1, votes: 1 },
      { text: 'Coffee', votes_count: 1, votes: 1 },
    ]);
    const seen = (
      await as(t, carol).get(`/api/forums/forums/${discussion.id}/`)
    ).json<Discussion>();
    expect(seen.pollChoices.map((choice) => choice.isVoted)).toEqual([true, false]);
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events[0]).toEqual({
      actorId: bob.user.id,
      ownerId: ada.user.id,
      target: { model: 'forum', id: discussion.id, host: null, parentId: null },
      title: 'Tea or coffee',
    });
  });

  it('shows each discussion of a list with its own poll, or none', async () => {
    const polled = await postDiscussion(t, ada, { pollChoices: ['Yes', 'No'] });
    const plain = await postDiscussion(t, ada);
    const [yes, no] = polled.pollChoices;
    if (!yes || !no) throw new Error('no poll');
    await as(t, bob).post(VOTE, { choice: no.id });
    for (const [viewer, votedNo] of [
      [bob, true],
      [null, false],
    ] as const) {
      const page = (await as(t, viewer).get('/api/forums/forums/?limit=2')).json<{
        results: Discussion[];
      }>();
      expect(page.results.map((d) => [d.id, d.pollChoices])).toEqual([
        [plain.id, []],
        [
          polled.id,
          [
            { id: yes.id, text: 'Yes', votesCount: 0, isVoted: false },
            { id: no.id, text: 'No', votesCount: 1, isVoted: votedNo },
          ],
        ],
      ]);
    }
  });

  it('keeps counts exact when one member votes for different choices at once', async () => {
    const discussion = await postDiscussion(t, ada, { pollChoices: ['A', 'B', 'C'] });
    const ids = discussion.pollChoices.map((choice) => choice.id);
    const dave = await signUp(t, 'dave');
    const responses = await Promise.all(
      [...ids, ...ids].map((choice) => as(t, dave).post(VOTE, { choice })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const rows = await stored(discussion.id);
    expect(rows.every((row) => row.votes_count === row.votes)).toBe(true);
    expect(
      await countRows(
        t,
        'poll_votes',
        sql`poll_id = (select id from polls where model = 'forum' and object_id = ${discussion.id})`,
      ),
    ).toBe(1);
  });

  it.each([
    [{}, 'choice'],
    [{ choice: 'tea' }, 'choice'],
    [{ choice: 999_999 }, 'choice'],
  ])('rejects %o, naming %s and writing nothing', async (payload, field) => {
    const before = await forumRowCounts(t);
    const response = await as(t, bob).post(VOTE, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
    expect(await forumRowCounts(t)).toEqual(before);
  });

  it("refuses a draft's poll and signed-out visitors", async () => {
    const draft = await postDiscussion(t, ada, { status: 'draft', pollChoices: ['A', 'B'] });
    const choice = draft.pollChoices[0]?.id;
    expect((await as(t, bob).post(VOTE, { choice })).statusCode).toBe(400);
    expect((await as(t, null).post(VOTE, { choice })).statusCode).toBe(401);
    expect(
      await countRows(
        t,
        'poll_votes',
        sql`poll_id = (select id from polls where model = 'forum' and object_id = ${draft.id})`,
      ),
    ).toBe(0);
  });
});
