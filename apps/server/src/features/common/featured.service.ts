import type { Viewer } from '../../platform/auth';
import type { FeaturedModel, FeaturedStatus, PageQuery } from '@agora/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { ContentCleaner, ContentContext } from '../../platform/content';
import { AppError } from '../../platform/errors';
import { fetchLimit, integerKey, keyset, type Page, timestampKey } from '../../platform/pagination';
import {
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

type Featurable = { model: FeaturedModel; id: number };

const featuredRow = ({ model, id }: Featurable) =>
  and(eq(featuredPosts.model, model), eq(featuredPosts.objectId, id));

/** Whether staff featured this object, and when. */
export async function featuredStatus(
  ctx: ContentContext,
  target: Featurable,
): Promise<FeaturedStatus> {
  const [row] = await ctx.db
    .select({ createdAt: featuredPosts.createdAt })
    .from(featuredPosts)
    .where(featuredRow(target));
  return {
    ...target,
    featured: row !== undefined,
    featuredAt: row?.createdAt.toISOString() ?? null,
  };
}

/** Staff feature an object members can see; featuring it again keeps the first date. */
export async function feature(
  ctx: ContentContext,
  staff: Viewer,
  target: Featurable,
): Promise<FeaturedStatus> {
  const kind = ctx.content.kind(target.model);
  if (!(await kind.findLive(ctx.db, target.id))) {
    throw AppError.fields({
      id: [`This ${kind.noun} does not exist or is not published, so it cannot be featured.`],
    });
  }
  await ctx.db
    .insert(featuredPosts)
    .values({
      model: target.model,
      objectId: target.id,
      featuredById: staff.id,
      createdAt: ctx.now(),
    })
    .onConflictDoNothing();
  return featuredStatus(ctx, target);
}

/** Staff stop featuring an object; unfeaturing one that is not featured changes nothing. */
export async function unfeature(ctx: ContentContext, target: Featurable): Promise<void> {
  const removed = await ctx.db
    .delete(featuredPosts)
    .where(featuredRow(target))
    .returning({ id: featuredPosts.objectId });
  if (removed.length > 0) return;
  const kind = ctx.content.kind(target.model);
  const exists = (await kind.summarise(ctx.db, [target.id])).has(target.id);
  if (!exists) throw AppError.fields({ id: [`This ${kind.noun} does not exist.`] });
}

/** A deleted object is featured no more. */
export const cleanFeatured: ContentCleaner = async (tx, { kind, ids }) => {
  await tx
    .delete(featuredPosts)
    .where(and(eq(featuredPosts.model, kind.model), inArray(featuredPosts.objectId, ids)));
};
