import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, signUp, type Member } from '../../../test/accounts';
import type { TestApp } from '../../../test/build-app';
import { as } from '../../../test/forums';
import { openLiveSocket } from '../../../test/live';
import { EXPLANATION, postQuiz } from '../../../test/quizzes';

describe('a quiz on /ws/live/', () => {
  let t: TestApp;
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    ada = await signUp(t, 'ada');
    bob = await signUp(t, 'bob');
  });
  afterAll(() => t.close());

  it('sends watchers its counters after an answer and an up-vote, and nothing of the answers', async () => {
    const quiz = await postQuiz(t, ada);
    const socket = await openLiveSocket(t.app);
    try {
      socket.subscribe('quiz', quiz.id);
      const target = { model: 'quiz', id: quiz.id };
      expect(await socket.nextUpdate(target)).toEqual({
        type: 'live_update',
        model: 'quiz',
        id: quiz.id,
        counts: {
          attemptsCount: 0,
          correctCount: 0,
          votesCount: 0,
          likesCount: 0,
          commentsCount: 0,
        },
      });
      const right = quiz.reveal?.correctAnswers;
      const answered = await as(t, bob).post('/api/forums/quizs-answer/', {
        quiz: quiz.id,
        answers: right,
      });
      expect(answered.statusCode, answered.body).toBe(200);
      expect((await socket.nextUpdate(target)).counts).toMatchObject({
        attemptsCount: 1,
        correctCount: 1,
      });
      expect((await as(t, bob).post(`/api/forums/quizs-vote/${quiz.id}/`)).statusCode).toBe(200);
      expect((await socket.nextUpdate(target)).counts).toMatchObject({ votesCount: 1 });
      const sent = JSON.stringify(socket.received);
      expect(sent).not.toContain(EXPLANATION);
      expect(sent).not.toContain('Canberra');
    } finally {
      socket.socket.terminate();
    }
  });
});
