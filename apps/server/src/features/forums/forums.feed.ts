import { and, asc, count, desc, eq } from 'drizzle-orm';
import { countAuthored, type ContentFeed } from '../../platform/content';
import { AppError } from '../../platform/errors';
import { presentPage } from '../../platform/pagination';
import { loadPublishedInOrder } from './discussions.loader';
import { presentDiscussion } from './discussions.presenter';
import { canSee } from './discussions.service';
import { discussions, discussionTags, isPublished, tags } from './forums.tables';
import { searchDiscussions } from './search.service';
import { listTrending } from './trending.service';

const unknownDiscussion = () =>
  AppError.fields({ id: ['This discussion does not exist or is not visible to you.'] });

/** Discussions in `/api/common/`: tags, archive, search, featured and trending. */
export const discussionFeed: ContentFeed = {
  async tagCounts(db) {
    const uses = count(discussionTags.discussionId);
    return db
      .select({ name: tags.name, count: uses })
      .from(tags)
      .innerJoin(discussionTags, eq(discussionTags.tagId, tags.id))
      .innerJoin(discussions, and(eq(discussions.id, discussionTags.discussionId), isPublished))
      .groupBy(tags.id, tags.name)
      .orderBy(desc(uses), asc(tags.name));
  },

  async archive(ctx, viewer, id) {
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
  },

  search: searchDiscussions,

  authoredCount: (db, authorId) =>
    countAuthored(db, discussions, discussions.authorId, isPublished, authorId),

  publishedIds: (db) => db.select({ id: discussions.id }).from(discussions).where(isPublished),

  async present(ctx, viewer, ids) {
    const views = await loadPublishedInOrder(ctx, viewer, ids);
    return views.map((view) => presentDiscussion(view));
  },

  async trending(ctx, viewer, page) {
    return presentPage(await listTrending(ctx, viewer, undefined, page), presentDiscussion);
  },
};
