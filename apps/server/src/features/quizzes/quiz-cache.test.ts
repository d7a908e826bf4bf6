import type { Quiz, QuizPage } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type Member } from '../../../test/accounts';
import { createCachedTestApp, type CachedTestApp } from '../../../test/cache';
import { as, makeStaff } from '../../../test/forums';
import { postQuiz } from '../../../test/quizzes';

/**
 * The public quiz reads through the anonymous cache: signed-out readers get the copy, members the
 * copy with the quizzes holding something of theirs (a like, bookmark, up-vote, attempt, or
 * authorship) read again for them. The correct answers must reach nobody early through either.
 */

const QUIZZES = '/api/forums/quizs/';
const TRENDING = '/api/forums/trending_quizs/';
const detail = (id: number) => `${QUIZZES}${id}/`;
const related = (id: number) => `${QUIZZES}${id}/related_quizs/`;
const SECRET = 'Zanzibar explains the whole trick here.';

describe('quiz reads through the anonymous cache', () => {
  let c: CachedTestApp;
  let t: CachedTestApp['t'];
  let ada: Member;
  let bob: Member;
  let cyd: Member;
  let staff: Member;
  let untimed: Quiz;
  let timed: Quiz;
  beforeAll(async () => {
    c = await createCachedTestApp();
    t = c.t;
    [ada, bob, cyd, staff] = [
      await signUp(t, 'ada'),
      await signUp(t, 'bob'),
      await signUp(t, 'cyd'),
      await signUp(t, 'mod'),
    ];
    await makeStaff(t, staff);
    const fields = {
      explanation: SECRET,
      tags: ['animals'],
      answers: [
        { text: 'Koala', correct: true },
        { text: 'Panda', correct: false },
      ],
    };
    untimed = await postQuiz(t, ada, { ...fields, question: 'Which marsupial eats eucalyptus?' });
    timed = await postQuiz(t, ada, {
      ...fields,
      question: 'Which marsupial sleeps the most?',
      timeLimitSeconds: 30,
    });
    await as(t, cyd).post('/api/forums/like/', { model: 'quiz', id: untimed.id });
    await as(t, cyd).post(`/api/forums/quizs-vote/${timed.id}/`);
  });
  afterAll(() => c?.close());

  const reads = () => [
    QUIZZES,
    `${QUIZZES}?ordering=trending`,
    `${QUIZZES}?tag=animals`,
    TRENDING,
    `${TRENDING}?tag=animals`,
    detail(untimed.id),
    detail(timed.id),
    related(untimed.id),
  ];

  const read = (member: Member | null, url: string) => c.read(member, url);
  const direct = (member: Member | null, url: string) => c.direct(member, url);

  const quizIn = (body: unknown, id: number): Quiz | undefined => {
    const answer = body as Quiz | QuizPage;
    return 'results' in answer
      ? answer.results.find((quiz) => quiz.id === id)
      : [answer].find((quiz) => quiz.id === id);
  };

  /** Nothing in the text tells which answer is right, nor explains it. */
  const expectNoLeak = (label: string, text: string) => {
    expect(text, label).not.toContain(SECRET);
    expect(text, label).not.toMatch(/"correct"\s*:/);
    expect(text, label).not.toContain('correctAnswers');
    expect(text, label).not.toMatch(/"explanation"/);
  };

  /** Every read, signed out and as each member, equals the route's answer without the cache. */
  async function expectAsTheRoute(members: Member[]) {
    for (const url of reads()) {
      const copy = await read(null, url);
      expect(copy.body, url).toEqual(await direct(null, url));
      expectNoLeak(`signed out ${url}`, copy.text);
      for (const member of members) {
        const answered = await read(member, url);
        expect(answered.cache, url).toBe('PERSONALISED');
        expect(answered.body, `${member.user.username} ${url}`).toEqual(await direct(member, url));
      }
    }
  }

  it('serves signed-out readers one copy, without correct answers or explanations', async () => {
    for (const url of reads()) {
      expect((await read(null, url)).cache, url).toBe('MISS');
      const copy = await read(null, url);
      expect(copy.cache, url).toBe('HIT');
      expectNoLeak(url, copy.text);
    }
    expect(quizIn((await read(null, QUIZZES)).body, timed.id)).toMatchObject({
      answers: [],
      answersHidden: true,
    });
  });

  it('answers members as the route does, revealing only what each has earned', async () => {
    await expectAsTheRoute([ada, bob, cyd]);
    // The author sees the correct answer of their own quizzes, in lists too.
    expect(quizIn((await read(ada, QUIZZES)).body, untimed.id)?.reveal?.explanation).toBe(SECRET);
    // A member's like and up-vote are theirs; nothing is revealed to them.
    for (const url of [QUIZZES, TRENDING, detail(untimed.id)]) {
      const theirs = await read(cyd, url);
      expectNoLeak(`cyd ${url}`, theirs.text);
    }
    expect(quizIn((await read(cyd, QUIZZES)).body, untimed.id)?.isLiked).toBe(true);
    expect(quizIn((await read(cyd, QUIZZES)).body, timed.id)?.isVoted).toBe(true);
    for (const url of reads()) expectNoLeak(`bob ${url}`, (await read(bob, url)).text);
  });

  it("shows a started timed quiz's answers, then an answer's reveal, to that member alone", async () => {
    const started = await as(t, bob).post(`${QUIZZES}${timed.id}/start/`);
    expect(started.statusCode, started.body).toBe(200);
    const shown = quizIn((await read(bob, QUIZZES)).body, timed.id);
    expect(shown?.answers.map((answer) => answer.text)).toEqual(['Koala', 'Panda']);
    expect(shown?.reveal).toBeNull();
    expectNoLeak('bob started', (await read(bob, detail(timed.id))).text);
    expect(quizIn((await read(null, QUIZZES)).body, timed.id)?.answersHidden).toBe(true);
    expect(quizIn((await read(cyd, QUIZZES)).body, timed.id)?.answersHidden).toBe(true);

    const koala = untimed.answers.find((answer) => answer.text === 'Koala')?.id;
    const answered = await as(t, bob).post('/api/forums/quizs-answer/', {
      quiz: untimed.id,
      answers: [koala],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    for (const url of [QUIZZES, TRENDING, detail(untimed.id), related(timed.id)]) {
      expect(quizIn((await read(bob, url)).body, untimed.id)?.reveal?.explanation, url).toBe(
        SECRET,
      );
      // The next signed-out reader sees the new attempt counted, and still nothing revealed.
      const copy = await read(null, url);
      expect(quizIn(copy.body, untimed.id)?.attemptsCount, url).toBe(1);
      expectNoLeak(`signed out after bob answered ${url}`, copy.text);
      expectNoLeak(`cyd after bob answered ${url}`, (await read(cyd, url)).text);
    }
    await expectAsTheRoute([ada, bob, cyd]);
    const { rows } = await t.db.execute<{ attempts_count: number }>(
      sql`select attempts_count from quizzes where id = ${untimed.id}`,
    );
    expect(rows[0]?.attempts_count).toBe(1);
  });

  it('shows the next reader a comment, an edit, a hide and a delete at once', async () => {
    const gone = await postQuiz(t, ada, { question: 'Which bird cannot fly?', tags: ['animals'] });
    const url = detail(gone.id);
    await read(null, url);
    await read(null, QUIZZES);
    expect((await read(null, url)).cache).toBe('HIT');

    const commented = await as(t, bob).post('/api/forums/comments/', {
      model: 'quiz',
      id: gone.id,
      content: 'The kiwi?',
    });
    expect(commented.statusCode, commented.body).toBe(201);
    expect(quizIn((await read(null, url)).body, gone.id)?.commentsCount).toBe(1);

    const edited = await as(t, ada).patch(url, { question: 'Which bird never flies?' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(quizIn((await read(null, QUIZZES)).body, gone.id)?.question).toBe(
      'Which bird never flies?',
    );
    expect(quizIn((await read(cyd, url)).body, gone.id)?.question).toBe('Which bird never flies?');

    const hidden = await as(t, staff).post(`/api/moderation/content/quiz/${gone.id}/hide/`, {
      reason: 'Testing',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await as(t, null).get(url)).statusCode).toBe(404);
    expect((await as(t, cyd).get(url)).statusCode).toBe(404);
    expect(quizIn((await read(null, QUIZZES)).body, gone.id)).toBeUndefined();
    await as(t, staff).post(`/api/moderation/content/quiz/${gone.id}/restore/`);
    expect(quizIn((await read(null, QUIZZES)).body, gone.id)).toBeDefined();

    expect((await as(t, ada).delete(url)).statusCode).toBe(204);
    expect((await as(t, null).get(url)).statusCode).toBe(404);
    expect(quizIn((await read(null, QUIZZES)).body, gone.id)).toBeUndefined();
    expect(quizIn((await read(bob, QUIZZES)).body, gone.id)).toBeUndefined();
  });

  it('leaves staff and a bad token to the route itself', async () => {
    const answered = await as(t, staff).get(QUIZZES);
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['x-cache']).toBeUndefined();
    const bad = await t.app.inject({ method: 'GET', url: QUIZZES, headers: bearer('nope') });
    expect(bad.statusCode).toBe(401);
  });
});
