import { and, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import {
  CONTENT_EVENTS,
  type ContentCleaner,
  type ContentContext,
  type ContentKind,
  type CountsChangedEvent,
  type LikedEvent,
} from '../../platform/content';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { bookmarks, likes, markOf, type Marks } from './reactions.tables';

const likeTargetGone = () =>
  AppError.fields({ id: ['This object does not exist or can no longer be liked.'] });

/**
 * Likes or unlikes an object members can see. The unique (member, object) row decides which,
 * and the kind's counter moves in the same transaction by a single UPDATE, so concurrent likes
 * never lose a count.
 */
export async function toggleLike(
  ctx: ContentContext,
  viewer: Viewer,
  input: { model: string; id: number },
): Promise<{ liked: boolean; likesCount: number }> {
  const kind = ctx.content.kind(input.model);
  const { addLikes } = kind;
  if (!addLikes) throw AppError.fields({ model: ['This kind of content cannot be liked.'] });
  const target = await kind.findLive(ctx.db, input.id);
  if (!target) throw likeTargetGone();
  const model = ctx.content.markModel(input.model);
  const now = ctx.now();
  return ctx.events.transaction(async (tx, events) => {
    const [added] = await tx
      .insert(likes)
      .values({ userId: viewer.id, model, objectId: input.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: likes.id });
    const removed = added
      ? undefined
      : (
          await tx
            .delete(likes)
            .where(markOf(likes, viewer.id, model, input.id))
            .returning({ id: likes.id })
        )[0];
    const delta = added ? 1 : removed ? -1 : 0;
    const likesCount = await addLikes(tx, input.id, delta);
    // Deleted while we were liking it: roll the like back too.
    if (likesCount === undefined) throw likeTargetGone();
    if (added) {
      events.add(CONTENT_EVENTS.liked, {
        actorId: viewer.id,
        ownerId: target.ownerId,
        target: target.ref,
        title: target.title,
      } satisfies LikedEvent);
    } else if (removed) {
      // An unlike tells nobody, but pages showing the count must see it drop.
      events.add(CONTENT_EVENTS.countsChanged, {
        target: { model: target.ref.model, id: target.ref.id },
      } satisfies CountsChangedEvent);
    }
    return { liked: added !== undefined, likesCount };
  });
}

/** The error for an object that cannot take a bookmark, on the request's `field`. */
const cannotBookmark = (kind: ContentKind, field: string) =>
  AppError.fields({ [field]: [`This ${kind.noun} does not exist or cannot be bookmarked.`] });

async function requireLive(ctx: ContentContext, kind: ContentKind, id: number, field: string) {
  if (!(await kind.findLive(ctx.db, id))) throw cannotBookmark(kind, field);
}

/** Bookmarks or un-bookmarks an object members can see; the unique row decides which. */
export async function toggleBookmark(
  ctx: ContentContext,
  viewer: Viewer,
  input: { model: string; id: number; field: string },
): Promise<{ bookmarked: boolean }> {
  const kind = ctx.content.kind(input.model);
  await requireLive(ctx, kind, input.id, input.field);
  const model = ctx.content.markModel(input.model);
  return ctx.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(bookmarks)
      .values({ userId: viewer.id, model, objectId: input.id, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ id: bookmarks.id });
    if (added) return { bookmarked: true };
    await tx.delete(bookmarks).where(markOf(bookmarks, viewer.id, model, input.id));
    return { bookmarked: false };
  });
}

/** Bookmarks an object members can see; bookmarking it again changes nothing. */
export async function addBookmark(
  ctx: ContentContext,
  viewer: Viewer,
  input: { model: string; id: number },
): Promise<void> {
  const kind = ctx.content.kind(input.model);
  await requireLive(ctx, kind, input.id, 'id');
  await ctx.db
    .insert(bookmarks)
    .values({
      userId: viewer.id,
      model: ctx.content.markModel(input.model),
      objectId: input.id,
      createdAt: ctx.now(),
    })
    .onConflictDoNothing();
}

/** Removes the viewer's bookmark of an object they can see (also an archived one), if any. */
export async function removeBookmark(
  ctx: ContentContext,
  viewer: Viewer,
  input: { model: string; id: number },
): Promise<void> {
  const kind = ctx.content.kind(input.model);
  if (!(await kind.isVisibleTo(ctx.db, input.id, viewer))) {
    throw AppError.fields({ id: [`This ${kind.noun} does not exist or is not visible to you.`] });
  }
  await ctx.db
    .delete(bookmarks)
    .where(markOf(bookmarks, viewer.id, ctx.content.markModel(input.model), input.id));
}

/** The ids of the objects of `model` the member marked (liked or bookmarked), as a subquery. */
export const markedBy = (db: Database, marks: Marks, memberId: number, model: string) =>
  db
    .select({ id: marks.objectId })
    .from(marks)
    .where(and(eq(marks.userId, memberId), eq(marks.model, model)));

/** Whether the member liked the object. */
export async function hasLiked(
  ctx: ContentContext,
  memberId: number,
  model: string,
  id: number,
): Promise<boolean> {
  const [like] = await ctx.db
    .select({ id: likes.id })
    .from(likes)
    .where(markOf(likes, memberId, ctx.content.markModel(model), id));
  return like !== undefined;
}

/** Likes and bookmarks point at many kinds of object, so no foreign key cascades them. */
export const cleanReactions: ContentCleaner = async (tx, { kind, ids }) => {
  const model = kind.markModel ?? kind.model;
  for (const marks of [likes, bookmarks]) {
    await tx.delete(marks).where(and(eq(marks.model, model), inArray(marks.objectId, ids)));
  }
};
