import { z } from 'zod';
import { ZAuthor, ZContentStatus, ZSearchText, ZTag, DISCUSSION_TAGS_MAX } from './forums';
import { zPage, ZPageQuery } from './pagination';
import { zLabel, zText } from './text';

/**
 * Poll contracts of issue 16, under `/api/forums/`:
 * - `polls/` list (`?q=&tag=&author=&ordering=`), create; `polls/{id}/` detail, PATCH, DELETE;
 *   `polls/posted_by_me/`, `bookmarked_by_me/`, `liked_by_me/`, `comment_by_me/`.
 * - `trending_polls/?tag=`: the most active polls of the last week.
 * - `polls/{id}/related_polls/`: up to 5 published polls sharing its tags or words.
 * - `polls-vote/` POST `{poll, choices}` casts or replaces the viewer's ballot;
 *   `polls-vote/{id}/` DELETE withdraws it. Both answer the poll as the viewer now sees it.
 * - `polls/{id}/voted_by/?option=`: who chose an option, for public polls whose results the
 *   viewer may see.
 * Comments, likes, bookmarks and reports are the content kernel's, with model `poll`.
 */

export const POLL_QUESTION_MIN_LENGTH = 3;
export const POLL_QUESTION_MAX_LENGTH = 300;
export const POLL_DESCRIPTION_MAX_LENGTH = 10_000;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 20;
export const POLL_OPTION_MAX_LENGTH = 200;

/** Single choice, pick at most `maxChoices`, or rank the options (counted by instant runoff). */
export const POLL_TYPES = ['single', 'multiple', 'ranked'] as const;
export type PollType = (typeof POLL_TYPES)[number];
/** When members see the tallies: always, once they voted, or once the poll closed. */
export const POLL_RESULTS = ['always', 'after_vote', 'after_close'] as const;
export type PollResultsVisibility = (typeof POLL_RESULTS)[number];
/** Whether `voted_by/` names who chose what. Fixed at creation, like `results`. */
export const POLL_VOTERS = ['public', 'anonymous'] as const;
export type PollVotersVisibility = (typeof POLL_VOTERS)[number];
export const POLL_ORDERINGS = ['latest', 'top', 'trending'] as const;

export const POLL_MESSAGES = {
  notFound: 'This poll does not exist or is not visible to you.',
  closed: 'This poll is closed.',
  anonymous: 'This poll is anonymous: who voted for what is never shown, not even to its author.',
  resultsAfterVote: 'The results of this poll are shown once you have voted.',
  resultsAfterClose: 'The results of this poll are shown once it closes.',
  optionsLocked: 'The options cannot change once someone has voted.',
} as const;

const ZId = z.number('Send the id as a number.').int().positive('Send a valid id.');
const ZIsoDateTime = z.iso.datetime({ offset: true });

const ZQuestion = zLabel('Ask a question.')
  .trim()
  .min(
    POLL_QUESTION_MIN_LENGTH,
    `Ask a question of at least ${POLL_QUESTION_MIN_LENGTH} characters.`,
  )
  .max(POLL_QUESTION_MAX_LENGTH, `Keep the question to ${POLL_QUESTION_MAX_LENGTH} characters.`);

const ZDescription = zText('Send the description as text.').max(
  POLL_DESCRIPTION_MAX_LENGTH,
  `Keep the description to ${POLL_DESCRIPTION_MAX_LENGTH.toLocaleString('en')} characters.`,
);

const ZTags = z
  .array(ZTag, 'Send the tags as a list.')
  .max(DISCUSSION_TAGS_MAX, `Choose at most ${DISCUSSION_TAGS_MAX} tags.`)
  .transform((tags) => [...new Set(tags)]);

const ZOptions = z
  .array(
    zLabel('Write each option.')
      .trim()
      .min(1, 'Write each option.')
      .max(POLL_OPTION_MAX_LENGTH, `Keep each option to ${POLL_OPTION_MAX_LENGTH} characters.`),
    'Send the options as a list.',
  )
  .min(POLL_OPTIONS_MIN, `Offer at least ${POLL_OPTIONS_MIN} options.`)
  .max(POLL_OPTIONS_MAX, `Offer at most ${POLL_OPTIONS_MAX} options.`)
  .refine(
    (options) => new Set(options.map((option) => option.toLowerCase())).size === options.length,
    'Make every option different.',
  );

