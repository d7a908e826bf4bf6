import type { ContentStatus } from '@agora/shared';
import { eq } from 'drizzle-orm';
import { loadInOrder } from './discussions.loader';
import type { Viewer } from '../../platform/auth';
import type { ForumsContext } from './forums.context';
import { discussions, isPublished } from './forums.tables';

/**
 * Discussions that another feature keeps references to (featured posts): their status, the ids
 * members may see in lists, and the discussions themselves in the referring list's order.
 */

/** The discussion's status, or undefined when there is no such discussion. */
export async function discussionStatus(
  ctx: ForumsContext,
  id: number,
): Promise<ContentStatus | undefined> {
  const [row] = await ctx.db
    .select({ status: discussions.status })
    .from(discussions)
    .where(eq(discussions.id, id));
  return row?.status;
}

/** A subquery of the published discussions' ids, for `inArray(column, publishedDiscussionIds(ctx))`. */
export const publishedDiscussionIds = (ctx: ForumsContext) =>
  ctx.db.select({ id: discussions.id }).from(discussions).where(isPublished);

/** These discussions as the viewer sees them, in the order of `ids`, in one query. */
export const loadDiscussions = (ctx: ForumsContext, viewer: Viewer | null, ids: number[]) =>
  loadInOrder(ctx, viewer, ids);
