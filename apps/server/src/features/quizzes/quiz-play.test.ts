import {
  QUIZ_MESSAGES,
  type Leaderboard,
  type Quiz,
  type QuizAnswerResult,
  type QuizRecord,
  type QuizReveal,
  type QuizVoteResult,
} from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member, type TestClock } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, countRows, makeStaff, recordEvents } from '../../../test/forums';
import { EXPLANATION, postQuiz, quizRowCounts } from '../../../test/quizzes';
import { CONTENT_EVENTS } from '../../platform/content';

const ANSWER = '/api/forums/quizs-answer/';
const start = (id: number) => `/api/forums/quizs/${id}/start/`;
const reveal = (id: number) => `/api/forums/quizs/${id}/correct_answer/`;
const vote = (id: number) => `/api/forums/quizs-vote/${id}/`;
const record = (username: string) => `/api/forums/quizs/record/${username}/`;
const LEADERBOARD = '/api/forums/quizs/leaderboard/';
/** Members voting at once. */
const VOTERS = 20;

/** The author sees the reveal: the ids of the right and a wrong answer. */
function keyOf(quiz: Quiz) {
  const right = quiz.reveal?.correctAnswers ?? [];
  const wrong = quiz.answers.find((answer) => !right.includes(answer.id))?.id;
  if (right.length === 0 || wrong === undefined) throw new Error('the author saw no reveal');
  return { right, wrong };
}

