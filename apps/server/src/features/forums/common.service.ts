import { and, count, desc, eq, asc } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import { canSee } from './discussions.service';
import type { Viewer } from '../../platform/auth';
import type { ForumsContext } from './forums.context';
import { bookmarks, discussions, discussionTags, isPublished, markOf, tags } from './forums.tables';

/**
 * What the common endpoints (`/api/common/`) need from the forums: tag counts, bookmarks that
 * are added or removed explicitly (not toggled), and archiving by the author.
 */

/** Tags with the number of published discussions using them, most used first, then by name. */
export async function listTagCounts(
  ctx: ForumsContext,
): Promise<{ name: string; count: number }[]> {
  const uses = count(discussionTags.discussionId);
  return ctx.db
    .select({ name: tags.name, count: uses })
    .from(tags)
    .innerJoin(discussionTags, eq(discussionTags.tagId, tags.id))
    .innerJoin(discussions, and(eq(discussions.id, discussionTags.discussionId), isPublished))
    .groupBy(tags.id, tags.name)
    .orderBy(desc(uses), asc(tags.name));
}

const unknownDiscussion = () =>
  AppError.fields({ id: ['This discussion does not exist or is not visible to you.'] });

async function requirePublished(ctx: ForumsContext, id: number): Promise<void> {
  const [row] = await ctx.db
    .select({ id: discussions.id })
    .from(discussions)
    .where(and(eq(discussions.id, id), isPublished));
  if (!row) {
    throw AppError.fields({ id: ['This discussion does not exist or cannot be bookmarked.'] });
  }
}

/** Bookmarks a published discussion; bookmarking it again changes nothing. */
export async function addBookmark(ctx: ForumsContext, viewer: Viewer, id: number): Promise<void> {
  await requirePublished(ctx, id);
  await ctx.db
    .insert(bookmarks)
    .values({ userId: viewer.id, model: 'forum', objectId: id, createdAt: ctx.now() })
    .onConflictDoNothing();
}

/**
 * Removes the viewer's bookmark of a discussion they can see (also an archived one), if there
 * is one.
 */
export async function removeBookmark(
  ctx: ForumsContext,
  viewer: Viewer,
  id: number,
): Promise<void> {
  const [row] = await ctx.db
    .select({ authorId: discussions.authorId, status: discussions.status })
    .from(discussions)
    .where(eq(discussions.id, id));
  if (!row || !canSee(row, viewer)) throw unknownDiscussion();
  await ctx.db.delete(bookmarks).where(markOf(bookmarks, viewer.id, 'forum', id));
}

/**
 * The author archives their discussion: it leaves every list, but its page still shows it,
 * marked archived. Archiving an archived discussion again changes nothing.
 */
export async function archiveDiscussion(
  ctx: ForumsContext,
  viewer: Viewer,
  id: number,
): Promise<{ id: number; status: 'archived' }> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ authorId: discussions.authorId, status: discussions.status })
      .from(discussions)
      .where(eq(discussions.id, id))
      .for('update');
    if (!row || !canSee(row, viewer)) throw unknownDiscussion();
    if (row.authorId !== viewer.id) {
      throw new AppError('forbidden', 'Only the author can archive this discussion.');
    }
    if (row.status === 'archived') return;
    if (row.status === 'hidden') {
      throw new AppError('forbidden', 'This discussion is hidden and cannot be archived.');
    }
    await tx
      .update(discussions)
      .set({ status: 'archived', updatedAt: ctx.now() })
      .where(eq(discussions.id, id));
  });
  return { id, status: 'archived' };
}
