import type { FeedItem, PageQuery, TagCount } from '@agora/shared';
import type { SQLWrapper } from 'drizzle-orm';
import type { Viewer } from '../auth';
import type { Database } from '../db';
import type { PresentedPage } from '../pagination';
import type { ContentContext } from './content.context';

/**
 * A published object matching a search, for `/api/common/fetchdata/`. The common module looks
 * the authors of every group up at once and turns `headline` into snippet parts.
 */
export interface FeedHit {
  id: number;
  /** What its card is titled with (a discussion's title, a poll's or quiz's question). */
  title: string;
  /** Its tag names, as its own list shows them. */
  tags: string[];
  authorId: number;
  createdAt: Date;
  likesCount: number;
  commentsCount: number;
  /**
   * `headline(text, q)` (`platform/content/search.ts`) of the text everyone may read in its
   * list: never a hidden part (a quiz's explanation or correct answers).
   */
  headline: string;
}

/**
 * What `/api/common/` needs of a kind that appears in feeds (tags, featured, trending, search,
 * archive, bookmarks). A kind without it is refused there with a 400 naming `model`
 * ("This kind of content has no feed."). "Published" below means what the kind's own public
 * list shows: published, neither draft, archived, hidden nor deleted.
 */
export interface ContentFeed {
  /**
   * Every tag of its published objects with how many use it: most used first, then by name
   * (ascending). Tags are the lower-cased names its objects store. `countTagNames` in
   * `platform/content/feed.ts` does it for a `text[]` column in one query.
   */
  tagCounts(db: Database): Promise<TagCount[]>;

  /**
   * The author archives their object (`archieve/`): it leaves every list, its page still shows
   * it, marked archived. In one transaction, its row locked `for('update')`:
   * - throws `AppError.fields({ id: ['This <noun> does not exist or is not visible to you.'] })`
   *   (400 naming `id`, as archiving a discussion does) when it does not exist or the viewer may
   *   not see it (`isVisibleTo`);
   * - throws `new AppError('forbidden', 'Only the author can archive this <noun>.')` when the
   *   viewer is not its author, and `new AppError('forbidden', 'This <noun> is hidden and
   *   cannot be archived.')` when staff or reports hid it;
   * - returns without a change when it is archived already (idempotent);
   * - otherwise sets it archived and its `updatedAt` to `ctx.now()`.
   * Archiving a draft archives it too.
   */
  archive(ctx: ContentContext, viewer: Viewer, id: number): Promise<void>;

  /**
   * Up to `limit` published objects matching `q`, best match first. Use `topMatches` and
   * `headline` from `platform/content/search.ts` over its `search_vector` column: a bounded
   * number of rows is ranked at any size, and only the page's headlines are built.
   */
  search(db: Database, q: string, limit: number): Promise<FeedHit[]>;

  /**
   * How many published objects the member `authorId` wrote: as many as its public list's
   * `?author=` pages through. `countAuthored` in `platform/content/feed.ts` does it in one
   * query over the kind's author index.
   */
  authoredCount(db: Database, authorId: number): Promise<number>;

  /**
   * A subquery selecting one column, the ids of its published objects
   * (`db.select({ id: t.id }).from(t).where(published)`), for
   * `inArray(featuredPosts.objectId, publishedIds(db))`: the featured list pages over published
   * objects only, so a hidden one neither shows nor shortens a page.
   */
  publishedIds(db: Database): SQLWrapper;

  /**
   * Its published objects among `ids`, in the order of `ids` (missing ones dropped), each in
   * the API shape its own detail answers for this viewer (`Discussion`, `Poll`, `Quiz`: with
   * `isLiked`, `isBookmarked` and nothing the viewer may not see yet). A fixed number of
   * queries whatever the ids. Serves `featured-post/?model_type=`.
   */
  present(ctx: ContentContext, viewer: Viewer | null, ids: number[]): Promise<FeedItem[]>;

  /**
   * One page of its trending published objects, as its own trending list answers it
   * (`trending_polls/` without a tag): serves `trending-post/?model_type=`. `page.cursor` is
   * one this method made; a foreign one answers 400 naming `cursor`.
   */
  trending(
    ctx: ContentContext,
    viewer: Viewer | null,
    page: PageQuery,
  ): Promise<PresentedPage<FeedItem>>;
}