/** Members choose draft or published; staff hide, the author archives (`common/archieve/`). */
const ZAuthorStatus = z.enum(['draft', 'published'], 'Choose draft or published.');

const ZClosesAt = ZIsoDateTime.nullable();

/** `maxChoices` belongs to multiple choice, and fits the options. */
function checkChoices(
  value: { type?: PollType; maxChoices?: number | null; options?: string[] },
  context: z.RefinementCtx,
) {
  if (value.maxChoices == null) return;
  if (value.type !== undefined && value.type !== 'multiple') {
    context.addIssue({
      code: 'custom',
      path: ['maxChoices'],
      message: 'Only a multiple-choice poll limits how many options a member picks.',
    });
  } else if (value.options && value.maxChoices > value.options.length) {
    context.addIssue({
      code: 'custom',
      path: ['maxChoices'],
      message: 'Allow at most as many choices as there are options.',
    });
  }
}

const ZMaxChoices = z
  .number('Send the number of choices as a number.')
  .int('Send a whole number of choices.')
  .min(1, 'Allow at least 1 choice.')
  .max(POLL_OPTIONS_MAX, `Allow at most ${POLL_OPTIONS_MAX} choices.`)
  .nullable();

/**
 * POST `polls/`. `closesAt` must lie in the future (the server checks against its clock);
 * `maxChoices` only for `multiple` (null: as many as there are options).
 */
export const ZCreatePoll = z
  .object({
    question: ZQuestion,
    description: ZDescription.default(''),
    options: ZOptions,
    type: z.enum(POLL_TYPES, 'Choose single, multiple or ranked.').default('single'),
    maxChoices: ZMaxChoices.default(null),
    results: z.enum(POLL_RESULTS, 'Choose always, after_vote or after_close.').default('always'),
    voters: z.enum(POLL_VOTERS, 'Choose public or anonymous.').default('public'),
    closesAt: ZClosesAt.default(null),
    tags: ZTags.default([]),
    status: ZAuthorStatus.default('published'),
  })
  .superRefine((value, context) => {
    checkChoices(value, context);
    if (value.results === 'after_close' && value.closesAt === null) {
      context.addIssue({
        code: 'custom',
        path: ['closesAt'],
        message: 'Set a closing time to show the results after the poll closes.',
      });
    }
  });
export type CreatePoll = z.input<typeof ZCreatePoll>;

/**
 * PATCH `polls/{id}/`. Question, description, tags and status change any time; options, type,
 * maxChoices and closesAt only until the first vote (then 400 on `options`: POLL_MESSAGES
 * .optionsLocked). `results` and `voters` never change.
 */
export const ZUpdatePoll = z
  .object({
    question: ZQuestion.optional(),
    description: ZDescription.optional(),
    tags: ZTags.optional(),
    status: ZAuthorStatus.optional(),
    options: ZOptions.optional(),
    type: z.enum(POLL_TYPES, 'Choose single, multiple or ranked.').optional(),
    maxChoices: ZMaxChoices.optional(),
    closesAt: ZClosesAt.optional(),
  })
  .superRefine((value, context) => {
    checkChoices(value, context);
    if (!Object.values(value).some((field) => field !== undefined)) {
      context.addIssue({ code: 'custom', message: 'Change at least one field.' });
    }
  });
export type UpdatePoll = z.input<typeof ZUpdatePoll>;

export const ZPollOption = z.object({ id: ZId, text: z.string() });
export type PollOption = z.infer<typeof ZPollOption>;

/** One option's tally: `percent` of voters (not of votes), 0–100 with one decimal. */
export const ZPollTally = z.object({
  id: ZId,
  votes: z.number().int().nonnegative(),
  percent: z.number().nonnegative(),
});
export type PollTally = z.infer<typeof ZPollTally>;

/** A round of an instant-runoff count: each remaining option's votes, and who went out. */
export const ZPollRound = z.object({
  tallies: z.array(z.object({ id: ZId, votes: z.number().int().nonnegative() })),
  /** The options eliminated after this round (ties go out together); empty in the last. */
  eliminated: z.array(ZId),
});
export type PollRound = z.infer<typeof ZPollRound>;

