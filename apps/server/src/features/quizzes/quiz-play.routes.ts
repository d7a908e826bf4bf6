import {
  ZIdParams,
  ZLeaderboard,
  ZLeaderboardQuery,
  ZQuiz,
  ZQuizAnswerInput,
  ZQuizAnswerResult,
  ZQuizRecord,
  ZQuizReveal,
  ZQuizVoteResult,
  ZUsernameParams,
} from '@agora/shared';
import { currentUser } from '../../platform/auth';
import type { ContentContext } from '../../platform/content';
import { answerQuiz, correctAnswer } from './quiz-answers.service';
import { leaderboard, recordOf } from './quiz-leaderboard.service';
import { toggleQuizVote } from './quiz-votes.service';
import { presentQuiz } from './quizzes.presenter';
import type { QuizzesApp } from './quizzes.routes';
import { startQuiz } from './quizzes.service';

/** Playing quizzes: start, answer, the reveal, up-votes, records and the leaderboard. */
export function quizPlayRoutes(app: QuizzesApp, ctx: ContentContext): void {
  const tags = ['quizzes'];

  app.post(
    '/quizs/:id/start/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Start your clock on a timed quiz and see its answers; starting again keeps the first start. Changes nothing on an untimed quiz.',
        params: ZIdParams,
        response: { 200: ZQuiz },
      },
    },
    async (request) => presentQuiz(await startQuiz(ctx, currentUser(request), request.params.id)),
  );

  app.post(
    '/quizs-answer/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Answer a quiz, once: graded here, with the correct answers, the explanation and your record.',
        body: ZQuizAnswerInput,
        response: { 200: ZQuizAnswerResult },
      },
    },
    async (request) => {
      const graded = await answerQuiz(ctx, currentUser(request), request.body);
      return {
        correct: graded.correct,
        correctAnswers: graded.reveal.correctAnswers,
        explanation: graded.reveal.explanation,
        record: graded.record,
        quiz: presentQuiz(graded.quiz),
      };
    },
  );

  app.get(
    '/quizs/:id/correct_answer/',
    {
      onRequest: app.authenticateOptional,
      config: { anonymousCache: true },
      schema: {
        tags,
        summary:
          'The correct answers and the explanation: after you answered, to the author, or once the quiz closed.',
        params: ZIdParams,
        response: { 200: ZQuizReveal },
      },
    },
    async (request) => correctAnswer(ctx, request.user, request.params.id),
  );

  app.post(
    '/quizs-vote/:id/',
    {
      onRequest: [app.authenticate, app.actionLimit('likes')],
      schema: {
        tags,
        summary: 'Up-vote a good quiz, or take your up-vote back.',
        params: ZIdParams,
        response: { 200: ZQuizVoteResult },
      },
    },
    async (request) => toggleQuizVote(ctx, currentUser(request), request.params.id),
  );

  app.get(
    '/quizs/leaderboard/',
    {
      schema: {
        tags,
        summary: 'The members with the most correct answers this week or ever.',
        querystring: ZLeaderboardQuery,
        response: { 200: ZLeaderboard },
      },
    },
    async (request) => leaderboard(ctx, request.query.period),
  );

  app.get(
    '/quizs/record/:username/',
    {
      schema: {
        tags,
        summary: "A member's quiz record: answered, correct, current and best streak.",
        params: ZUsernameParams,
        response: { 200: ZQuizRecord },
      },
    },
    async (request) => recordOf(ctx, request.params.username),
  );
}
