import { POLL_MESSAGES, type Poll } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountsTestApp, signUp, type Member, type TestClock } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows, makeStaff, recordEvents } from '../../../test/forums';
import { eventsHandled } from '../../../test/notifications';
import { pollRowCounts, POLLS, postPoll, vote } from '../../../test/polls';
import { CONTENT_EVENTS } from '../../platform/content';

const HOUR = 60 * 60 * 1000;

describe('poll posts', () => {
  let t: TestApp & { clock: TestClock };
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

  const inFuture = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

  describe('POST polls/', () => {
    it('creates a published poll with its options, rules and tags, and announces it', async () => {
      await eventsHandled(t);
      const published = await recordEvents(t, CONTENT_EVENTS.published);
      const closesAt = inFuture(24 * HOUR);
      const response = await as(t, ada).post(POLLS, {
        question: '  Which colour for the logo?  ',
        description: 'Pick **one**.',
        options: ['Red', 'Green', 'Blue'],
        type: 'multiple',
        maxChoices: 2,
        results: 'after_vote',
        voters: 'anonymous',
        closesAt,
        tags: ['Design', 'logo', 'design'],
      });
      expect(response.statusCode, response.body).toBe(201);
      const poll = response.json<Poll>();
      expect(poll).toMatchObject({
        question: 'Which colour for the logo?',
        description: 'Pick **one**.',
        tags: ['design', 'logo'],
        status: 'published',
        author: { id: ada.user.id, username: 'ada' },
        type: 'multiple',
        maxChoices: 2,
        results: 'after_vote',
        voters: 'anonymous',
        closesAt,
        isClosed: false,
        votersCount: 0,
        myVote: [],
        tallies: null,
        resultsHiddenReason: POLL_MESSAGES.resultsAfterVote,
        optionsEditable: true,
        likesCount: 0,
        commentsCount: 0,
        isLiked: false,
        isBookmarked: false,
        editedAt: null,
      });
      expect(poll.options.map((option) => option.text)).toEqual(['Red', 'Green', 'Blue']);
      // The post's id is its poll's.
      const { rows } = await t.db.execute<{ model: string; object_id: number }>(
        sql`select model, object_id from polls where id = ${poll.id}`,
      );
      expect(rows.map((row) => ({ ...row, object_id: Number(row.object_id) }))).toEqual([
        { model: 'poll', object_id: poll.id },
      ]);
      expect(await countRows(t, 'poll_choices', sql`poll_id = ${poll.id}`)).toBe(3);
      await vi.waitFor(() => expect(published).toHaveLength(1));
      expect(published).toContainEqual({
        actorId: ada.user.id,
        target: { model: 'poll', id: poll.id, host: null, parentId: null },
        title: 'Which colour for the logo?',
        content: 'Pick **one**.',
      });
    });

    it('creates a single-choice poll with results always shown by default', async () => {
      const poll = await postPoll(t, ada);
      expect(poll).toMatchObject({
        type: 'single',
        maxChoices: null,
        results: 'always',
        voters: 'public',
        closesAt: null,
        tallies: { votersCount: 0, rounds: [], winners: [] },
        resultsHiddenReason: null,
      });
    });

    it('keeps a draft to its author and announces nothing', async () => {
      await eventsHandled(t);
      const published = await recordEvents(t, CONTENT_EVENTS.published);
      const draft = await postPoll(t, ada, { status: 'draft' });
      expect(draft.status).toBe('draft');
      expect((await as(t, ada).get(`${POLLS}${draft.id}/`)).statusCode).toBe(200);
      for (const other of [bob, null]) {
        const response = await as(t, other).get(`${POLLS}${draft.id}/`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: POLL_MESSAGES.notFound });
      }
      await eventsHandled(t);
      expect(published).toEqual([]);
    });

    const bad: [string, Record<string, unknown>, string][] = [
      ['a missing question', { question: undefined }, 'question'],
      ['a short question', { question: 'Hm' }, 'question'],
      ['one option', { options: ['Only'] }, 'options'],
      ['21 options', { options: Array.from({ length: 21 }, (_, i) => `O${i}`) }, 'options'],
      ['the same option twice', { options: ['Yes', 'yes'] }, 'options'],
      ['an empty option', { options: ['Yes', ' '] }, 'options.1'],
      ['an unknown type', { type: 'approval' }, 'type'],
      ['maxChoices on a single-choice poll', { maxChoices: 2 }, 'maxChoices'],
      ['maxChoices above the options', { type: 'multiple', maxChoices: 4 }, 'maxChoices'],
      ['an unknown results setting', { results: 'never' }, 'results'],
      ['an unknown voters setting', { voters: 'secret' }, 'voters'],
      ['results after the close without a close', { results: 'after_close' }, 'closesAt'],
      ['a closing time that is not a date', { closesAt: 'tomorrow' }, 'closesAt'],
      ['a bad tag', { tags: ['no spaces'] }, 'tags.0'],
      ['an unknown status', { status: 'archived' }, 'status'],
    ];
    it.each(bad)('refuses %s, naming the field and writing nothing', async (_, fields, field) => {
      const before = await pollRowCounts(t);
      const response = await as(t, ada).post(POLLS, {
        question: 'A fine question?',
        options: ['Red', 'Green', 'Blue'],
        ...fields,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json<Record<string, unknown>>())).toEqual([field]);
      expect(await pollRowCounts(t)).toEqual(before);
    });

    it('refuses a closing time in the past by the server clock, writing nothing', async () => {
      const before = await pollRowCounts(t);
      const response = await as(t, ada).post(POLLS, {
        question: 'Too late?',
        options: ['Yes', 'No'],
        closesAt: inFuture(-1000),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ closesAt: ['Set a closing time in the future.'] });
      expect(await pollRowCounts(t)).toEqual(before);
    });

    it('answers 401 signed out, writing nothing', async () => {
      const before = await pollRowCounts(t);
      const response = await as(t, null).post(POLLS, { question: 'Anyone?', options: ['a', 'b'] });
      expect(response.statusCode).toBe(401);
      expect(await pollRowCounts(t)).toEqual(before);
    });
  });

  describe('GET polls/{id}/', () => {
    it('shows a poll to signed-out visitors, with the results it shows to all', async () => {
      const poll = await postPoll(t, ada);
      await vote(t, bob, poll, [1]);
      const response = await as(t, null).get(`${POLLS}${poll.id}/`);
      expect(response.statusCode, response.body).toBe(200);
      const seen = response.json<Poll>();
      expect(seen.votersCount).toBe(1);
      expect(seen.myVote).toEqual([]);
      expect(seen.tallies?.options.map((option) => option.votes)).toEqual([0, 1, 0]);
    });

    it('answers 404 for an unknown id', async () => {
      const response = await as(t, ada).get(`${POLLS}999999999/`);
      expect(response.statusCode).toBe(404);
    });
  });

  describe('PATCH polls/{id}/', () => {
    it('lets the author change question, description, tags and status, marking it edited', async () => {
      await eventsHandled(t);
      const published = await recordEvents(t, CONTENT_EVENTS.published);
      const draft = await postPoll(t, ada, { status: 'draft' });
      t.clock.advance(1000);
      const response = await as(t, ada).patch(`${POLLS}${draft.id}/`, {
        question: 'A better question?',
        description: 'Clearer.',
        tags: ['meta'],
        status: 'published',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Poll>()).toMatchObject({
        question: 'A better question?',
        description: 'Clearer.',
        tags: ['meta'],
        status: 'published',
        editedAt: t.clock.now().toISOString(),
      });
      await vi.waitFor(() => expect(published).toHaveLength(1));
    });

    it('changes options, type, maxChoices and closing time before the first vote', async () => {
      const poll = await postPoll(t, ada);
      const closesAt = inFuture(HOUR);
      const response = await as(t, ada).patch(`${POLLS}${poll.id}/`, {
        options: ['One', 'Two', 'Three', 'Four'],
        type: 'multiple',
        maxChoices: 3,
        closesAt,
      });
      expect(response.statusCode, response.body).toBe(200);
      const changed = response.json<Poll>();
      expect(changed).toMatchObject({ type: 'multiple', maxChoices: 3, closesAt });
      expect(changed.options.map((option) => option.text)).toEqual(['One', 'Two', 'Three', 'Four']);
      expect(await countRows(t, 'poll_choices', sql`poll_id = ${poll.id}`)).toBe(4);

      // Back to single choice: the limit goes with it.
      const single = await as(t, ada).patch(`${POLLS}${poll.id}/`, { type: 'single' });
      expect(single.json<Poll>()).toMatchObject({ type: 'single', maxChoices: null });
    });

    it('refuses option, type and closing changes once someone voted, writing nothing', async () => {
      const poll = await postPoll(t, ada);
      await vote(t, bob, poll, [0]);
      for (const changes of [
        { options: ['X', 'Y'] },
        { type: 'ranked' },
        { closesAt: inFuture(HOUR) },
        { question: 'Still fine?', options: ['X', 'Y'] },
      ]) {
        const before = await pollRowCounts(t);
        const response = await as(t, ada).patch(`${POLLS}${poll.id}/`, changes);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({ options: [POLL_MESSAGES.optionsLocked] });
        expect(await pollRowCounts(t)).toEqual(before);
      }
      const seen = (await as(t, ada).get(`${POLLS}${poll.id}/`)).json<Poll>();
      expect(seen).toMatchObject({ question: poll.question, optionsEditable: false });
      // The question, description and tags still change.
      const allowed = await as(t, ada).patch(`${POLLS}${poll.id}/`, { question: 'Reworded?' });
      expect(allowed.statusCode, allowed.body).toBe(200);
    });

    it('checks the changed poll as a whole', async () => {
      const poll = await postPoll(t, ada);
      const cases: [Record<string, unknown>, string][] = [
        [{ maxChoices: 2 }, 'maxChoices'],
        [{ type: 'multiple', maxChoices: 5 }, 'maxChoices'],
        [{ closesAt: inFuture(-HOUR) }, 'closesAt'],
        [{ results: 'always' }, 'nonFieldErrors'],
      ];
      for (const [changes, field] of cases) {
        const response = await as(t, ada).patch(`${POLLS}${poll.id}/`, changes);
        expect(response.statusCode, response.body).toBe(400);
        expect(Object.keys(response.json<Record<string, unknown>>())).toEqual([field]);
      }
      const hidden = await postPoll(t, ada, { results: 'after_close', closesAt: inFuture(HOUR) });
      const open = await as(t, ada).patch(`${POLLS}${hidden.id}/`, { closesAt: null });
      expect(open.json()).toEqual({
        closesAt: ['Set a closing time to show the results after the poll closes.'],
      });
      const seen = (await as(t, ada).get(`${POLLS}${poll.id}/`)).json<Poll>();
      expect(seen).toMatchObject({ type: 'single', maxChoices: null, closesAt: null });
    });

    it("answers 403 for another member's poll and 401 signed out, changing nothing", async () => {
      const poll = await postPoll(t, ada);
      const others = await as(t, bob).patch(`${POLLS}${poll.id}/`, { question: 'Mine now?' });
      expect(others.statusCode).toBe(403);
      expect(others.json()).toEqual({ detail: 'Only the author can edit this poll.' });
      expect((await as(t, null).patch(`${POLLS}${poll.id}/`, { question: 'Hm?' })).statusCode).toBe(
        401,
      );
      const draft = await postPoll(t, ada, { status: 'draft' });
      expect((await as(t, bob).patch(`${POLLS}${draft.id}/`, { question: 'Hm?' })).statusCode).toBe(
        404,
      );
      const seen = (await as(t, ada).get(`${POLLS}${poll.id}/`)).json<Poll>();
      expect(seen.question).toBe(poll.question);
    });
  });

  describe('DELETE polls/{id}/', () => {
    it('deletes the poll with its choices, ballots and votes', async () => {
      const poll = await postPoll(t, ada);
      await vote(t, bob, poll, [2]);
      const response = await as(t, ada).delete(`${POLLS}${poll.id}/`);
      expect(response.statusCode, response.body).toBe(204);
      for (const table of ['polls', 'poll_posts']) {
        expect(await countRows(t, table, sql`id = ${poll.id}`)).toBe(0);
      }
      for (const table of ['poll_choices', 'poll_ballots', 'poll_votes']) {
        expect(await countRows(t, table, sql`poll_id = ${poll.id}`)).toBe(0);
      }
      expect((await as(t, ada).get(`${POLLS}${poll.id}/`)).statusCode).toBe(404);
    });

    it("lets staff delete another member's poll, but not other members", async () => {
      const poll = await postPoll(t, ada);
      const before = await pollRowCounts(t);
      const refused = await as(t, bob).delete(`${POLLS}${poll.id}/`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: 'Only the author or staff can delete this poll.' });
      expect((await as(t, null).delete(`${POLLS}${poll.id}/`)).statusCode).toBe(401);
      expect(await pollRowCounts(t)).toEqual(before);
      expect((await as(t, staff).delete(`${POLLS}${poll.id}/`)).statusCode).toBe(204);
      expect(await countRows(t, 'poll_posts', sql`id = ${poll.id}`)).toBe(0);
    });

    it('answers 404 for a draft the member cannot see', async () => {
      const draft = await postPoll(t, ada, { status: 'draft' });
      expect((await as(t, bob).delete(`${POLLS}${draft.id}/`)).statusCode).toBe(404);
      expect(await countRows(t, 'poll_posts', sql`id = ${draft.id}`)).toBe(1);
    });
  });
});
