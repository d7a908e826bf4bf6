import { z } from 'zod';
import { ZAuthor, ZContentStatus, ZSearchText, ZTag, DISCUSSION_TAGS_MAX } from './forums';
import { zPage, ZPageQuery } from './pagination';
import { zLabel, zText } from './text';

/**
 * Quiz contracts of issue 16, under `/api/forums/` (the SPEC spells them `quizs`):
 * - `quizs/` list (`?q=&tag=&author=&ordering=`), create; `quizs/{id}/` detail, PATCH, DELETE;
 *   `quizs/posted_by_me/`, `bookmarked_by_me/`, `liked_by_me/`, `comment_by_me/`.
 * - `trending_quizs/?tag=`: the most active quizzes of the last week.
 * - `quizs/{id}/related_quizs/`: up to 5 published quizzes sharing its tags or words.
 * - `quizs/{id}/start/` POST: starts the viewer's clock on a timed quiz (and shows its answers:
 *   a timed quiz's answers are absent until its member starts). Opening the detail never starts
 *   the clock, so a list or a preview cannot use up a member's time.
 * - `quizs-answer/` POST `{quiz, answers}`: the viewer's one attempt, graded by the server.
 * - `quizs/{id}/correct_answer/`: the correct answers and explanation, only after the viewer
 *   answered, to the author, or once the quiz closed; otherwise 403.
 * - `quizs-vote/{id}/` POST: toggles the viewer's up-vote of a good quiz.
 * - `quizs/leaderboard/?period=week|all` and `quizs/record/{username}/`.
 * The correct answers and the explanation are in no answer before the viewer may see them.
 */

export const QUIZ_QUESTION_MIN_LENGTH = 3;
export const QUIZ_QUESTION_MAX_LENGTH = 300;
export const QUIZ_EXPLANATION_MAX_LENGTH = 10_000;
export const QUIZ_ANSWERS_MIN = 2;
export const QUIZ_ANSWERS_MAX = 6;
export const QUIZ_ANSWER_MAX_LENGTH = 200;
export const QUIZ_TIME_LIMIT_MIN_SECONDS = 5;
export const QUIZ_TIME_LIMIT_MAX_SECONDS = 3600;
export const QUIZ_LEADERBOARD_SIZE = 20;
export const QUIZ_ORDERINGS = ['latest', 'top', 'trending'] as const;
export const QUIZ_LEADERBOARD_PERIODS = ['week', 'all'] as const;

export const QUIZ_MESSAGES = {
  notFound: 'This quiz does not exist or is not visible to you.',
  closed: 'This quiz is closed.',
  answered: 'You have already answered this quiz.',
  notStarted: 'Start the quiz first: it has a time limit.',
  late: 'Time is up: your answer came after the time limit.',
  ownQuiz: 'You cannot answer your own quiz.',
  answerFirst: 'Answer the quiz first to see the correct answer.',
  answersLocked: 'The answers cannot change once someone has answered.',
} as const;

const ZId = z.number('Send the id as a number.').int().positive('Send a valid id.');
const ZIsoDateTime = z.iso.datetime({ offset: true });

const ZQuestion = zLabel('Ask a question.')
  .trim()
  .min(
    QUIZ_QUESTION_MIN_LENGTH,
    `Ask a question of at least ${QUIZ_QUESTION_MIN_LENGTH} characters.`,
  )
  .max(QUIZ_QUESTION_MAX_LENGTH, `Keep the question to ${QUIZ_QUESTION_MAX_LENGTH} characters.`);

const ZExplanation = zText('Send the explanation as text.').max(
  QUIZ_EXPLANATION_MAX_LENGTH,
  `Keep the explanation to ${QUIZ_EXPLANATION_MAX_LENGTH.toLocaleString('en')} characters.`,
);

const ZTags = z
  .array(ZTag, 'Send the tags as a list.')
  .max(DISCUSSION_TAGS_MAX, `Choose at most ${DISCUSSION_TAGS_MAX} tags.`)
  .transform((tags) => [...new Set(tags)]);

const ZAnswerDraft = z.object({
  text: zLabel('Write each answer.')
    .trim()
    .min(1, 'Write each answer.')
    .max(QUIZ_ANSWER_MAX_LENGTH, `Keep each answer to ${QUIZ_ANSWER_MAX_LENGTH} characters.`),
  correct: z.boolean('Say whether each answer is correct.'),
});

