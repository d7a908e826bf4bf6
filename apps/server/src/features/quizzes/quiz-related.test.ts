import type { QuizPage, RelatedQuizzes } from '@agora/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member, type TestClock } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as } from '../../../test/forums';
import { postQuiz, quizRowCounts } from '../../../test/quizzes';

const related = (id: number | string) => `/api/forums/quizs/${id}/related_quizs/`;
const TRENDING = '/api/forums/trending_quizs/';

describe('related and trending quizzes', () => {
  let t: TestApp & { clock: TestClock };
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  async function relatedIds(member: Member | null, id: number): Promise<number[]> {
    const response = await as(t, member).get(related(id));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RelatedQuizzes>().results.map((quiz) => quiz.id);
  }

  describe('GET quizs/{id}/related_quizs/', () => {
    it('ranks by shared tags, then by the words of the question, never itself', async () => {
      const source = await postQuiz(t, ada, {
        question: 'Which planet has the largest moon?',
        tags: ['space', 'moons'],
      });
      t.clock.advance(1000);
      const twoTags = await postQuiz(t, bob, {
        question: 'How many moons has Mars?',
        tags: ['moons', 'space'],
      });
      t.clock.advance(1000);
      const tagAndWords = await postQuiz(t, bob, {
        question: 'Which planet spins backwards?',
        tags: ['space'],
      });
      t.clock.advance(1000);
      const oneTag = await postQuiz(t, bob, {
        question: 'What is Titan made of?',
        tags: ['moons'],
      });
      t.clock.advance(1000);
      const words = await postQuiz(t, bob, { question: 'Which planet is the hottest?' });
      await postQuiz(t, bob, { question: 'Who painted the ceiling?', tags: ['art'] });

      expect(await relatedIds(null, source.id)).toEqual([
        twoTags.id,
        tagAndWords.id,
        oneTag.id,
        words.id,
      ]);
      const response = await as(t, ada).get(related(source.id));
      expect(response.json<RelatedQuizzes>().results[0]).toMatchObject({
        id: twoTags.id,
        question: 'How many moons has Mars?',
        tags: ['moons', 'space'],
        author: { username: 'bob' },
        myAttempt: null,
        reveal: null,
      });
      const { rows } = await t.db.execute<{ tag_names: string[] }>(
        sql`select tag_names from quizzes where id = ${source.id}`,
      );
      expect(rows[0]?.tag_names).toEqual(['moons', 'space']);
    });

    it('shows at most 5, only published quizzes, newest first among equals', async () => {
      const source = await postQuiz(t, ada, {
        question: 'Which piece moves in an L?',
        tags: ['chess'],
      });
      const draft = await postQuiz(t, ada, {
        question: 'A chess draft?',
        tags: ['chess'],
        status: 'draft',
      });
      const hidden = await postQuiz(t, bob, {
        question: 'A hidden chess question?',
        tags: ['chess'],
      });
      await t.db.execute(sql`update quizzes set status = 'hidden' where id = ${hidden.id}`);
      const shown = [];
      for (let index = 0; index < 6; index += 1) {
        t.clock.advance(1000);
        shown.push(await postQuiz(t, bob, { question: `Chess riddle ${index}?`, tags: ['chess'] }));
      }
      for (const viewer of [ada, bob, null]) {
        const found = await relatedIds(viewer, source.id);
        expect(found).toEqual(
          shown
            .map((quiz) => quiz.id)
            .reverse()
            .slice(0, 5),
        );
        expect(found).not.toContain(draft.id);
        expect(found).not.toContain(hidden.id);
      }
    });

    it("shows the author's own reveal to the author, and no one else's", async () => {
      const source = await postQuiz(t, ada, { question: 'Rarest blood type?', tags: ['biology'] });
      const mine = await postQuiz(t, ada, { question: 'Largest human organ?', tags: ['biology'] });
      const author = (await as(t, ada).get(related(source.id))).json<RelatedQuizzes>();
      expect(author.results.find((quiz) => quiz.id === mine.id)?.reveal).not.toBeNull();
      for (const viewer of [bob, null]) {
        const body = (await as(t, viewer).get(related(source.id))).body;
        expect(body).not.toContain('correctAnswers');
        expect(body).not.toMatch(/"explanation"/);
      }
    });

    it("is the author's alone for a draft, and 404 for others", async () => {
      const draft = await postQuiz(t, ada, {
        question: 'A chess draft of mine?',
        tags: ['chess'],
        status: 'draft',
      });
      expect(await relatedIds(ada, draft.id)).toHaveLength(5);
      for (const viewer of [bob, null]) {
        const response = await as(t, viewer).get(related(draft.id));
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          detail: 'This quiz does not exist or is not visible to you.',
        });
      }
    });

    it.each([
      ['999999', 404],
      ['abc', 400],
      ['0', 400],
    ])('answers %s with %i, writing nothing', async (id, status) => {
      const before = await quizRowCounts(t);
      const response = await as(t, bob).get(related(id));
      expect(response.statusCode).toBe(status);
      expect(Object.keys(response.json())).toEqual(status === 400 ? ['id'] : ['detail']);
      expect(await quizRowCounts(t)).toEqual(before);
    });

    it('runs the same number of queries for one related quiz as for five', async () => {
      const few = await postQuiz(t, ada, { question: 'Marimba bars?', tags: ['marimba'] });
      await postQuiz(t, bob, { question: 'Marimba wood?', tags: ['marimba'] });
      const many = await postQuiz(t, ada, { question: 'Chess clocks?', tags: ['chess'] });
      await as(t, bob).get(related(few.id));
      // An async wrapper: a request is sent when awaited, and only then inside the count.
      const count = (id: number) =>
        t.countQueries(async () => {
          expect((await as(t, bob).get(related(id))).statusCode).toBe(200);
        });
      expect(await count(many.id)).toBe(await count(few.id));
      // The source and the ranking, then the page (a prepared read the recorder may not see).
      expect(await count(few.id)).toBeGreaterThanOrEqual(2);
      expect(await count(few.id)).toBeLessThanOrEqual(3);
    });
  });

  describe('GET trending_quizs/?tag=', () => {
    const trendingIds = async (url: string) => {
      const response = await as(t, null).get(url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<QuizPage>().results.map((quiz) => quiz.id);
    };

    it("ranks one tag's quizzes as the list's trending tab does, by pages", async () => {
      const quiet = await postQuiz(t, ada, { question: 'Oldest tree species?', tags: ['trees'] });
      t.clock.advance(1000);
      const busy = await postQuiz(t, ada, { question: 'Tallest tree alive?', tags: ['trees'] });
      await postQuiz(t, ada, { question: 'Fastest bird?', tags: ['birds'] });
      await as(t, bob).post(`/api/forums/quizs-vote/${quiet.id}/`);
      await as(t, bob).post('/api/forums/like/', { model: 'quiz', id: quiet.id });
      // A new ranking: the held ones were taken before these votes.
      t.clock.advance(10_000);
      const ranked = await trendingIds(`${TRENDING}?tag=trees`);
      expect(ranked).toEqual([quiet.id, busy.id]);
      expect(await trendingIds('/api/forums/quizs/?ordering=trending&tag=trees')).toEqual(ranked);
      expect(await trendingIds(`${TRENDING}?tag=TREES`)).toEqual(ranked);
      expect(await trendingIds(`${TRENDING}?tag=unused`)).toEqual([]);
      const first = (await as(t, null).get(`${TRENDING}?tag=trees&limit=1`)).json<QuizPage>();
      expect(first.next).toEqual(expect.any(String));
      const rest = await trendingIds(`${TRENDING}?tag=trees&limit=1&cursor=${first.next}`);
      expect([...first.results.map((quiz) => quiz.id), ...rest]).toEqual(ranked);
      const { rows } = await t.db.execute<{ votes_count: number; likes_count: number }>(
        sql`select votes_count, likes_count from quizzes where id = ${quiet.id}`,
      );
      expect(rows[0]).toEqual({ votes_count: 1, likes_count: 1 });
    });

    it.each([
      [`${TRENDING}?tag=two%20words`, 'tag'],
      [`${TRENDING}?tag=trees&limit=0`, 'limit'],
      [`${TRENDING}?tag=trees&cursor=bogus`, 'cursor'],
    ])('refuses %s, naming the field, writing nothing', async (url, field) => {
      const before = await quizRowCounts(t);
      const response = await as(t, bob).get(url);
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json<Record<string, unknown>>())).toEqual([field]);
      expect(await quizRowCounts(t)).toEqual(before);
    });
  });
});
