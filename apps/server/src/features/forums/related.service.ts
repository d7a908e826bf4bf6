import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { anyTitleWord, RELATED_CANDIDATES, RELATED_MAX } from '../../platform/content';
import { AppError } from '../../platform/errors';
import { loadPublishedInOrder, type DiscussionView } from './discussions.loader';
import { canSee, NOT_FOUND } from './discussions.service';
import type { Viewer } from '../../platform/auth';
import type { ForumsContext } from './forums.context';
import { discussions, discussionTags, isPublished } from './forums.tables';

/**
 * Up to RELATED_MAX published discussions like discussion `id`, never itself: sharing a tag or
 * a word of the title, never merely recent. Each candidate scores one point per tag it shares
 * plus `ts_rank` of its title against the words of this title (a strong title match weighs
 * about as much as one shared tag); ties go to the newer.
 * Only the newest candidates of each kind are scored, so a popular tag costs the same as a
 * rare one. A 404 when the viewer cannot see discussion `id`. Six queries: the discussion,
 * the ranking, the rows, then authors, tags and poll choices.
 */
export async function listRelated(
  ctx: ForumsContext,
  viewer: Viewer | null,
  id: number,
): Promise<DiscussionView[]> {
  const [source] = await ctx.db
    .select({
      authorId: discussions.authorId,
      status: discussions.status,
      title: discussions.title,
    })
    .from(discussions)
    .where(eq(discussions.id, id));
  if (!source || !canSee(source, viewer)) throw new AppError('not_found', NOT_FOUND);

  const terms = sql`to_tsquery('english', ${anyTitleWord(source.title, 'A')})`;
  const others = and(isPublished, ne(discussions.id, id));
  const sourceTags = ctx.db
    .select({ tagId: discussionTags.tagId })
    .from(discussionTags)
    .where(eq(discussionTags.discussionId, id));
  const newest = [desc(discussions.createdAt), desc(discussions.id)];
  const sharingTag = ctx.db
    .select({ id: discussions.id })
    .from(discussions)
    .where(
      and(
        others,
        inArray(
          discussions.id,
          ctx.db
            .select({ id: discussionTags.discussionId })
            .from(discussionTags)
            .where(inArray(discussionTags.tagId, sourceTags)),
        ),
      ),
    )
    .orderBy(...newest)
    .limit(RELATED_CANDIDATES);
  const sharingWord = ctx.db
    .select({ id: discussions.id })
    .from(discussions)
    .where(and(others, sql`${discussions.searchVector} @@ ${terms}`))
    .orderBy(...newest)
    .limit(RELATED_CANDIDATES);
  const sharedTags = ctx.db
    .select({ count: count() })
    .from(discussionTags)
    .where(
      and(
        eq(discussionTags.discussionId, discussions.id),
        inArray(discussionTags.tagId, sourceTags),
      ),
    );
  const score = sql<number>`((${sharedTags}) + ts_rank(${discussions.searchVector}, ${terms}))`;
  const ranked = await ctx.db
    .select({ id: discussions.id })
    .from(discussions)
    .where(inArray(discussions.id, sharingTag.union(sharingWord)))
    .orderBy(desc(score), ...newest)
    .limit(RELATED_MAX);
  return loadPublishedInOrder(
    ctx,
    viewer,
    ranked.map((row) => row.id),
  );
}
