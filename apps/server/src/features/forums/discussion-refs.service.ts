import { loadInOrder } from './discussions.loader';
import type { Viewer } from '../../platform/auth';
import type { ForumsContext } from './forums.context';
import { discussions, isPublished } from './forums.tables';

/**
 * Discussions that another feature keeps references to (featured posts): the ids
 * members may see in lists, and the discussions themselves in the referring list's order.
 */

/** A subquery of the published discussions' ids, for `inArray(column, publishedDiscussionIds(ctx))`. */
export const publishedDiscussionIds = (ctx: ForumsContext) =>
  ctx.db.select({ id: discussions.id }).from(discussions).where(isPublished);

/** These discussions as the viewer sees them, in the order of `ids`, in one query. */
export const loadDiscussions = (ctx: ForumsContext, viewer: Viewer | null, ids: number[]) =>
  loadInOrder(ctx, viewer, ids);
