import { z } from 'zod';
import { ZAuthor, ZDiscussion, ZSearchText } from './forums';
import { zPage, ZPageQuery } from './pagination';
import { zText } from './text';
import { ZPoll } from './polls';
import { ZQuiz } from './quizzes';

/**
 * Common contracts of issue 4 ("Common endpoints", under `/api/common/`): operations that work
 * across kinds of content. The server serves each model through its kind's feed hook; a model
 * here whose kind has none answers 400 naming the model field.
 */

/** Discussions, polls and quizzes: the kinds with a feed. A new one adds its name here. */
export const COMMON_MODELS = ['forum', 'poll', 'quiz'] as const;
export type CommonModel = (typeof COMMON_MODELS)[number];
export const ZCommonModel = z.enum(COMMON_MODELS, 'Choose forum, poll or quiz.');
const ZId = z.number('Send the id as a number.').int().positive('Send a valid id.');

/** GET `tags-list?model_name=forum|poll|quiz`. */
export const ZTagsListQuery = z.object({ model_name: ZCommonModel });
export type TagsListQuery = z.infer<typeof ZTagsListQuery>;

export const ZTagCount = z.object({ name: z.string(), count: z.number().int().nonnegative() });
export type TagCount = z.infer<typeof ZTagCount>;
/** Tags with the number of published objects using them, most used first. */
export const ZTagsList = z.object({ results: z.array(ZTagCount) });
export type TagsList = z.infer<typeof ZTagsList>;

/** POST and DELETE `bookmark/`: the viewer's bookmark of one object. */
export const ZObjectRef = z.object({ model: ZCommonModel, id: ZId });
export type ObjectRef = z.infer<typeof ZObjectRef>;
export const ZBookmarkAdded = z.object({ bookmarked: z.literal(true) });
export type BookmarkAdded = z.infer<typeof ZBookmarkAdded>;

/** POST `archieve/` (sic, as the API names it): the author archives their object. */
export const ZArchiveResult = z.object({ id: ZId, status: z.literal('archived') });
export type ArchiveResult = z.infer<typeof ZArchiveResult>;

/** How many hits each group of a search holds at most. */
export const SEARCH_RESULTS_MAX = 20;

/** GET `fetchdata/?q=` and `userdata/?q=`. */
export const ZSearchQuery = z.object({ q: ZSearchText });
export type SearchQuery = z.infer<typeof ZSearchQuery>;

/**
 * A piece of a search snippet: plain text, never markup (the text is members' Markdown); the
 * words that matched the search are `highlighted`.
 */
export const ZSnippetPart = z.object({ text: z.string(), highlighted: z.boolean() });
export type SnippetPart = z.infer<typeof ZSnippetPart>;
const ZSnippet = z.array(ZSnippetPart);

const ZIsoDateTime = z.iso.datetime({ offset: true });

/** A published discussion, poll or quiz matching a search; `title` is a poll's or quiz's question. */
export const ZContentHit = z.object({
  id: ZId,
  title: z.string(),
  tags: z.array(z.string()),
  author: ZAuthor,
  createdAt: ZIsoDateTime,
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  /** Passages of the text around the matching words (a quiz's question: never its explanation). */
  snippet: ZSnippet,
});
export type ContentHit = z.infer<typeof ZContentHit>;

export const ZCommentHit = z.object({
  id: ZId,
  /** The discussion the comment belongs to. */
  forum: ZId,
  forumTitle: z.string(),
  /** The comment it replies to; null for a top-level comment. */
  parent: ZId.nullable(),
  author: ZAuthor,
  createdAt: ZIsoDateTime,
  snippet: ZSnippet,
});
export type CommentHit = z.infer<typeof ZCommentHit>;

/**
 * Published discussions, their visible comments, polls and quizzes matching the search, best
 * match first in each group.
 */
