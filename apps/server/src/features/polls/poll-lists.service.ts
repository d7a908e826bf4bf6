import type { PageQuery } from '@agora/shared';
import { and, eq, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import { searchQuery, type ContentContext } from '../../platform/content';
import {
  fetchLimit,
  integerKey,
  keyset,
  pageSize,
  timestampKey,
  type Page,
} from '../../platform/pagination';
import { comments } from '../comments';
import { bookmarks, likes, markedBy } from '../reactions';
import { findUserIdByUsername } from '../users';
import {
  loadPollsInOrder,
  readPrepared,
  selectPolls,
  toPollViews,
  type PollView,
} from './poll-posts.loader';
import { isPollPublished } from './poll-rules';
import { listTrendingPolls } from './poll-trending.service';
import { pollPosts, polls } from './polls.tables';

/**
 * Newest first (`poll_posts_latest_idx`); `top` puts the most voters first
 * (`polls_post_top_idx`, hence the `model = 'poll'` condition that index is partial on). Both
 * end in the unique id. A vote between two pages of `top` can move a poll across the cursor:
 * the nature of a live ranking; `latest` never repeats or skips.
 */
const latest = keyset({
  createdAt: timestampKey(pollPosts.createdAt),
  id: integerKey(pollPosts.id),
});
const top = keyset({
  votersCount: integerKey(polls.votersCount),
  id: integerKey(polls.id),
});
const isPollPost = sql`${polls.model} = 'poll'`;

/** A row's place in either order. */
interface PollKey {
  createdAt: Date;
  votersCount: number;
  id: number;
}
const keyOf = (item: {
  row: { id: number; createdAt: Date };
  poll: { votersCount: number };
}): PollKey => ({
  createdAt: item.row.createdAt,
  votersCount: item.poll.votersCount,
  id: item.row.id,
});

export interface PollFilter extends PageQuery {
  tag?: string;
  /** A username. */
  author?: string;
  /** Full-text search of the question and description. */
  q?: string;
  ordering: 'latest' | 'top' | 'trending';
}

/** The question or description matches `q`, read as a web search. */
const pollMatches = (q: SQLWrapper | string): SQL =>
  sql`${pollPosts.searchVector} @@ ${searchQuery(q)}`;

/** The poll carries the tag (`poll_posts_tags_idx`). */
const pollTagged = (tag: string): SQL => sql`${pollPosts.tagNames} @> array[${tag}]::text[]`;

/** The public feed: published polls, optionally of one tag or one author, or matching `q`. */
export async function listPolls(
  ctx: ContentContext,
  viewer: Viewer | null,
  filter: PollFilter,
): Promise<Page<PollView>> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.tag) conditions.push(pollTagged(filter.tag));
  if (filter.author) {
    const authorId = await findUserIdByUsername(ctx.db, filter.author);
    if (authorId === undefined) return { rows: [], next: null };
    conditions.push(eq(pollPosts.authorId, authorId));
  }
  if (filter.q) conditions.push(pollMatches(filter.q));
  if (filter.ordering === 'trending') {
    // Most trending requests are the feed or one tag's: those rankings are shared and held.
    const shared = filter.author || filter.q ? null : filter.tag ? `tag:${filter.tag}` : '';
    return listTrendingPolls(ctx, viewer, { where: and(...conditions), shared }, filter);
  }
  const order = filter.ordering === 'top' ? top : latest;
  if (conditions.length === 0 && filter.cursor === undefined) {
    return firstFeedPage(ctx, viewer, filter.ordering, filter.limit);
  }
  // How many polls a tag, an author or a word matches varies too much for one reusable plan.
  return pollPage(ctx, viewer, order, and(isPollPublished, ...conditions), filter, true);
}

/** `trending_polls/`: the trending polls, optionally of one tag. */
export const listTrending = (
  ctx: ContentContext,
  viewer: Viewer | null,
  query: PageQuery & { tag?: string },
) =>
  listTrendingPolls(
    ctx,
    viewer,
    query.tag
      ? { where: pollTagged(query.tag), shared: `tag:${query.tag}` }
      : { where: undefined, shared: '' },
    query,
  );