const ZAnswerDrafts = z
  .array(ZAnswerDraft, 'Send the answers as a list.')
  .min(QUIZ_ANSWERS_MIN, `Offer at least ${QUIZ_ANSWERS_MIN} answers.`)
  .max(QUIZ_ANSWERS_MAX, `Offer at most ${QUIZ_ANSWERS_MAX} answers.`)
  .refine(
    (answers) => new Set(answers.map((a) => a.text.toLowerCase())).size === answers.length,
    'Make every answer different.',
  )
  .refine((answers) => answers.some((a) => a.correct), 'Mark the correct answer.');

const ZTimeLimit = z
  .number('Send the time limit in seconds.')
  .int('Send the time limit in whole seconds.')
  .min(QUIZ_TIME_LIMIT_MIN_SECONDS, `Allow at least ${QUIZ_TIME_LIMIT_MIN_SECONDS} seconds.`)
  .max(QUIZ_TIME_LIMIT_MAX_SECONDS, `Allow at most ${QUIZ_TIME_LIMIT_MAX_SECONDS} seconds.`)
  .nullable();

/** Exactly one correct answer, unless "choose all that apply" (`multiple`). */
function checkCorrect(
  value: { multiple?: boolean; answers?: { correct: boolean }[] },
  context: z.RefinementCtx,
) {
  if (!value.answers || value.multiple) return;
  if (value.answers.filter((a) => a.correct).length > 1) {
    context.addIssue({
      code: 'custom',
      path: ['answers'],
      message: 'Mark exactly one correct answer, or let members choose all that apply.',
    });
  }
}

/** POST `quizs/`. `closesAt` must lie in the future. */
export const ZCreateQuiz = z
  .object({
    question: ZQuestion,
    explanation: ZExplanation.default(''),
    answers: ZAnswerDrafts,
    multiple: z.boolean('Say whether members choose all that apply.').default(false),
    timeLimitSeconds: ZTimeLimit.default(null),
    closesAt: ZIsoDateTime.nullable().default(null),
    tags: ZTags.default([]),
    status: z.enum(['draft', 'published'], 'Choose draft or published.').default('published'),
  })
  .superRefine(checkCorrect);
export type CreateQuiz = z.input<typeof ZCreateQuiz>;

/**
 * PATCH `quizs/{id}/`. Question, explanation, tags, status and closing time change any time;
 * answers, `multiple` and the time limit only until the first attempt (then 400 on `answers`).
 */
export const ZUpdateQuiz = z
  .object({
    question: ZQuestion.optional(),
    explanation: ZExplanation.optional(),
    answers: ZAnswerDrafts.optional(),
    multiple: z.boolean('Say whether members choose all that apply.').optional(),
    timeLimitSeconds: ZTimeLimit.optional(),
    closesAt: ZIsoDateTime.nullable().optional(),
    tags: ZTags.optional(),
    status: z.enum(['draft', 'published'], 'Choose draft or published.').optional(),
  })
  .superRefine((value, context) => {
    checkCorrect(value, context);
    if (!Object.values(value).some((field) => field !== undefined)) {
      context.addIssue({ code: 'custom', message: 'Change at least one field.' });
    }
  });
export type UpdateQuiz = z.input<typeof ZUpdateQuiz>;

/** An answer as members see it: never whether it is correct. */
export const ZQuizAnswer = z.object({ id: ZId, text: z.string() });
export type QuizAnswer = z.infer<typeof ZQuizAnswer>;

/** The correct answers and the explanation: GET `correct_answer/`, and in `reveal`. */
export const ZQuizReveal = z.object({
  correctAnswers: z.array(ZId),
  explanation: z.string(),
});
export type QuizReveal = z.infer<typeof ZQuizReveal>;

export const ZQuizAttempt = z.object({
  /** The answers the member chose. */
  chosen: z.array(ZId),
  correct: z.boolean(),
  answeredAt: ZIsoDateTime,
});
export type QuizAttempt = z.infer<typeof ZQuizAttempt>;

