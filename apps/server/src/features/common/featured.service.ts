import type { Viewer } from '../../platform/auth';
import type { FeaturedStatus, PageQuery } from '@agora/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { ContentCleaner } from '../../platform/content';
import { AppError } from '../../platform/errors';
import { fetchLimit, integerKey, keyset, type Page, timestampKey } from '../../platform/pagination';
import {
  discussionStatus,
  loadDiscussions,
  publishedDiscussionIds,
  type DiscussionView,
  type ForumsContext,
} from '../forums';
import { featuredPosts } from './common.tables';

/** Newest featured first; the object id breaks ties. */
const newestFeatured = keyset({
  createdAt: timestampKey(featuredPosts.createdAt),
  objectId: integerKey(featuredPosts.objectId),
});

const isForum = eq(featuredPosts.model, 'forum');
const featuredRow = (id: number) => and(isForum, eq(featuredPosts.objectId, id));

/**
 * The published discussions staff featured, newest featured first. A discussion that was since
 * hidden, archived or deleted drops out of the list (and comes back if it is published again).
 */
export async function listFeatured(
  ctx: ForumsContext,
  viewer: Viewer | null,
  page: PageQuery,
): Promise<Page<DiscussionView>> {
  const rows = await ctx.db
    .select({ objectId: featuredPosts.objectId, createdAt: featuredPosts.createdAt })
    .from(featuredPosts)
    .where(
      and(
        isForum,
        inArray(featuredPosts.objectId, publishedDiscussionIds(ctx)),
        newestFeatured.afterCursor(page.cursor),
      ),
    )
    .orderBy(...newestFeatured.orderBy)
    .limit(fetchLimit(page.limit));
  const { rows: pageRows, next } = newestFeatured.page(rows, page.limit, (row) => row);
  const views = await loadDiscussions(
    ctx,
    viewer,
    pageRows.map((row) => row.objectId),
  );
  return { rows: views, next };
}

/** Whether staff featured this discussion, and when. */
export async function featuredStatus(ctx: ForumsContext, id: number): Promise<FeaturedStatus> {
  const [row] = await ctx.db
    .select({ createdAt: featuredPosts.createdAt })
    .from(featuredPosts)
    .where(featuredRow(id));
  return {
    model: 'forum',
    id,
    featured: row !== undefined,
    featuredAt: row?.createdAt.toISOString() ?? null,
  };
}

/** Staff feature a published discussion; featuring it again keeps the first date. */
export async function feature(
  ctx: ForumsContext,
  staff: Viewer,
  id: number,
): Promise<FeaturedStatus> {
  if ((await discussionStatus(ctx, id)) !== 'published') {
    throw AppError.fields({
      id: ['This discussion does not exist or is not published, so it cannot be featured.'],
    });
  }
  await ctx.db
    .insert(featuredPosts)
    .values({ model: 'forum', objectId: id, featuredById: staff.id, createdAt: ctx.now() })
    .onConflictDoNothing();
  return featuredStatus(ctx, id);
}

/** Staff stop featuring a discussion; unfeaturing one that is not featured changes nothing. */
export async function unfeature(ctx: ForumsContext, id: number): Promise<void> {
  const removed = await ctx.db
    .delete(featuredPosts)
    .where(featuredRow(id))
    .returning({ id: featuredPosts.objectId });
  if (removed.length === 0 && (await discussionStatus(ctx, id)) === undefined) {
    throw AppError.fields({ id: ['This discussion does not exist.'] });
  }
}

/** A deleted object is featured no more. */
export const cleanFeatured: ContentCleaner = async (tx, { kind, ids }) => {
  await tx
    .delete(featuredPosts)
    .where(and(eq(featuredPosts.model, kind.model), inArray(featuredPosts.objectId, ids)));
};
