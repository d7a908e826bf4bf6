import { and, count, desc, eq, asc } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import { canSee } from './discussions.service';
import type { Viewer } from '../../platform/auth';
import type { ForumsContext } from './forums.context';
import { discussions, discussionTags, isPublished, tags } from './forums.tables';

/** What the common endpoints (`/api/common/`) need from the forums: tag counts and archiving. */

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