/**
 * The results, present only when the viewer may see them. For a ranked poll `options` count
 * first preferences and `rounds` is the runoff; `winners` are the options with a majority in
 * the last round (several on an exact tie, none without votes).
 */
export const ZPollResults = z.object({
  votersCount: z.number().int().nonnegative(),
  options: z.array(ZPollTally),
  rounds: z.array(ZPollRound),
  winners: z.array(ZId),
});
export type PollResults = z.infer<typeof ZPollResults>;

export const ZPoll = z.object({
  id: ZId,
  question: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  status: ZContentStatus,
  author: ZAuthor,
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  editedAt: ZIsoDateTime.nullable(),
  type: z.enum(POLL_TYPES),
  /** For `multiple`: how many options a member may pick (null for single and ranked). */
  maxChoices: z.number().int().positive().nullable(),
  results: z.enum(POLL_RESULTS),
  voters: z.enum(POLL_VOTERS),
  closesAt: ZIsoDateTime.nullable(),
  isClosed: z.boolean(),
  options: z.array(ZPollOption),
  /** Members with a ballot: shown always (how many took part, not what they chose). */
  votersCount: z.number().int().nonnegative(),
  /** The viewer's ballot: option ids, in order of preference for ranked; empty if none. */
  myVote: z.array(ZId),
  /** Null while hidden from this viewer (see `resultsHiddenReason`). */
  tallies: ZPollResults.nullable(),
  /** Why `tallies` is null: POLL_MESSAGES.resultsAfterVote or resultsAfterClose. */
  resultsHiddenReason: z.string().nullable(),
  /** No one has voted yet, so the author may still change options, type and closing time. */
  optionsEditable: z.boolean(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  isLiked: z.boolean(),
  isBookmarked: z.boolean(),
});
export type Poll = z.infer<typeof ZPoll>;
export const ZPollPage = zPage(ZPoll);
export type PollPage = z.infer<typeof ZPollPage>;

/** GET `polls/{id}/related_polls/`: up to 5 published polls sharing its tags or words. */
export const ZRelatedPolls = z.object({ results: z.array(ZPoll) });
export type RelatedPolls = z.infer<typeof ZRelatedPolls>;

/** GET `polls/`: newest (`latest`), most voters (`top`) or most active lately (`trending`). */
export const ZPollListQuery = ZPageQuery.extend({
  tag: ZTag.optional(),
  author: zText().trim().min(1).max(150).optional(),
  q: ZSearchText.optional(),
  ordering: z.enum(POLL_ORDERINGS, 'Order by latest, top or trending.').default('latest'),
});
export type PollListQuery = z.input<typeof ZPollListQuery>;

/** GET `trending_polls/`. */
export const ZTrendingListQuery = ZPageQuery.extend({ tag: ZTag.optional() });
export type TrendingListQuery = z.input<typeof ZTrendingListQuery>;

/**
 * POST `polls-vote/`: the viewer's ballot, replacing any earlier one while the poll is open.
 * `choices`: one id (single), up to `maxChoices` (multiple), or every option the member ranks,
 * most preferred first (ranked; at least one).
 */
export const ZPollBallot = z.object({
  poll: ZId,
  choices: z
    .array(ZId, 'Send the chosen options as a list.')
    .min(1, 'Choose an option.')
    .max(POLL_OPTIONS_MAX, `Choose at most ${POLL_OPTIONS_MAX} options.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Choose each option once.'),
});
export type PollBallot = z.infer<typeof ZPollBallot>;

/** GET `polls/{id}/voted_by/?option=`: the members who chose an option, latest first. */
export const ZVotedByQuery = ZPageQuery.extend({
  option: z.coerce.number('Say which option.').int().positive('Say which option.'),
});
export type VotedByQuery = z.input<typeof ZVotedByQuery>;
export const ZPollVoter = z.object({
  user: ZAuthor,
  votedAt: ZIsoDateTime,
  /** Where the member ranked this option (1 = first); null unless the poll is ranked. */
  rank: z.number().int().positive().nullable(),
});
export type PollVoter = z.infer<typeof ZPollVoter>;
export const ZPollVoterPage = zPage(ZPollVoter);
export type PollVoterPage = z.infer<typeof ZPollVoterPage>;