describe('playing quizzes', () => {
  let t: TestApp & { clock: TestClock };
  let ada: Member;
  let bob: Member;
  let cyd: Member;
  let staff: Member;
  let voters: Member[];
  beforeAll(async () => {
    t = await createAccountsTestApp();
    const names = [
      'ada',
      'bob',
      'cyd',
      'staffer',
      ...Array.from({ length: VOTERS }, (_, i) => `voter${i}`),
    ];
    const members = await Promise.all(names.map((name) => signUp(t, name)));
    [ada, bob, cyd, staff] = members as [Member, Member, Member, Member];
    voters = members.slice(4);
    await makeStaff(t, staff);
  });
  afterAll(() => t.close());

  const attemptOf = async (quiz: number, member: Member) =>
    (
      await t.db.execute<{
        started_at: string;
        answered_at: string | null;
        correct: boolean | null;
      }>(
        sql`select started_at, answered_at, correct from quiz_attempts where quiz_id = ${quiz} and user_id = ${member.user.id}`,
      )
    ).rows[0];

  const countsOf = async (quiz: number) =>
    (
      await t.db.execute<{ attempts_count: number; correct_count: number; votes_count: number }>(
        sql`select attempts_count, correct_count, votes_count from quizzes where id = ${quiz}`,
      )
    ).rows[0];

  const recordOf = async (member: Member) => {
    const response = await as(t, null).get(record(member.user.username));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<QuizRecord>();
  };

  describe('POST quizs-answer/', () => {
    it('grades a right answer, reveals the explanation and counts it once', async () => {
      const events = await recordEvents(t, CONTENT_EVENTS.countsChanged);
      const quiz = await postQuiz(t, ada);
      const { right } = keyOf(quiz);
      const response = await as(t, bob).post(ANSWER, { quiz: quiz.id, answers: right });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<QuizAnswerResult>();
      expect(result).toMatchObject({
        correct: true,
        correctAnswers: right,
        explanation: EXPLANATION,
        record: { answered: 1, correct: 1, currentStreak: 1, bestStreak: 1 },
      });
      expect(result.quiz).toMatchObject({
        attemptsCount: 1,
        correctCount: 1,
        myAttempt: { chosen: right, correct: true, answeredAt: t.clock.now().toISOString() },
        reveal: { correctAnswers: right, explanation: EXPLANATION },
      });
      expect(await countsOf(quiz.id)).toMatchObject({ attempts_count: 1, correct_count: 1 });
      expect(await attemptOf(quiz.id, bob)).toMatchObject({ correct: true });
      await expect.poll(() => events.length).toBe(1);
      expect(events[0]).toEqual({ target: { model: 'quiz', id: quiz.id } });
      // The detail now shows Bob his attempt and the reveal; Cyd still sees neither.
      const bobs = (await as(t, bob).get(`/api/forums/quizs/${quiz.id}/`)).json<Quiz>();
      expect(bobs.reveal).toEqual({ correctAnswers: right, explanation: EXPLANATION });
      const cyds = await as(t, cyd).get(`/api/forums/quizs/${quiz.id}/`);
      expect(cyds.json<Quiz>()).toMatchObject({ reveal: null, myAttempt: null });
      expect(cyds.body).not.toContain(EXPLANATION);
    });

    it('keeps streaks: a wrong answer ends the current one, the best stays', async () => {
      const quizzes = await Promise.all([1, 2, 3, 4].map(() => postQuiz(t, ada)));
      const [q1, q2, q3, q4] = quizzes as [Quiz, Quiz, Quiz, Quiz];
      const answer = async (quiz: Quiz, right: boolean) => {
        const key = keyOf(quiz);
        const response = await as(t, cyd).post(ANSWER, {
          quiz: quiz.id,
          answers: right ? key.right : [key.wrong],
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<QuizAnswerResult>();
      };
      expect((await answer(q1, true)).record).toEqual({
        answered: 1,
        correct: 1,
        currentStreak: 1,
        bestStreak: 1,
      });
      expect((await answer(q2, true)).record).toMatchObject({ currentStreak: 2, bestStreak: 2 });
      const wrong = await answer(q3, false);
      expect(wrong).toMatchObject({ correct: false, correctAnswers: keyOf(q3).right });
      expect(wrong.record).toEqual({ answered: 3, correct: 2, currentStreak: 0, bestStreak: 2 });
      expect((await answer(q4, true)).record).toMatchObject({ currentStreak: 1, bestStreak: 2 });
      expect(await recordOf(cyd)).toEqual({
        answered: 4,
        correct: 3,
        currentStreak: 1,
        bestStreak: 2,
      });
      expect(await countsOf(q3.id)).toMatchObject({ attempts_count: 1, correct_count: 0 });
    });

    it('grades "choose all that apply" as right only with every correct answer', async () => {
      const quiz = await postQuiz(t, ada, {
        multiple: true,
        answers: [
          { text: 'Saturn', correct: true },
          { text: 'Mars', correct: false },
          { text: 'Uranus', correct: true },
        ],
      });
      const [saturn, mars, uranus] = quiz.answers.map((answer) => answer.id);
      const partial = await as(t, bob).post(ANSWER, { quiz: quiz.id, answers: [saturn] });
      expect(partial.json<QuizAnswerResult>().correct).toBe(false);
      const full = await as(t, cyd).post(ANSWER, { quiz: quiz.id, answers: [uranus, saturn] });
      expect(full.json<QuizAnswerResult>().correct).toBe(true);
      const extra = await as(t, voters[0] as Member).post(ANSWER, {
        quiz: quiz.id,
        answers: [saturn, mars, uranus],
      });
      expect(extra.json<QuizAnswerResult>().correct).toBe(false);
    });

    it('takes one answer per member: a second is refused (409), and of concurrent ones exactly one counts', async () => {
      const quiz = await postQuiz(t, ada);
      const { right, wrong } = keyOf(quiz);
      const first = await as(t, bob).post(ANSWER, { quiz: quiz.id, answers: [wrong] });
      expect(first.statusCode).toBe(200);
      const before = await quizRowCounts(t);
      const again = await as(t, bob).post(ANSWER, { quiz: quiz.id, answers: right });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toEqual({ detail: QUIZ_MESSAGES.answered });
      expect(await quizRowCounts(t)).toEqual(before);
      expect(await attemptOf(quiz.id, bob)).toMatchObject({ correct: false });

      const other = await postQuiz(t, ada);
      const racing = await Promise.all(
        Array.from({ length: 5 }, () =>
          as(t, cyd).post(ANSWER, { quiz: other.id, answers: keyOf(other).right }),
        ),
      );
      expect(racing.map((response) => response.statusCode).sort()).toEqual([
        200, 409, 409, 409, 409,
      ]);
      expect(await countsOf(other.id)).toMatchObject({ attempts_count: 1, correct_count: 1 });
      expect(await countRows(t, 'quiz_attempts', sql`quiz_id = ${other.id}`)).toBe(1);
    });

    it('refuses bad answers with a 400 naming the field, writing nothing', async () => {
      const quiz = await postQuiz(t, ada);
      const draft = await postQuiz(t, ada, { status: 'draft' });
      const { right, wrong } = keyOf(quiz);
      const cases: [string, Record<string, unknown>][] = [
        ['answers', { quiz: quiz.id, answers: [999_999] }],
        ['answers', { quiz: quiz.id, answers: [...right, wrong] }],
        ['answers', { quiz: quiz.id, answers: [] }],
        ['answers', { quiz: quiz.id, answers: [wrong, wrong] }],
        ['quiz', { quiz: 999_999, answers: right }],
        ['quiz', { quiz: draft.id, answers: keyOf(draft).right }],
        ['quiz', { answers: right }],
      ];
      const before = await quizRowCounts(t);
      for (const [field, body] of cases) {
        const response = await as(t, bob).post(ANSWER, body);
        expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(400);
        expect(Object.keys(response.json<Record<string, unknown>>())).toEqual([field]);
      }
      const signedOut = await as(t, null).post(ANSWER, { quiz: quiz.id, answers: right });
      expect(signedOut.statusCode).toBe(401);
      expect(await quizRowCounts(t)).toEqual(before);
    });

    it('refuses the author (403) and a closed quiz (400), writing nothing', async () => {
      const quiz = await postQuiz(t, ada, {
        closesAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
      });
      const { right } = keyOf(quiz);
      const before = await quizRowCounts(t);
      const own = await as(t, ada).post(ANSWER, { quiz: quiz.id, answers: right });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ detail: QUIZ_MESSAGES.ownQuiz });
      t.clock.advance(60_000);
      const closed = await as(t, bob).post(ANSWER, { quiz: quiz.id, answers: right });
      expect(closed.statusCode).toBe(400);
      expect(closed.json()).toEqual({ nonFieldErrors: [QUIZ_MESSAGES.closed] });
      expect(await quizRowCounts(t)).toEqual(before);
      // Closed, it shows everyone the reveal.
      const seen = (await as(t, null).get(`/api/forums/quizs/${quiz.id}/`)).json<Quiz>();
      expect(seen).toMatchObject({ isClosed: true, reveal: { correctAnswers: right } });
    });
  });

  describe('timed quizzes', () => {
    it('hides the answers until started, then keeps the first start', async () => {
      const quiz = await postQuiz(t, ada, { timeLimitSeconds: 20 });
      expect(quiz.answers).toHaveLength(3);
      for (const viewer of [bob, null]) {
        const seen = (await as(t, viewer).get(`/api/forums/quizs/${quiz.id}/`)).json<Quiz>();
        expect(seen).toMatchObject({ answers: [], answersHidden: true, startedAt: null });
      }
      expect(await countRows(t, 'quiz_attempts', sql`quiz_id = ${quiz.id}`)).toBe(0);

      const started = await as(t, bob).post(start(quiz.id));
      expect(started.statusCode, started.body).toBe(200);
      const now = t.clock.now();
      expect(started.json<Quiz>()).toMatchObject({
        answers: quiz.answers,
        answersHidden: false,
        startedAt: now.toISOString(),
        deadline: new Date(now.getTime() + 20_000).toISOString(),
        reveal: null,
      });
      expect(started.body).not.toContain(EXPLANATION);
      t.clock.advance(5_000);
      const again = await as(t, bob).post(start(quiz.id));
      expect(again.json<Quiz>().startedAt).toBe(now.toISOString());
      expect(await attemptOf(quiz.id, bob)).toMatchObject({ answered_at: null });
      // Starting locks the answers for the author too.
      const locked = await as(t, ada).patch(`/api/forums/quizs/${quiz.id}/`, {
        answers: [
          { text: 'A', correct: true },
          { text: 'B', correct: false },
        ],
      });
      expect(locked.statusCode).toBe(400);
    });

    it('needs a start, answers in time (with the grace) and records a late answer as wrong', async () => {
      const quiz = await postQuiz(t, ada, { timeLimitSeconds: 10 });
      const { right } = keyOf(quiz);
      const before = await quizRowCounts(t);
      const unstarted = await as(t, bob).post(ANSWER, { quiz: quiz.id, answers: right });
      expect(unstarted.statusCode).toBe(400);
      expect(unstarted.json()).toEqual({ nonFieldErrors: [QUIZ_MESSAGES.notStarted] });
      expect(await quizRowCounts(t)).toEqual(before);

      // In time within the 2 s grace.
      await as(t, bob).post(start(quiz.id));
      t.clock.advance(11_500);
      const inTime = await as(t, bob).post(ANSWER, { quiz: quiz.id, answers: right });
      expect(inTime.statusCode, inTime.body).toBe(200);
      expect(inTime.json<QuizAnswerResult>().correct).toBe(true);

      // Late: refused, recorded as answered and wrong, and cannot be tried again.
      const cydBefore = await recordOf(cyd);
      await as(t, cyd).post(start(quiz.id));
      t.clock.advance(12_001);
      const late = await as(t, cyd).post(ANSWER, { quiz: quiz.id, answers: right });
      expect(late.statusCode, late.body).toBe(400);
      expect(late.json()).toEqual({ nonFieldErrors: [QUIZ_MESSAGES.late] });
      expect(await attemptOf(quiz.id, cyd)).toMatchObject({ correct: false });
      expect((await attemptOf(quiz.id, cyd))?.answered_at).not.toBeNull();
      expect(await countsOf(quiz.id)).toMatchObject({ attempts_count: 2, correct_count: 1 });
      expect(await recordOf(cyd)).toEqual({
        answered: cydBefore.answered + 1,
        correct: cydBefore.correct,
        currentStreak: 0,
        bestStreak: cydBefore.bestStreak,
      });
      const retry = await as(t, cyd).post(ANSWER, { quiz: quiz.id, answers: right });
      expect(retry.statusCode).toBe(409);
      // Having answered (late), Cyd may now read the explanation.
      expect((await as(t, cyd).get(reveal(quiz.id))).statusCode).toBe(200);
    });

    it('changes nothing when an untimed quiz is started, and refuses the author and signed out', async () => {
      const quiz = await postQuiz(t, ada);
      const response = await as(t, bob).post(start(quiz.id));
      expect(response.statusCode).toBe(200);
      expect(response.json<Quiz>()).toMatchObject({ id: quiz.id, startedAt: null, deadline: null });
      expect(await countRows(t, 'quiz_attempts', sql`quiz_id = ${quiz.id}`)).toBe(0);
      const timed = await postQuiz(t, ada, { timeLimitSeconds: 30 });
      const own = await as(t, ada).post(start(timed.id));
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ detail: QUIZ_MESSAGES.ownQuiz });
      expect((await as(t, null).post(start(timed.id))).statusCode).toBe(401);
      expect((await as(t, bob).post(start(999_999))).statusCode).toBe(404);
      expect(await countRows(t, 'quiz_attempts', sql`quiz_id = ${timed.id}`)).toBe(0);
    });
  });

  describe('GET quizs/{id}/correct_answer/', () => {
    it('answers the author, a member who answered and anyone once closed; refuses others', async () => {
      const quiz = await postQuiz(t, ada, {
        closesAt: new Date(t.clock.now().getTime() + 30_000).toISOString(),
      });
      const { right } = keyOf(quiz);
      const expected: QuizReveal = { correctAnswers: right, explanation: EXPLANATION };
      const refused = await as(t, bob).get(reveal(quiz.id));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: QUIZ_MESSAGES.answerFirst });
      expect(refused.body).not.toContain(EXPLANATION);
      expect((await as(t, null).get(reveal(quiz.id))).statusCode).toBe(401);
      expect((await as(t, ada).get(reveal(quiz.id))).json()).toEqual(expected);
      await as(t, bob).post(ANSWER, { quiz: quiz.id, answers: right });
      expect((await as(t, bob).get(reveal(quiz.id))).json()).toEqual(expected);
      expect((await as(t, cyd).get(reveal(quiz.id))).statusCode).toBe(403);
      t.clock.advance(30_000);
      for (const viewer of [cyd, null]) {
        const response = await as(t, viewer).get(reveal(quiz.id));
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(expected);
      }
      const draft = await postQuiz(t, ada, { status: 'draft' });
      expect((await as(t, bob).get(reveal(draft.id))).statusCode).toBe(404);
    });
  });

  describe('POST quizs-vote/{id}/', () => {
    it('toggles the up-vote, counting it on the quiz', async () => {
      const events = await recordEvents(t, CONTENT_EVENTS.countsChanged);
      const quiz = await postQuiz(t, ada);
      const up = await as(t, bob).post(vote(quiz.id));
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json<QuizVoteResult>()).toEqual({ voted: true, votesCount: 1 });
      expect((await as(t, bob).get(`/api/forums/quizs/${quiz.id}/`)).json<Quiz>()).toMatchObject({
        isVoted: true,
        votesCount: 1,
      });
      expect((await as(t, cyd).get(`/api/forums/quizs/${quiz.id}/`)).json<Quiz>().isVoted).toBe(
        false,
      );
      const down = await as(t, bob).post(vote(quiz.id));
      expect(down.json<QuizVoteResult>()).toEqual({ voted: false, votesCount: 0 });
      expect(await countRows(t, 'quiz_votes', sql`quiz_id = ${quiz.id}`)).toBe(0);
      await expect.poll(() => events.length).toBe(2);
    });

    it(`counts ${VOTERS} members up-voting at once exactly, and taking it back`, async () => {
      const quiz = await postQuiz(t, ada);
      const ups = await Promise.all(voters.map((member) => as(t, member).post(vote(quiz.id))));
      expect(ups.map((response) => response.statusCode)).toEqual(voters.map(() => 200));
      expect(
        ups.map((response) => response.json<QuizVoteResult>().votesCount).sort((a, b) => a - b),
      ).toEqual(voters.map((_, index) => index + 1));
      expect(await countsOf(quiz.id)).toMatchObject({ votes_count: VOTERS });
      expect(await countRows(t, 'quiz_votes', sql`quiz_id = ${quiz.id}`)).toBe(VOTERS);
      await Promise.all(voters.map((member) => as(t, member).post(vote(quiz.id))));
      expect(await countsOf(quiz.id)).toMatchObject({ votes_count: 0 });
    });

    it('refuses drafts, hidden and unknown quizzes and signed-out members, writing nothing', async () => {
      const draft = await postQuiz(t, ada, { status: 'draft' });
      const hidden = await postQuiz(t, ada);
      await t.db.execute(sql`update quizzes set status = 'hidden' where id = ${hidden.id}`);
      const before = await quizRowCounts(t);
      const own = await as(t, ada).post(vote(draft.id));
      expect(own.statusCode).toBe(400);
      expect(Object.keys(own.json<Record<string, unknown>>())).toEqual(['id']);
      expect((await as(t, bob).post(vote(draft.id))).statusCode).toBe(404);
      expect((await as(t, bob).post(vote(hidden.id))).statusCode).toBe(404);
      expect((await as(t, staff).post(vote(hidden.id))).statusCode).toBe(400);
      expect((await as(t, bob).post(vote(999_999))).statusCode).toBe(404);
      expect((await as(t, null).post(vote(hidden.id))).statusCode).toBe(401);
      expect(await quizRowCounts(t)).toEqual(before);
    });
  });

  describe('records and the leaderboard', () => {
    it("shows a member's record, zeros for one who never answered, 404 for no one", async () => {
      expect(await recordOf(staff)).toEqual({
        answered: 0,
        correct: 0,
        currentStreak: 0,
        bestStreak: 0,
      });
      const unknown = await as(t, null).get(record('nobody-here'));
      expect(unknown.statusCode).toBe(404);
    });

    it('ranks the week by correct answers from the last 7 days, and all time from the records', async () => {
      // A fresh quiz per answer so the standings are known: v1 2 right, v2 2 right of 3, v3 1.
      const answer = async (member: Member, right: boolean) => {
        const quiz = await postQuiz(t, ada);
        const key = keyOf(quiz);
        const response = await as(t, member).post(ANSWER, {
          quiz: quiz.id,
          answers: right ? key.right : [key.wrong],
        });
        expect(response.statusCode, response.body).toBe(200);
        return quiz;
      };
      const [v1, v2, v3] = voters.slice(1, 4) as [Member, Member, Member];
      await answer(v1, true);
      await answer(v1, true);
      await answer(v2, true);
      await answer(v2, false);
      await answer(v2, true);
      const old = await answer(v3, true);
      // v3's answer was long ago: out of the week, still in all time.
      await t.db.execute(
        sql`update quiz_attempts set answered_at = answered_at - interval '8 days' where quiz_id = ${old.id}`,
      );

      const week = await as(t, null).get(`${LEADERBOARD}?period=week`);
      expect(week.statusCode).toBe(200);
      const weekly = week.json<Leaderboard>();
      expect(weekly.period).toBe('week');
      const rows = weekly.results.map((row) => [row.user.username, row.correct, row.answered]);
      expect(rows.findIndex(([name]) => name === v1.user.username)).toBeLessThan(
        rows.findIndex(([name]) => name === v2.user.username),
      );
      expect(rows).toContainEqual([v1.user.username, 2, 2]);
      expect(rows).toContainEqual([v2.user.username, 2, 3]);
      expect(rows.map(([name]) => name)).not.toContain(v3.user.username);
      expect(weekly.results.map((row) => row.rank)).toEqual(
        [...weekly.results.map((row) => row.rank)].sort((a, b) => a - b),
      );

      const all = (await as(t, null).get(`${LEADERBOARD}?period=all`)).json<Leaderboard>();
      expect(all.results.map((row) => row.user.username)).toContain(v3.user.username);
      const cydRow = all.results.find((row) => row.user.username === 'cyd');
      expect(cydRow).toMatchObject({ correct: (await recordOf(cyd)).correct });
      // The default period is the week.
      const byDefault = (await as(t, null).get(LEADERBOARD)).json<Leaderboard>();
      expect(byDefault.period).toBe('week');
      const bad = await as(t, null).get(`${LEADERBOARD}?period=year`);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json<Record<string, unknown>>())).toEqual(['period']);
    });
  });
});
