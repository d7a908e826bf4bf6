import { z } from 'zod';
import { CONTENT_MODELS, type ContentModel } from './content-kinds';
import { ZContentModel } from './content';
import { zPage, ZPageQuery } from './pagination';
import { zLabel, zSearchWords, zText } from './text';
import { STAFF_ROLES } from './roles';
import { CONTENT_STATUSES } from './content-kinds';

/**
 * Forum contracts of issue 4 ("Forums and discovery"), validated alike by the server and the web
 * forms. Polls, quizzes and the marketplace copy this file's shape.
 */

export const DISCUSSION_TITLE_MIN_LENGTH = 3;
export const DISCUSSION_TITLE_MAX_LENGTH = 200;
export const DISCUSSION_CONTENT_MAX_LENGTH = 50_000;
export const DISCUSSION_TAGS_MAX = 5;
export const TAG_MIN_LENGTH = 2;
export const TAG_MAX_LENGTH = 30;
export const POLL_CHOICES_MIN = 2;
export const POLL_CHOICES_MAX = 10;
export const POLL_CHOICE_MAX_LENGTH = 200;
export const COMMENT_MAX_LENGTH = 10_000;
/** What a deleted comment that still has replies shows instead of its content. */
export const DELETED_COMMENT_CONTENT = '[deleted]';
/** What a comment hidden by moderators shows to everyone but its author and staff. */
export const HIDDEN_COMMENT_CONTENT = '[hidden by moderators]';

const ZId = z.number('Send the id as a number.').int().positive('Send a valid id.');
const ZIsoDateTime = z.iso.datetime({ offset: true });

export const ZContentStatus = z.enum(CONTENT_STATUSES);

/** GET `forums/get_content_status/`. */
export const ZContentStatusList = z.array(z.object({ value: ZContentStatus, label: z.string() }));
export type ContentStatusList = z.infer<typeof ZContentStatusList>;

const ZAuthorStatus = z.enum(['draft', 'published'], 'Choose draft or published.');

const ZTitle = zLabel('Give the discussion a title.')
  .trim()
  .min(
    DISCUSSION_TITLE_MIN_LENGTH,
    `Use a title of at least ${DISCUSSION_TITLE_MIN_LENGTH} characters.`,
  )
  .max(
    DISCUSSION_TITLE_MAX_LENGTH,
    `Use a title of at most ${DISCUSSION_TITLE_MAX_LENGTH} characters.`,
  );

const ZDiscussionContent = zText('Write the discussion text.')
  .min(1, 'Write the discussion text.')
  .max(
    DISCUSSION_CONTENT_MAX_LENGTH,
    `Keep the text to at most ${DISCUSSION_CONTENT_MAX_LENGTH.toLocaleString('en')} characters.`,
  )
  .refine((value) => value.trim().length > 0, 'Write the discussion text.');

/** A tag as stored: trimmed and lower-cased; letters, digits and hyphens. */
export const ZTag = zText()
  .trim()
  .toLowerCase()
  .min(TAG_MIN_LENGTH, `Use tags of at least ${TAG_MIN_LENGTH} characters.`)
  .max(TAG_MAX_LENGTH, `Use tags of at most ${TAG_MAX_LENGTH} characters.`)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}-]*$/u, 'Use only letters, digits and hyphens in a tag.');

const ZTags = z
  .array(ZTag, 'Send the tags as a list.')
  .max(DISCUSSION_TAGS_MAX, `Choose at most ${DISCUSSION_TAGS_MAX} tags.`)
  .transform((tags) => [...new Set(tags)]);

const ZPollChoiceText = zLabel()
  .trim()
  .min(1, 'Write each poll choice.')
  .max(POLL_CHOICE_MAX_LENGTH, `Keep each poll choice to ${POLL_CHOICE_MAX_LENGTH} characters.`);

/** No poll (empty list), or between POLL_CHOICES_MIN and POLL_CHOICES_MAX different choices. */
const ZPollChoices = z
  .array(ZPollChoiceText, 'Send the poll choices as a list.')
  .max(POLL_CHOICES_MAX, `Offer at most ${POLL_CHOICES_MAX} poll choices.`)
  .refine(
    (choices) => choices.length === 0 || choices.length >= POLL_CHOICES_MIN,
    `Offer at least ${POLL_CHOICES_MIN} poll choices, or none.`,
  )
  .refine(
    (choices) => new Set(choices.map((choice) => choice.toLowerCase())).size === choices.length,
    'Make every poll choice different.',
  );

/** POST `forums/`. */
export const ZCreateDiscussion = z.object({
  title: ZTitle,
  content: ZDiscussionContent,
  tags: ZTags.default([]),
  status: ZAuthorStatus.default('published'),
  pollChoices: ZPollChoices.default([]),
});
export type CreateDiscussion = z.input<typeof ZCreateDiscussion>;

/** PATCH `forums/{id}/`: any of the fields; the poll cannot change once posted. */
export const ZUpdateDiscussion = z
  .object({
    title: ZTitle.optional(),
    content: ZDiscussionContent.optional(),
    tags: ZTags.optional(),
    status: ZAuthorStatus.optional(),
  })
  .refine(
    (changes) => Object.values(changes).some((value) => value !== undefined),
    'Change at least one of title, content, tags or status.',
  );
