import type { LikeModel } from '@agora/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Viewer } from '../../platform/auth';
import type { ForumsContext } from './forums.context';
import { FORUMS_EVENTS, type LikedEvent } from './forums.events';
import { bookmarks, comments, discussions, isPublished, likes, markOf } from './forums.tables';

interface LikeTarget {
  ownerId: number;
  discussionId: number;
  parentId: number | null;
  title: string;
}

const targetGone = () =>
  AppError.fields({ id: ['This object does not exist or can no longer be liked.'] });

/**
 * Likes or unlikes a published discussion, comment or reply. The unique (member, object) row
 * decides which, and the counter moves in the same transaction by a single UPDATE, so
 * concurrent likes never lose a count.
 */
export async function toggleLike(
  ctx: ForumsContext,
  viewer: Viewer,
  input: { model: LikeModel; id: number },
): Promise<{ liked: boolean; likesCount: number }> {
  const target = await findLikeTarget(ctx.db, input.model, input.id);
  // Replies are comments with a parent: both are liked as 'comment' rows.
  const model = input.model === 'forum' ? 'forum' : 'comment';
  const mine = markOf(likes, viewer.id, model, input.id);
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(likes)
      .values({ userId: viewer.id, model, objectId: input.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: likes.id });
    const removed = added
      ? undefined
      : (await tx.delete(likes).where(mine).returning({ id: likes.id }))[0];
    const delta = added ? 1 : removed ? -1 : 0;
    const likesCount = await addToLikesCount(tx, model, input.id, delta);
    return { liked: added !== undefined, likesCount };
  });
  if (result.liked) {
    await ctx.publish(FORUMS_EVENTS.liked, {
      actorId: viewer.id,
      ownerId: target.ownerId,
      model: input.model,
      objectId: input.id,
      discussionId: target.discussionId,
      parentId: target.parentId,
      title: target.title,
    } satisfies LikedEvent);
  }
  return result;
}

/** Bookmarks or un-bookmarks a published discussion; the unique row decides which. */
export async function toggleBookmark(
  ctx: ForumsContext,
  viewer: Viewer,
  forum: number,
): Promise<{ bookmarked: boolean }> {
  const [discussion] = await ctx.db
    .select({ id: discussions.id })
    .from(discussions)
    .where(and(eq(discussions.id, forum), isPublished));
  if (!discussion) {
    throw AppError.fields({ forum: ['This discussion does not exist or cannot be bookmarked.'] });
  }
  return ctx.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(bookmarks)
      .values({ userId: viewer.id, model: 'forum', objectId: forum, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ id: bookmarks.id });
    if (added) return { bookmarked: true };
    await tx.delete(bookmarks).where(markOf(bookmarks, viewer.id, 'forum', forum));
    return { bookmarked: false };
  });
}

async function findLikeTarget(db: Database, model: LikeModel, id: number): Promise<LikeTarget> {
  if (model === 'forum') {
    const [row] = await db
      .select({
        ownerId: discussions.authorId,
        discussionId: discussions.id,
        parentId: sql<null>`null`,
        title: discussions.title,
      })
      .from(discussions)
      .where(and(eq(discussions.id, id), isPublished));
    if (!row) throw targetGone();
    return row;
  }
  const [row] = await db
    .select({
      ownerId: comments.authorId,
      discussionId: discussions.id,
      parentId: comments.parentId,
      title: discussions.title,
    })
    .from(comments)
    .innerJoin(discussions, eq(discussions.id, comments.discussionId))
    .where(
      and(
        eq(comments.id, id),
        isNull(comments.deletedAt),
        isNull(comments.hiddenAt),
        isPublished,
        model === 'comment' ? isNull(comments.parentId) : sql`${comments.parentId} is not null`,
      ),
    );
  if (!row) throw targetGone();
  return row;
}

/** Moves the object's likesCount by `delta` (a single UPDATE, so concurrent moves add up). */
async function addToLikesCount(
  tx: Database,
  model: 'forum' | 'comment',
  id: number,
  delta: number,
): Promise<number> {
  const table = model === 'forum' ? discussions : comments;
  const [row] = await tx
    .update(table)
    .set({ likesCount: sql`${table.likesCount} + ${delta}` })
    .where(eq(table.id, id))
    .returning({ likesCount: table.likesCount });
  // Deleted while we were liking it: roll the like back too.
  if (!row) throw targetGone();
  return row.likesCount;
}
