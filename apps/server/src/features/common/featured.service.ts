import type { FeaturedModel, FeaturedStatus, FeedPage, PageQuery } from '@agora/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import type { ContentCleaner, ContentContext } from '../../platform/content';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { fetchLimit, integerKey, keyset, timestampKey } from '../../platform/pagination';
import { recordStaffAction } from '../moderation';
import { featuredPosts } from './common.tables';
import { feedOf } from './feeds';

/** Newest featured first; the object id breaks ties. */
const newestFeatured = keyset({
  createdAt: timestampKey(featuredPosts.createdAt),
  objectId: integerKey(featuredPosts.objectId),
});

const FEATURE_REFUSAL = 'This kind of content cannot be featured.';

/**
 * The published objects of `model` staff featured, newest featured first, each in its kind's
 * own shape. One that was since hidden, archived or deleted drops out of the list (and comes
 * back if it is published again).
 */
export async function listFeatured(
  ctx: ContentContext,
  viewer: Viewer | null,
  model: FeaturedModel,
  page: PageQuery,
): Promise<FeedPage> {
  const feed = feedOf(ctx.content, model, FEATURE_REFUSAL, 'model_type');
  const rows = await ctx.db
    .select({ objectId: featuredPosts.objectId, createdAt: featuredPosts.createdAt })
    .from(featuredPosts)
    .where(
      and(
        eq(featuredPosts.model, model),
        inArray(featuredPosts.objectId, feed.publishedIds(ctx.db)),
        newestFeatured.afterCursor(page.cursor),
      ),
    )
    .orderBy(...newestFeatured.orderBy)
    .limit(fetchLimit(page.limit));
  const { rows: pageRows, next } = newestFeatured.page(rows, page.limit, (row) => row);
  const ids = pageRows.map((row) => row.objectId);
  return { results: await feed.present(ctx, viewer, ids), next };
}

type Featurable = { model: FeaturedModel; id: number };

const featuredRow = ({ model, id }: Featurable) =>
  and(eq(featuredPosts.model, model), eq(featuredPosts.objectId, id));

/** Whether staff featured this object, and when. */
export async function featuredStatus(
  ctx: ContentContext,
  target: Featurable,
): Promise<FeaturedStatus> {
  feedOf(ctx.content, target.model, FEATURE_REFUSAL);
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
  feedOf(ctx.content, target.model, FEATURE_REFUSAL);
  const kind = ctx.content.kind(target.model);
  if (!(await kind.findLive(ctx.db, target.id))) {
    throw AppError.fields({
      id: [`This ${kind.noun} does not exist or is not published, so it cannot be featured.`],
    });
  }
  await ctx.db.transaction(async (tx) => {
    const added = await tx
      .insert(featuredPosts)
      .values({
        model: target.model,
        objectId: target.id,
        featuredById: staff.id,
        createdAt: ctx.now(),
      })
      .onConflictDoNothing()
      .returning({ id: featuredPosts.objectId });
    if (added.length > 0) await audit(ctx, tx, staff, target, 'featured');
  });
  return featuredStatus(ctx, target);
}

/** The audit entry of a featuring: who featured what. */
async function audit(
  ctx: ContentContext,
  tx: Database,
  staff: Viewer,
  target: Featurable,
  action: 'featured' | 'unfeatured',
): Promise<void> {
  const summary = (await ctx.content.kind(target.model).summarise(tx, [target.id])).get(target.id);
  await recordStaffAction(tx, {
    actorId: staff.id,
    action,
    memberId: summary?.authorId ?? null,
    model: target.model,
    objectId: target.id,
    summary: summary?.title ?? 'Deleted content',
    url: summary ? ctx.content.path(summary.ref) : null,
    at: ctx.now(),
  });
}

/** Staff stop featuring an object; unfeaturing one that is not featured changes nothing. */
export async function unfeature(
  ctx: ContentContext,
  staff: Viewer,
  target: Featurable,
): Promise<void> {
  feedOf(ctx.content, target.model, FEATURE_REFUSAL);
  const removed = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(featuredPosts)
      .where(featuredRow(target))
      .returning({ id: featuredPosts.objectId });
    if (rows.length > 0) await audit(ctx, tx, staff, target, 'unfeatured');
    return rows;
  });
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
