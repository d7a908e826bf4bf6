import type { PageQuery } from '@agora/shared';
import { and, eq, inArray, isNull, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import { fetchLimit, integerKey, keyset, type Page, timestampKey } from '../../platform/pagination';
import { findUserIdByUsername } from '../users';
import { selectDiscussions, toDiscussionView, type DiscussionView } from './discussions.loader';
import type { ForumsContext, Viewer } from './forums.context';
import {
  bookmarks,
  comments,
  discussions,
  discussionTags,
  isPublished,
  likes,
  tags,
} from './forums.tables';
import { discussionMatches } from './search.service';
import { listTrending } from './trending.service';

/**
 * Newest first; `top` puts the most liked first. Both end in the unique id. A like between two
 * pages of `top` can move a discussion across the cursor (shown twice or not at all): that is
 * the nature of a live ranking; `latest` never repeats or skips.
 */
const latest = keyset({
  createdAt: timestampKey(discussions.createdAt),
  id: integerKey(discussions.id),
});
const top = keyset({
  likesCount: integerKey(discussions.likesCount),
  createdAt: timestampKey(discussions.createdAt),
  id: integerKey(discussions.id),
});

export interface DiscussionFilter extends PageQuery {
  tag?: string;
  /** A username. */
  author?: string;
  /** Full-text search of the title and text. */
  q?: string;
  ordering: 'latest' | 'top' | 'trending';
}

/** The public feed: published discussions, optionally of one tag or one author, or matching `q`. */
export async function listDiscussions(
  ctx: ForumsContext,
  viewer: Viewer | null,
  filter: DiscussionFilter,
): Promise<Page<DiscussionView>> {
  const conditions: (SQL | undefined)[] = [isPublished];
  if (filter.tag) {
    conditions.push(
      inArray(
        discussions.id,
        ctx.db
          .select({ id: discussionTags.discussionId })
          .from(discussionTags)
          .innerJoin(tags, eq(tags.id, discussionTags.tagId))
          .where(eq(tags.name, filter.tag)),
      ),
    );
  }
  if (filter.author) {
    const authorId = await findUserIdByUsername(ctx.db, filter.author);
    if (authorId === undefined) return { rows: [], next: null };
    conditions.push(eq(discussions.authorId, authorId));
  }
  if (filter.q) conditions.push(discussionMatches(filter.q));
  if (filter.ordering === 'trending') return listTrending(ctx, viewer, and(...conditions), filter);
  const order = filter.ordering === 'top' ? top : latest;
  return discussionPage(ctx, viewer, order, and(...conditions), filter);
}

/** Published discussions whose ids the subquery selects (the viewer's likes, bookmarks, comments). */
const publishedAmong = (ids: SQLWrapper) => and(isPublished, inArray(discussions.id, ids));

/** The viewer's own discussions, drafts included. */
export const listPostedBy = (ctx: ForumsContext, viewer: Viewer, page: PageQuery) =>
  discussionPage(
    ctx,
    viewer,
    latest,
    and(eq(discussions.authorId, viewer.id), or(isPublished, eq(discussions.status, 'draft'))),
    page,
  );

/** Published discussions the viewer bookmarked. */
export const listBookmarkedBy = (ctx: ForumsContext, viewer: Viewer, page: PageQuery) =>
  discussionPage(
    ctx,
    viewer,
    latest,
    publishedAmong(
      ctx.db
        .select({ id: bookmarks.objectId })
        .from(bookmarks)
        .where(and(eq(bookmarks.userId, viewer.id), eq(bookmarks.model, 'forum'))),
    ),
    page,
  );

/** Published discussions the viewer liked. */
export const listLikedBy = (ctx: ForumsContext, viewer: Viewer, page: PageQuery) =>
  discussionPage(
    ctx,
    viewer,
    latest,
    publishedAmong(
      ctx.db
        .select({ id: likes.objectId })
        .from(likes)
        .where(and(eq(likes.userId, viewer.id), eq(likes.model, 'forum'))),
    ),
    page,
  );

/** Published discussions the viewer commented on or replied in. */
export const listCommentedBy = (ctx: ForumsContext, viewer: Viewer, page: PageQuery) =>
  discussionPage(
    ctx,
    viewer,
    latest,
    publishedAmong(
      ctx.db
        .select({ id: comments.discussionId })
        .from(comments)
        .where(and(eq(comments.authorId, viewer.id), isNull(comments.deletedAt))),
    ),
    page,
  );

/** One page of the discussions matching `where`, in `order`, with their related data. */
async function discussionPage(
  ctx: ForumsContext,
  viewer: Viewer | null,
  order: typeof latest | typeof top,
  where: SQL | undefined,
  page: PageQuery,
): Promise<Page<DiscussionView>> {
  const rows = await selectDiscussions(ctx, viewer)
    .where(and(where, order.afterCursor(page.cursor)))
    .orderBy(...order.orderBy)
    .limit(fetchLimit(page.limit));
  // Every part of either sort key is a column of the discussion row itself.
  const { rows: pageRows, next } = order.page(rows, page.limit, ({ row }) => row);
  return { rows: pageRows.map((item) => toDiscussionView(ctx, item)), next };
}
