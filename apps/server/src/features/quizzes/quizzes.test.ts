import { QUIZ_MESSAGES, type Quiz, type QuizPage } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member, type TestClock } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows, makeStaff, recordEvents } from '../../../test/forums';
import { EXPLANATION, postQuiz, quizRowCounts } from '../../../test/quizzes';
import { CONTENT_EVENTS } from '../../platform/content';

const QUIZZES = '/api/forums/quizs/';
const detail = (id: number) => `${QUIZZES}${id}/`;
const HOUR_MS = 60 * 60 * 1000;

const ANSWERS = [
  { text: 'Sydney', correct: false },
  { text: 'Canberra', correct: true },
];

describe('quizzes: create, read, edit, delete and list', () => {
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

  const ids = (response: { json: <T>() => T }) =>
    response.json<QuizPage>().results.map((quiz) => quiz.id);

  describe('POST quizs/', () => {
    it('creates a published quiz, shows the author everything, and announces it', async () => {
      const events = await recordEvents(t, CONTENT_EVENTS.published);
      const response = await as(t, ada).post(QUIZZES, {
        question: '  Which planets have rings?  ',
        explanation: 'All four giants do.',
        answers: [
          { text: 'Saturn', correct: true },
          { text: 'Mars', correct: false },
          { text: 'Neptune', correct: true },
        ],
        multiple: true,
        timeLimitSeconds: 30,
        closesAt: new Date(t.clock.now().getTime() + 24 * HOUR_MS).toISOString(),
        tags: ['Space', 'science', 'space'],
      });
      expect(response.statusCode, response.body).toBe(201);
      const quiz = response.json<Quiz>();
      expect(quiz).toMatchObject({
        question: 'Which planets have rings?',
        tags: ['science', 'space'],
        status: 'published',
        author: { id: ada.user.id, username: 'ada' },
        multiple: true,
        timeLimitSeconds: 30,
        isClosed: false,
        answersHidden: false,
        attemptsCount: 0,
        correctCount: 0,
        myAttempt: null,
        answersEditable: true,
        votesCount: 0,
        isVoted: false,
        likesCount: 0,
        commentsCount: 0,
      });
      expect(quiz.answers.map((answer) => answer.text)).toEqual(['Saturn', 'Mars', 'Neptune']);
      const [saturn, , neptune] = quiz.answers;
      expect(quiz.reveal).toEqual({
        correctAnswers: [saturn?.id, neptune?.id],
        explanation: 'All four giants do.',
      });
      const { rows } = await t.db.execute<{ status: string; tag_names: string[] }>(
        sql`select status, tag_names from quizzes where id = ${quiz.id}`,
      );
      expect(rows).toEqual([{ status: 'published', tag_names: ['science', 'space'] }]);
      expect(await countRows(t, 'quiz_answers', sql`quiz_id = ${quiz.id} and correct`)).toBe(2);
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]).toMatchObject({
        actorId: ada.user.id,
        target: { model: 'quiz', id: quiz.id },
        title: 'Which planets have rings?',
        content: 'Which planets have rings?',
      });
    });

    it('keeps a draft quiet and visible to its author only', async () => {
      const events = await recordEvents(t, CONTENT_EVENTS.published);
      const draft = await postQuiz(t, ada, { status: 'draft' });
      expect(draft.status).toBe('draft');
      expect((await as(t, ada).get(detail(draft.id))).statusCode).toBe(200);
      for (const other of [bob, null]) {
        const response = await as(t, other).get(detail(draft.id));
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: QUIZ_MESSAGES.notFound });
      }
      expect(ids(await as(t, bob).get(QUIZZES))).not.toContain(draft.id);
      expect(events).toEqual([]);
    });

    const valid = { question: 'A fine question?', answers: ANSWERS };
    it.each([
      ['question', { ...valid, question: 'ab' }],
      ['question', { answers: ANSWERS }],
      ['answers', { ...valid, answers: [{ text: 'Only one', correct: true }] }],
      [
        'answers',
        {
          ...valid,
          answers: Array.from({ length: 7 }, (_, i) => ({ text: `${i}`, correct: true })),
        },
      ],
      [
        'answers',
        {
          ...valid,
          answers: [
            { text: 'Same', correct: true },
            { text: 'same', correct: false },
          ],
        },
      ],
      [
        'answers',
        {
          ...valid,
          answers: [
            { text: 'A', correct: false },
            { text: 'B', correct: false },
          ],
        },
      ],
      [
        'answers',
        {
          ...valid,
          answers: [
            { text: 'A', correct: true },
            { text: 'B', correct: true },
          ],
        },
      ],
      ['timeLimitSeconds', { ...valid, timeLimitSeconds: 2 }],
      ['timeLimitSeconds', { ...valid, timeLimitSeconds: 1.5 }],
      ['closesAt', { ...valid, closesAt: 'tomorrow' }],
      ['closesAt', { ...valid, closesAt: new Date(Date.now() - HOUR_MS).toISOString() }],
      ['tags.0', { ...valid, tags: ['no spaces'] }],
      ['status', { ...valid, status: 'hidden' }],
      ['explanation', { ...valid, explanation: 'x'.repeat(10_001) }],
    ])('refuses a bad %s with a 400 naming it, writing nothing', async (field, body) => {
      const before = await quizRowCounts(t);
      const response = await as(t, ada).post(QUIZZES, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json<Record<string, unknown>>())).toEqual([field]);
      expect(await quizRowCounts(t)).toEqual(before);
    });

    it('answers 401 signed out, writing nothing', async () => {
      const before = await quizRowCounts(t);
      const response = await as(t, null).post(QUIZZES, valid);
      expect(response.statusCode).toBe(401);
      expect(await quizRowCounts(t)).toEqual(before);
    });
  });

  describe('GET quizs/{id}/', () => {
    it('shows an untimed quiz to anyone, answers without correctness and no reveal', async () => {
      const quiz = await postQuiz(t, ada);
      for (const viewer of [bob, null]) {
        const response = await as(t, viewer).get(detail(quiz.id));
        expect(response.statusCode).toBe(200);
        const seen = response.json<Quiz>();
        expect(seen.answers).toEqual(quiz.answers);
        expect(seen).toMatchObject({ answersHidden: false, reveal: null, myAttempt: null });
        expect(response.body).not.toContain(EXPLANATION);
      }
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await as(t, bob).get(detail(999_999))).statusCode).toBe(404);
      const malformed = await as(t, bob).get(`${QUIZZES}abc/`);
      expect(malformed.statusCode).toBe(400);
      expect(Object.keys(malformed.json<Record<string, unknown>>())).toEqual(['id']);
    });
  });

  describe('PATCH quizs/{id}/', () => {
    it('lets the author change the question, explanation, tags and answers, marking it edited', async () => {
      const quiz = await postQuiz(t, ada);
      t.clock.advance(1000);
      const response = await as(t, ada).patch(detail(quiz.id), {
        question: 'What is the capital of Canada?',
        explanation: 'Ottawa, chosen by Queen Victoria.',
        answers: [
          { text: 'Toronto', correct: false },
          { text: 'Ottawa', correct: true },
        ],
        tags: ['geography'],
      });
      expect(response.statusCode, response.body).toBe(200);
      const edited = response.json<Quiz>();
      expect(edited).toMatchObject({
        question: 'What is the capital of Canada?',
        tags: ['geography'],
        editedAt: t.clock.now().toISOString(),
      });
      expect(edited.answers.map((answer) => answer.text)).toEqual(['Toronto', 'Ottawa']);
      expect(edited.reveal).toEqual({
        correctAnswers: [edited.answers[1]?.id],
        explanation: 'Ottawa, chosen by Queen Victoria.',
      });
      expect(await countRows(t, 'quiz_answers', sql`quiz_id = ${quiz.id}`)).toBe(2);
    });

    it('fixes the answers, "choose all that apply" and the time limit once someone answered', async () => {
      const quiz = await postQuiz(t, ada);
      const right = quiz.reveal?.correctAnswers ?? [];
      const answered = await as(t, bob).post('/api/forums/quizs-answer/', {
        quiz: quiz.id,
        answers: right,
      });
      expect(answered.statusCode, answered.body).toBe(200);
      const seen = (await as(t, ada).get(detail(quiz.id))).json<Quiz>();
      expect(seen.answersEditable).toBe(false);

      const before = await quizRowCounts(t);
      const changed = await as(t, ada).patch(detail(quiz.id), { answers: ANSWERS });
      expect(changed.statusCode, changed.body).toBe(400);
      expect(changed.json()).toEqual({ answers: [QUIZ_MESSAGES.answersLocked] });
      const timed = await as(t, ada).patch(detail(quiz.id), {
        timeLimitSeconds: 10,
        multiple: true,
      });
      expect(timed.statusCode, timed.body).toBe(400);
      expect(timed.json()).toEqual({
        multiple: [QUIZ_MESSAGES.answersLocked],
        timeLimitSeconds: [QUIZ_MESSAGES.answersLocked],
      });
      expect(await quizRowCounts(t)).toEqual(before);
      const { rows } = await t.db.execute<{ text: string }>(
        sql`select text from quiz_answers where quiz_id = ${quiz.id} order by position`,
      );
      expect(rows.map((row) => row.text)).toEqual(['Sydney', 'Canberra', 'Melbourne']);

      // The same answers sent again by an edit form, and the question, still change.
      const resent = await as(t, ada).patch(detail(quiz.id), {
        question: 'Capital of Australia?',
        answers: [
          { text: 'Sydney', correct: false },
          { text: 'Canberra', correct: true },
          { text: 'Melbourne', correct: false },
        ],
        multiple: false,
      });
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json<Quiz>().answers).toEqual(quiz.answers);
    });

    it('refuses single choice over several correct answers, naming the field at fault', async () => {
      const quiz = await postQuiz(t, ada, {
        multiple: true,
        answers: [
          { text: 'A', correct: true },
          { text: 'B', correct: true },
        ],
      });
      const response = await as(t, ada).patch(detail(quiz.id), { multiple: false });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json<Record<string, unknown>>())).toEqual(['multiple']);
      expect((await as(t, ada).get(detail(quiz.id))).json<Quiz>().multiple).toBe(true);
    });

    it('refuses a closing time in the past and an empty change', async () => {
      const quiz = await postQuiz(t, ada);
      const past = await as(t, ada).patch(detail(quiz.id), {
        closesAt: new Date(t.clock.now().getTime() - 1000).toISOString(),
      });
      expect(past.statusCode).toBe(400);
      expect(Object.keys(past.json<Record<string, unknown>>())).toEqual(['closesAt']);
      const empty = await as(t, ada).patch(detail(quiz.id), {});
      expect(empty.statusCode).toBe(400);
    });

    it("refuses another member's quiz (403), a draft they cannot see (404) and signed out (401)", async () => {
      const quiz = await postQuiz(t, ada);
      const draft = await postQuiz(t, ada, { status: 'draft' });
      const forbidden = await as(t, bob).patch(detail(quiz.id), { question: 'Mine now?' });
      expect(forbidden.statusCode).toBe(403);
      expect((await as(t, bob).patch(detail(draft.id), { question: 'Mine now?' })).statusCode).toBe(
        404,
      );
      expect((await as(t, null).patch(detail(quiz.id), { question: 'Mine now?' })).statusCode).toBe(
        401,
      );
      const { rows } = await t.db.execute<{ question: string }>(
        sql`select question from quizzes where id = ${quiz.id}`,
      );
      expect(rows[0]?.question).toBe(quiz.question);
    });

    it('publishes a draft and announces it then', async () => {
      const draft = await postQuiz(t, ada, { status: 'draft' });
      const events = await recordEvents(t, CONTENT_EVENTS.published);
      const response = await as(t, ada).patch(detail(draft.id), { status: 'published' });
      expect(response.statusCode, response.body).toBe(200);
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]).toMatchObject({ target: { model: 'quiz', id: draft.id } });
      expect(ids(await as(t, bob).get(QUIZZES))).toContain(draft.id);
    });
  });

  describe('DELETE quizs/{id}/', () => {
    it('lets the author delete their quiz with its answers, attempts and up-votes', async () => {
      const quiz = await postQuiz(t, ada);
      await as(t, bob).post('/api/forums/quizs-answer/', {
        quiz: quiz.id,
        answers: quiz.reveal?.correctAnswers,
      });
      await as(t, bob).post(`/api/forums/quizs-vote/${quiz.id}/`);
      const response = await as(t, ada).delete(detail(quiz.id));
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      for (const table of ['quizzes', 'quiz_answers', 'quiz_attempts', 'quiz_votes']) {
        const column = table === 'quizzes' ? 'id' : 'quiz_id';
        expect(await countRows(t, table, sql`${sql.identifier(column)} = ${quiz.id}`)).toBe(0);
      }
      // Bob's record keeps the answer it counted.
      expect(await countRows(t, 'quiz_records', sql`user_id = ${bob.user.id}`)).toBe(1);
    });

    it("lets staff delete any quiz, and refuses another member's", async () => {
      const quiz = await postQuiz(t, ada);
      const before = await quizRowCounts(t);
      expect((await as(t, bob).delete(detail(quiz.id))).statusCode).toBe(403);
      expect((await as(t, null).delete(detail(quiz.id))).statusCode).toBe(401);
      expect((await as(t, bob).delete(detail(999_999))).statusCode).toBe(404);
      expect(await quizRowCounts(t)).toEqual(before);
      expect((await as(t, staff).delete(detail(quiz.id))).statusCode).toBe(204);
      expect(await countRows(t, 'quizzes', sql`id = ${quiz.id}`)).toBe(0);
    });
  });

  describe('lists', () => {
    let cyd: Member;
    let first: Quiz;
    let second: Quiz;
    let third: Quiz;
    beforeAll(async () => {
      cyd = await signUp(t, 'cyd');
      t.clock.advance(1000);
      first = await postQuiz(t, cyd, { question: 'Which ocean is the deepest?', tags: ['sea'] });
      t.clock.advance(1000);
      second = await postQuiz(t, cyd, { question: 'Which river is the longest?', tags: ['land'] });
      t.clock.advance(1000);
      third = await postQuiz(t, ada, { question: 'Which ocean is the largest?', tags: ['sea'] });
      await as(t, bob).post(`/api/forums/quizs-vote/${first.id}/`);
    });

    it('lists the newest first, by pages with a cursor', async () => {
      const page1 = await as(t, null).get(`${QUIZZES}?limit=2`);
      expect(page1.statusCode).toBe(200);
      expect(ids(page1)).toEqual([third.id, second.id]);
      const { next } = page1.json<QuizPage>();
      expect(next).not.toBeNull();
      const page2 = await as(t, null).get(`${QUIZZES}?limit=2&cursor=${next}`);
      expect(ids(page2)[0]).toBe(first.id);
      const tampered = await as(t, null).get(`${QUIZZES}?cursor=nonsense`);
      expect(tampered.statusCode).toBe(400);
      expect(Object.keys(tampered.json<Record<string, unknown>>())).toEqual(['cursor']);
    });

    it('filters by tag, author and search words in the question, and orders by up-votes', async () => {
      expect(ids(await as(t, null).get(`${QUIZZES}?tag=SEA`))).toEqual([third.id, first.id]);
      const byCyd = ids(await as(t, null).get(`${QUIZZES}?author=cyd`));
      expect(byCyd).toEqual([second.id, first.id]);
      expect(ids(await as(t, null).get(`${QUIZZES}?author=nobody`))).toEqual([]);
      expect(ids(await as(t, null).get(`${QUIZZES}?q=ocean`))).toEqual([third.id, first.id]);
      // The explanation is not searched: every test quiz explains with "Canberra".
      expect(ids(await as(t, null).get(`${QUIZZES}?q=compromise`))).toEqual([]);
      const top = ids(await as(t, null).get(`${QUIZZES}?ordering=top&tag=sea`));
      expect(top).toEqual([first.id, third.id]);
      const bad = await as(t, null).get(`${QUIZZES}?ordering=best`);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json<Record<string, unknown>>())).toEqual(['ordering']);
    });

    it("lists the member's own, bookmarked, liked and commented quizzes", async () => {
      const draft = await postQuiz(t, cyd, { status: 'draft' });
      const posted = ids(await as(t, cyd).get(`${QUIZZES}posted_by_me/?limit=100`));
      expect(posted).toEqual(expect.arrayContaining([draft.id, second.id, first.id]));
      expect(posted).not.toContain(third.id);

      await as(t, bob).post('/api/common/bookmark/', { model: 'quiz', id: second.id });
      await as(t, bob).post('/api/forums/like/', { model: 'quiz', id: third.id });
      const commented = await as(t, bob).post('/api/forums/comments/', {
        model: 'quiz',
        id: first.id,
        content: 'Good one.',
      });
      expect(commented.statusCode, commented.body).toBe(201);
      expect(ids(await as(t, bob).get(`${QUIZZES}bookmarked_by_me/`))).toEqual([second.id]);
      expect(ids(await as(t, bob).get(`${QUIZZES}liked_by_me/`))).toEqual([third.id]);
      expect(ids(await as(t, bob).get(`${QUIZZES}comment_by_me/`))).toEqual([first.id]);
      expect(ids(await as(t, cyd).get(`${QUIZZES}comment_by_me/`))).toEqual([]);
      for (const path of ['posted_by_me', 'bookmarked_by_me', 'liked_by_me', 'comment_by_me']) {
        expect((await as(t, null).get(`${QUIZZES}${path}/`)).statusCode).toBe(401);
      }
    });

    it('keeps static paths from being read as a quiz id', async () => {
      expect((await as(t, null).get(`${QUIZZES}leaderboard/`)).statusCode).toBe(200);
      expect((await as(t, null).get(`${QUIZZES}record/cyd/`)).statusCode).toBe(200);
      expect((await as(t, cyd).get(`${QUIZZES}posted_by_me/`)).statusCode).toBe(200);
    });

    it('ranks trending quizzes of the last week by activity over age, by pages', async () => {
      const old = await postQuiz(t, cyd, { question: 'An old question, long ago?' });
      await t.db.execute(
        sql`update quizzes set created_at = created_at - interval '8 days' where id = ${old.id}`,
      );
      // Up-votes, likes and comments make `second` the most active of the newest.
      await as(t, bob).post(`/api/forums/quizs-vote/${second.id}/`);
      await as(t, ada).post(`/api/forums/quizs-vote/${second.id}/`);
      await as(t, ada).post('/api/forums/like/', { model: 'quiz', id: second.id });
      const trending = await as(t, null).get('/api/forums/trending_quizs/?limit=100');
      expect(trending.statusCode).toBe(200);
      const ranked = ids(trending);
      expect(ranked[0]).toBe(second.id);
      expect(ranked).not.toContain(old.id);
      const viaList = ids(await as(t, null).get(`${QUIZZES}?ordering=trending&limit=100`));
      expect(viaList).toEqual(ranked);

      // Pages rank at the moment of the first, however the clock moves in between (last: the
      // members' access tokens expire with the hour).
      const page1 = (await as(t, null).get('/api/forums/trending_quizs/?limit=2')).json<QuizPage>();
      t.clock.advance(HOUR_MS);
      const page2 = await as(t, null).get(
        `/api/forums/trending_quizs/?limit=100&cursor=${page1.next}`,
      );
      expect(page2.statusCode).toBe(200);
      expect([...page1.results.map((quiz) => quiz.id), ...ids(page2)]).toEqual(ranked);
    });
  });
});