export type UpdateDiscussion = z.input<typeof ZUpdateDiscussion>;

/** Who wrote something, as every content shape shows it. */
export const ZAuthor = z.object({
  id: ZId,
  username: z.string(),
  avatar: z.string().nullable(),
  /** Present for staff only, so pages can show a badge. */
  role: z.enum(STAFF_ROLES).optional(),
});
export type Author = z.infer<typeof ZAuthor>;

export const ZPollChoice = z.object({
  id: ZId,
  text: z.string(),
  votesCount: z.number().int(),
  /** The viewer voted for this choice. */
  isVoted: z.boolean(),
});
export type PollChoice = z.infer<typeof ZPollChoice>;

export const ZDiscussion = z.object({
  id: ZId,
  title: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  status: ZContentStatus,
  author: ZAuthor,
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  /** When the author last changed the title, text or tags; null if never. */
  editedAt: ZIsoDateTime.nullable(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  viewsCount: z.number().int(),
  isLiked: z.boolean(),
  isBookmarked: z.boolean(),
  hasAudio: z.boolean(),
  pollChoices: z.array(ZPollChoice),
});
export type Discussion = z.infer<typeof ZDiscussion>;

export const ZDiscussionPage = zPage(ZDiscussion);
export type DiscussionPage = z.infer<typeof ZDiscussionPage>;

export const DISCUSSION_ORDERINGS = ['latest', 'top', 'trending'] as const;

export const SEARCH_QUERY_MAX_LENGTH = 200;
/** `?q=`: words to look for, in web-search syntax (`"a phrase"`, `or`, `-excluded`). */
export const ZSearchText = zSearchWords('Type something to search for.')
  .trim()
  .min(1, 'Type something to search for.')
  .max(
    SEARCH_QUERY_MAX_LENGTH,
    `Keep the search to at most ${SEARCH_QUERY_MAX_LENGTH} characters.`,
  );

/**
 * GET `forums/`: newest first (`latest`), most liked first (`top`) or most active lately
 * (`trending`); `q` keeps the discussions whose title or text match, in the same order.
 */
export const ZDiscussionListQuery = ZPageQuery.extend({
  tag: ZTag.optional(),
  /** A username. */
  author: zText().trim().min(1).max(150).optional(),
  q: ZSearchText.optional(),
  ordering: z.enum(DISCUSSION_ORDERINGS, 'Order by latest, top or trending.').default('latest'),
});
export type DiscussionListQuery = z.input<typeof ZDiscussionListQuery>;

/** `{id}` in a path: `forums/{id}/`, `forums-comment/{id}/`. */
export const ZIdParams = z.object({
  id: z.coerce.number('Use a numeric id.').int('Use a numeric id.').positive('Use a numeric id.'),
});

const ZCommentContent = zText('Write the comment.')
  .min(1, 'Write the comment.')
  .max(
    COMMENT_MAX_LENGTH,
    `Keep the comment to at most ${COMMENT_MAX_LENGTH.toLocaleString('en')} characters.`,
  )
  .refine((value) => value.trim().length > 0, 'Write the comment.');

/** POST `forums-comment/`: a comment on discussion `forum`. */
export const ZCreateComment = z.object({ forum: ZId, content: ZCommentContent });
export type CreateComment = z.infer<typeof ZCreateComment>;

/** POST `forums-sub-comment/`: a reply to top-level comment `comment`. */
export const ZCreateSubComment = z.object({ comment: ZId, content: ZCommentContent });
export type CreateSubComment = z.infer<typeof ZCreateSubComment>;

/** PATCH `forums-comment/{id}/` and `forums-sub-comment/{id}/`. */
export const ZUpdateComment = z.object({ content: ZCommentContent });
export type UpdateComment = z.infer<typeof ZUpdateComment>;

/** GET `forums-comment/?forum=`: a discussion's comments, oldest first. */
export const ZCommentListQuery = ZPageQuery.extend({
  forum: z.coerce.number('Say which discussion.').int().positive('Say which discussion.'),
});
/** GET `forums-sub-comment/?comment=`: a comment's replies, oldest first. */
export const ZSubCommentListQuery = ZPageQuery.extend({
  comment: z.coerce.number('Say which comment.').int().positive('Say which comment.'),
});

export const ZComment = z.object({
  id: ZId,
  forum: ZId,
  /** The comment this replies to; null for a top-level comment. */
  parent: ZId.nullable(),
  /** DELETED_COMMENT_CONTENT once deleted. */
  content: z.string(),
  /** Null once deleted. */
  author: ZAuthor.nullable(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  editedAt: ZIsoDateTime.nullable(),
  likesCount: z.number().int(),
  isLiked: z.boolean(),
  repliesCount: z.number().int(),
  deleted: z.boolean(),
  /** Hidden by reports or staff: others see HIDDEN_COMMENT_CONTENT and no author. */
  hidden: z.boolean(),
});
export type Comment = z.infer<typeof ZComment>;

export const ZCommentPage = zPage(ZComment);
export type CommentPage = z.infer<typeof ZCommentPage>;

/**
 * `comments/`: comments on any kind of content. A comment names its host (`model`, `objectId`)
 * where a discussion's comment names its `forum`.
 */
export const ZContentComment = ZComment.omit({ forum: true }).extend({
  model: ZContentModel,
  objectId: ZId,
});
export type ContentComment = z.infer<typeof ZContentComment>;
export const ZContentCommentPage = zPage(ZContentComment);
export type ContentCommentPage = z.infer<typeof ZContentCommentPage>;

/** POST `comments/`: a comment on `model` `id`, or with `parent` a reply to that comment. */
export const ZCreateContentComment = z
  .object({
    model: ZContentModel.optional(),
    id: ZId.optional(),
    parent: ZId.optional(),
    content: ZCommentContent,
  })
  .superRefine((value, context) => {
    if (value.parent !== undefined) return;
    if (value.model === undefined) {
      context.addIssue({ code: 'custom', path: ['model'], message: 'Say what you comment on.' });
    }
    if (value.id === undefined) {
      context.addIssue({ code: 'custom', path: ['id'], message: 'Say what you comment on.' });
    }
  });
export type CreateContentComment = z.infer<typeof ZCreateContentComment>;

/** GET `comments/?model=&id=` (comments on an object) or `?parent=` (a comment's replies). */
export const ZContentCommentListQuery = ZPageQuery.extend({
  model: ZContentModel.optional(),
  id: z.coerce
    .number('Say what the comments are on.')
    .int()
    .positive('Say what the comments are on.')
    .optional(),
  parent: z.coerce.number('Say which comment.').int().positive('Say which comment.').optional(),
}).superRefine((value, context) => {
  if (value.parent !== undefined) return;
  for (const field of ['model', 'id'] as const) {
    if (value[field] === undefined) {
      context.addIssue({ code: 'custom', path: [field], message: 'Say what the comments are on.' });
    }
  }
});
export type ContentCommentListQuery = z.infer<typeof ZContentCommentListQuery>;

export const LIKE_MODELS = CONTENT_MODELS;
export type LikeModel = ContentModel;

/** POST `like/`: toggles the viewer's like. */
export const ZLike = z.object({
  model: ZContentModel,
  id: ZId,
});
export type Like = z.infer<typeof ZLike>;
export const ZLikeResult = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export type LikeResult = z.infer<typeof ZLikeResult>;

/** POST `forums-bookmark`: toggles the viewer's bookmark. */
export const ZBookmarkToggle = z.object({ forum: ZId });
export type BookmarkToggle = z.infer<typeof ZBookmarkToggle>;
export const ZBookmarkResult = z.object({ bookmarked: z.boolean() });
export type BookmarkResult = z.infer<typeof ZBookmarkResult>;

/** POST `forums-poll-choice/`: votes for `choice`; voting again moves the vote. */
export const ZPollVote = z.object({ choice: ZId });
export type PollVote = z.infer<typeof ZPollVote>;
export const ZPollVoteResult = z.object({ pollChoices: z.array(ZPollChoice) });
export type PollVoteResult = z.infer<typeof ZPollVoteResult>;

/** GET `forums/{id}/related_forums/`: published discussions sharing its tags or its title's words. */
export const ZRelatedDiscussions = z.object({ results: z.array(ZDiscussion) });
export type RelatedDiscussions = z.infer<typeof ZRelatedDiscussions>;

/** What a discussion's audio version is: none yet (or stale), being made, playable, or failed. */
export const DISCUSSION_AUDIO_STATUSES = ['none', 'pending', 'ready', 'failed'] as const;
export type DiscussionAudioStatus = (typeof DISCUSSION_AUDIO_STATUSES)[number];
/** Recorded (or uploaded) by the author, or synthesised from the text. */
export const DISCUSSION_AUDIO_SOURCES = ['recorded', 'synthesised'] as const;
export type DiscussionAudioSource = (typeof DISCUSSION_AUDIO_SOURCES)[number];

/**
 * POST `forums/{id}/generate_audiourl/`: `{audio_id}` attaches one of the author's uploaded
 * audio files; an empty body asks for speech synthesised from the title and text.
 */
export const ZGenerateAudio = z.object({ audio_id: ZId.optional() });
export type GenerateAudio = z.infer<typeof ZGenerateAudio>;

/** GET `forums/{id}/get_audio/`, and the answer to `generate_audiourl/`. */
export const ZDiscussionAudio = z.object({
  status: z.enum(DISCUSSION_AUDIO_STATUSES),
  /** Set when ready. */
  audioUrl: z.string().nullable(),
  /** Known for synthesised speech; null for a recording (the player reads it from the file). */
  durationSeconds: z.number().nonnegative().nullable(),
  /** Null when there is no audio. */
  source: z.enum(DISCUSSION_AUDIO_SOURCES).nullable(),
});
export type DiscussionAudio = z.infer<typeof ZDiscussionAudio>;