export const ZContentSearchResults = z.object({
  discussions: z.array(ZContentHit),
  comments: z.array(ZCommentHit),
  polls: z.array(ZContentHit),
  quizzes: z.array(ZContentHit),
});
export type ContentSearchResults = z.infer<typeof ZContentSearchResults>;

export const ZMemberHit = z.object({
  id: ZId,
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
});
export type MemberHit = z.infer<typeof ZMemberHit>;

/** Members whose username or name matches: exact, then prefix, then similar spellings. */
export const ZMemberSearchResults = z.object({ results: z.array(ZMemberHit) });
export type MemberSearchResults = z.infer<typeof ZMemberSearchResults>;

/**
 * An object in `featured-post/` and `trending-post/`: the shape of its kind's own detail, a
 * `Discussion` for `forum`, a `Poll` for `poll`, a `Quiz` for `quiz`. A page holds one kind.
 */
export const ZFeedItem = z.union([ZDiscussion, ZPoll, ZQuiz]);
export type FeedItem = z.infer<typeof ZFeedItem>;
export const ZFeedPage = zPage(ZFeedItem);
export type FeedPage = z.infer<typeof ZFeedPage>;

/**
 * GET `trending-post/?model_type=forum|poll|quiz` (forum when absent): a page of one kind's most
 * active recent content, as its own trending list ranks it.
 */
export const ZTrendingQuery = ZPageQuery.extend({
  model_type: ZCommonModel.default('forum'),
});
export type TrendingQuery = z.input<typeof ZTrendingQuery>;

/** GET `activity-counts/?author=`: a member by username. */
export const ZActivityCountsQuery = z.object({
  author: zText('Say whose activity to count.')
    .trim()
    .min(1, 'Say whose activity to count.')
    .max(150, 'Keep the username to at most 150 characters.'),
});
export type ActivityCountsQuery = z.input<typeof ZActivityCountsQuery>;

const ZCount = z.number().int().nonnegative();

/**
 * How many items each tab of a member's profile lists: their published discussions, polls and
 * quizzes (`?author=` of each list), the comments `comments/by_author/` lists, and their albums
 * that everyone sees (`albums/?author=`; hidden ones are listed to their author alone). All zero
 * for nobody by that name, as those lists are empty.
 */
export const ZActivityCounts = z.object({
  discussions: ZCount,
  comments: ZCount,
  polls: ZCount,
  quizzes: ZCount,
  albums: ZCount,
});
export type ActivityCounts = z.infer<typeof ZActivityCounts>;

/** One ISO 3166-1 country: its alpha-2 code and English name. */
export const ZCountry = z.object({ code: z.string().length(2), name: z.string() });
export type Country = z.infer<typeof ZCountry>;

/** GET `countries-list`: every country, by name. */
export const ZCountriesList = z.object({ results: z.array(ZCountry) });
export type CountriesList = z.infer<typeof ZCountriesList>;

/** A query-string number of degrees; an empty value is refused rather than read as 0. */
const coordinate = (field: string, limit: number) => {
  const asNumber = `Send the ${field} as a number of degrees.`;
  const inRange = `Send a ${field} between -${limit} and ${limit}.`;
  return zText(asNumber)
    .trim()
    .min(1, asNumber)
    .pipe(z.coerce.number<string>(asNumber).min(-limit, inRange).max(limit, inRange));
};

/** GET `reverse-geocode?lat=&lng=`. */
export const ZReverseGeocodeQuery = z.object({
  lat: coordinate('latitude', 90),
  lng: coordinate('longitude', 180),
});
export type ReverseGeocodeQuery = z.infer<typeof ZReverseGeocodeQuery>;

/** The nearest named place; each part is null where the data has none (the open sea). */
export const ZReverseGeocode = z.object({
  city: z.string().nullable(),
  region: z.string().nullable(),
  /** The country's name as `countries-list` gives it, so it fits the profile's country field. */
  country: z.string().nullable(),
  countryCode: z.string().length(2).nullable(),
});
export type ReverseGeocode = z.infer<typeof ZReverseGeocode>;
