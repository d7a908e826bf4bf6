import type { Quiz } from '@agora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as, makeStaff } from '../../../test/forums';
import { postQuiz } from '../../../test/quizzes';

/**
 * The correct answers never leave the server early: every read a member or visitor can make
 * before answering is checked on its raw JSON text, so a field added to any answer later cannot
 * leak them unnoticed.
 */

const SECRET = 'Zanzibar explains the whole trick here.';
/** Words of the question, for the searches. */
const WORD = 'marsupial';

describe('quiz answers before answering', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  let staff: Member;
  let untimed: Quiz;
  let timed: Quiz;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
    staff = await signUp(t, 'staffer');
    await makeStaff(t, staff);
    const fields = {
      explanation: SECRET,
      tags: ['animals'],
      answers: [
        { text: 'Koala', correct: true },
        { text: 'Panda', correct: false },
      ],
    };
    untimed = await postQuiz(t, ada, { ...fields, question: `Which ${WORD} eats eucalyptus?` });
    timed = await postQuiz(t, ada, {
      ...fields,
      question: `Which ${WORD} sleeps the most?`,
      timeLimitSeconds: 30,
    });
    for (const quiz of [untimed, timed]) {
      // Activity everywhere it could show: liked, bookmarked, commented on, featured.
      await as(t, bob).post('/api/forums/like/', { model: 'quiz', id: quiz.id });
      await as(t, bob).post('/api/common/bookmark/', { model: 'quiz', id: quiz.id });
      await as(t, bob).post('/api/forums/comments/', {
        model: 'quiz',
        id: quiz.id,
        content: 'Tricky!',
      });
      const featured = await as(t, staff).post('/api/common/featured-post/', {
        model: 'quiz',
        id: quiz.id,
      });
      expect(featured.statusCode, featured.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  /** Nothing in the text tells which answer is right, nor explains it. */
  const expectNoLeak = (url: string, body: string) => {
    expect(body, url).not.toContain(SECRET);
    expect(body, url).not.toMatch(/"correct"\s*:/);
    expect(body, url).not.toContain('correctAnswers');
    expect(body, url).not.toMatch(/"reveal"\s*:\s*\{/);
    expect(body, url).not.toMatch(/"explanation"/);
  };

  const reads = () => [
    `/api/forums/quizs/${untimed.id}/`,
    `/api/forums/quizs/${timed.id}/`,
    '/api/forums/quizs/',
    '/api/forums/quizs/?ordering=top',
    '/api/forums/quizs/?ordering=trending',
    `/api/forums/quizs/?q=${WORD}`,
    '/api/forums/quizs/?tag=animals',
    '/api/forums/quizs/?author=ada',
    '/api/forums/trending_quizs/',
    '/api/forums/trending_quizs/?tag=animals',
    `/api/forums/quizs/${untimed.id}/related_quizs/`,
    `/api/forums/quizs/${timed.id}/related_quizs/`,
    '/api/common/trending-post/?model_type=quiz',
    '/api/common/featured-post/?model_type=quiz',
    `/api/common/fetchdata/?q=${WORD}`,
    `/api/common/fetchdata/?q=Zanzibar`,
    `/api/forums/comments/?model=quiz&id=${untimed.id}`,
  ];

  it('leaves out correctness and the explanation from every read, signed out and signed in', async () => {
    for (const viewer of [null, bob]) {
      for (const url of reads()) {
        const response = await as(t, viewer).get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        expectNoLeak(url, response.body);
      }
    }
    for (const path of ['bookmarked_by_me', 'liked_by_me', 'comment_by_me']) {
      const url = `/api/forums/quizs/${path}/`;
      const response = await as(t, bob).get(url);
      expect(response.json<{ results: Quiz[] }>().results).toHaveLength(2);
      expectNoLeak(url, response.body);
    }
  });

  it("finds quizzes in search by their question only, never the explanation's words", async () => {
    const hits = await as(t, bob).get(`/api/common/fetchdata/?q=${WORD}`);
    const { quizzes } = hits.json<{ quizzes: { id: number }[] }>();
    expect(quizzes.map((hit) => hit.id).sort()).toEqual([untimed.id, timed.id].sort());
    const secret = await as(t, bob).get('/api/common/fetchdata/?q=Zanzibar');
    expect(secret.json<{ quizzes: unknown[] }>().quizzes).toEqual([]);
  });

  it("hides a timed quiz's answers everywhere until started, and starting reveals nothing more", async () => {
    const listed = (await as(t, bob).get('/api/forums/quizs/')).json<{ results: Quiz[] }>();
    expect(listed.results.find((quiz) => quiz.id === timed.id)).toMatchObject({
      answers: [],
      answersHidden: true,
    });
    expect((await as(t, bob).get(`/api/forums/quizs/${timed.id}/`)).body).not.toContain('Koala');
    const started = await as(t, bob).post(`/api/forums/quizs/${timed.id}/start/`);
    expect(started.body).toContain('Koala');
    expectNoLeak('start', started.body);
    const refused = await as(t, bob).get(`/api/forums/quizs/${timed.id}/correct_answer/`);
    expect(refused.statusCode).toBe(403);
    expectNoLeak('correct_answer', refused.body);
  });

  it('shows the reveal once answered, to that member only', async () => {
    const koala = untimed.answers.find((answer) => answer.text === 'Koala')?.id;
    const answered = await as(t, bob).post('/api/forums/quizs-answer/', {
      quiz: untimed.id,
      answers: [koala],
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain(SECRET);
    expect((await as(t, bob).get(`/api/forums/quizs/${untimed.id}/`)).body).toContain(SECRET);
    const others = await as(t, null).get(`/api/forums/quizs/${untimed.id}/`);
    expectNoLeak('after another answered', others.body);
  });
});