/** The feed's first page, which most requests ask for: a statement built once per size. */
async function firstFeedPage(
  ctx: ContentContext,
  viewer: Viewer | null,
  ordering: 'latest' | 'top',
  limit: number | undefined,
): Promise<Page<PollView>> {
  const order = ordering === 'top' ? top : latest;
  const where = ordering === 'top' ? and(isPollPublished, isPollPost) : isPollPublished;
  const rows = await readPrepared(ctx, viewer, `feed_${ordering}_${pageSize(limit)}`, (select) =>
    select
      .where(where)
      .orderBy(...order.orderBy)
      .limit(fetchLimit(limit)),
  );
  const page = order.page(rows, limit, keyOf);
  return { rows: toPollViews(ctx, page.rows), next: page.next };
}

/**
 * One page of the polls matching `where`, in `order`, with their related data.
 *
 * `selective`: how many rows `where` keeps depends on its values (a word, a tag, a member's
 * likes). A plan reused for every value would walk the whole sort index when few rows match, so
 * the page's ids come from a small statement planned for its values, and the rows from the
 * statement prepared once for any ids.
 */
async function pollPage(
  ctx: ContentContext,
  viewer: Viewer | null,
  order: typeof latest | typeof top,
  where: SQL | undefined,
  page: PageQuery,
  selective: boolean,
): Promise<Page<PollView>> {
  const conditions = and(
    where,
    order === top ? isPollPost : undefined,
    order.afterCursor(page.cursor),
  );
  if (selective) {
    const keys = await ctx.db
      .select({ id: pollPosts.id, createdAt: pollPosts.createdAt, votersCount: polls.votersCount })
      .from(pollPosts)
      .innerJoin(polls, eq(polls.id, pollPosts.id))
      .where(conditions)
      .orderBy(...order.orderBy)
      // A parameter, unlike `fetchLimit`: a plan made for one word or tag is not reused.
      .limit(pageSize(page.limit) + 1);
    const { rows, next } = order.page(keys, page.limit, (key) => key);
    const ids = rows.map((key) => key.id);
    return { rows: await loadPollsInOrder(ctx, viewer, ids, true), next };
  }
  const rows = await selectPolls(ctx, viewer)
    .where(conditions)
    .orderBy(...order.orderBy)
    .limit(fetchLimit(page.limit));
  const { rows: pageRows, next } = order.page(rows, page.limit, keyOf);
  return { rows: toPollViews(ctx, pageRows), next };
}

/** Published polls whose ids the subquery selects (the viewer's likes, bookmarks, comments). */
const publishedAmong = (ids: SQLWrapper) => and(isPollPublished, sql`${pollPosts.id} in (${ids})`);

/** The viewer's own polls, drafts included. */
export const listPostedBy = (ctx: ContentContext, viewer: Viewer, page: PageQuery) =>
  pollPage(
    ctx,
    viewer,
    latest,
    and(eq(pollPosts.authorId, viewer.id), or(isPollPublished, eq(pollPosts.status, 'draft'))),
    page,
    false,
  );

/** Published polls the viewer bookmarked. */
export const listBookmarkedBy = (ctx: ContentContext, viewer: Viewer, page: PageQuery) =>
  pollPage(
    ctx,
    viewer,
    latest,
    publishedAmong(markedBy(ctx.db, bookmarks, viewer.id, 'poll')),
    page,
    true,
  );

/** Published polls the viewer liked. */
export const listLikedBy = (ctx: ContentContext, viewer: Viewer, page: PageQuery) =>
  pollPage(
    ctx,
    viewer,
    latest,
    publishedAmong(markedBy(ctx.db, likes, viewer.id, 'poll')),
    page,
    true,
  );

/** Published polls the viewer commented on or replied under. */
export const listCommentedBy = (ctx: ContentContext, viewer: Viewer, page: PageQuery) =>
  pollPage(
    ctx,
    viewer,
    latest,
    publishedAmong(
      ctx.db
        .select({ id: comments.objectId })
        .from(comments)
        .where(
          and(
            eq(comments.authorId, viewer.id),
            eq(comments.model, 'poll'),
            isNull(comments.deletedAt),
          ),
        ),
    ),
    page,
    true,
  );