export const ZQuiz = z.object({
  id: ZId,
  question: z.string(),
  tags: z.array(z.string()),
  status: ZContentStatus,
  author: ZAuthor,
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  editedAt: ZIsoDateTime.nullable(),
  multiple: z.boolean(),
  timeLimitSeconds: z.number().int().positive().nullable(),
  closesAt: ZIsoDateTime.nullable(),
  isClosed: z.boolean(),
  /** Empty on a timed quiz until the viewer starts it (`answersHidden`). */
  answers: z.array(ZQuizAnswer),
  answersHidden: z.boolean(),
  /** When the viewer started a timed quiz, and until when they may answer. */
  startedAt: ZIsoDateTime.nullable(),
  deadline: ZIsoDateTime.nullable(),
  /** Members who answered, and how many of them were right. */
  attemptsCount: z.number().int().nonnegative(),
  correctCount: z.number().int().nonnegative(),
  myAttempt: ZQuizAttempt.nullable(),
  /** Present once the viewer answered, to the author, and after the quiz closed. */
  reveal: ZQuizReveal.nullable(),
  /** No one has answered yet, so the author may still change the answers. */
  answersEditable: z.boolean(),
  votesCount: z.number().int().nonnegative(),
  isVoted: z.boolean(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  isLiked: z.boolean(),
  isBookmarked: z.boolean(),
});
export type Quiz = z.infer<typeof ZQuiz>;
export const ZQuizPage = zPage(ZQuiz);
export type QuizPage = z.infer<typeof ZQuizPage>;

/** GET `quizs/{id}/related_quizs/`: up to 5 published quizzes sharing its tags or words. */
export const ZRelatedQuizzes = z.object({ results: z.array(ZQuiz) });
export type RelatedQuizzes = z.infer<typeof ZRelatedQuizzes>;

/** GET `quizs/`: newest, most up-voted (`top`) or most active lately (`trending`). */
export const ZQuizListQuery = ZPageQuery.extend({
  tag: ZTag.optional(),
  author: zText().trim().min(1).max(150).optional(),
  q: ZSearchText.optional(),
  ordering: z.enum(QUIZ_ORDERINGS, 'Order by latest, top or trending.').default('latest'),
});
export type QuizListQuery = z.input<typeof ZQuizListQuery>;

/** POST `quizs-answer/`: the chosen answers (one unless `multiple`). */
export const ZQuizAnswerInput = z.object({
  quiz: ZId,
  answers: z
    .array(ZId, 'Send the chosen answers as a list.')
    .min(1, 'Choose an answer.')
    .max(QUIZ_ANSWERS_MAX, `Choose at most ${QUIZ_ANSWERS_MAX} answers.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each answer once.'),
});
export type QuizAnswerInput = z.infer<typeof ZQuizAnswerInput>;

/** The graded attempt, with the viewer's record after it. */
export const ZQuizRecord = z.object({
  answered: z.number().int().nonnegative(),
  correct: z.number().int().nonnegative(),
  /** Correct answers in a row, up to the latest. */
  currentStreak: z.number().int().nonnegative(),
  bestStreak: z.number().int().nonnegative(),
});
export type QuizRecord = z.infer<typeof ZQuizRecord>;

export const ZQuizAnswerResult = z.object({
  correct: z.boolean(),
  correctAnswers: z.array(ZId),
  explanation: z.string(),
  record: ZQuizRecord,
  quiz: ZQuiz,
});
export type QuizAnswerResult = z.infer<typeof ZQuizAnswerResult>;

/** POST `quizs-vote/{id}/`. */
export const ZQuizVoteResult = z.object({ voted: z.boolean(), votesCount: z.number().int() });
export type QuizVoteResult = z.infer<typeof ZQuizVoteResult>;

/** GET `quizs/leaderboard/?period=`: most correct answers (in the last 7 days, or ever). */
export const ZLeaderboardQuery = z.object({
  period: z.enum(QUIZ_LEADERBOARD_PERIODS, 'Choose week or all.').default('week'),
});
export type LeaderboardQuery = z.input<typeof ZLeaderboardQuery>;
export const ZLeaderboard = z.object({
  period: z.enum(QUIZ_LEADERBOARD_PERIODS),
  results: z.array(
    z.object({
      rank: z.number().int().positive(),
      user: ZAuthor,
      correct: z.number().int().nonnegative(),
      answered: z.number().int().nonnegative(),
    }),
  ),
});
export type Leaderboard = z.infer<typeof ZLeaderboard>;

/** GET `quizs/record/{username}/`: a member's record, shown on their profile. */
export const ZUsernameParams = z.object({ username: zText().trim().min(1).max(150) });
