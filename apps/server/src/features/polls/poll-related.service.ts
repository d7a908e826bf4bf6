import { POLL_MESSAGES } from '@agora/shared';
import { eq } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth';
import { relatedIds, type ContentContext, type RelatedSource } from '../../platform/content';
import { AppError } from '../../platform/errors';
import { loadPollsInOrder, type PollView } from './poll-posts.loader';
import { canSeePoll, isPollPublished } from './poll-rules';
import { pollPosts } from './polls.tables';

const related: RelatedSource = {
  table: pollPosts,
  id: pollPosts.id,
  tagNames: pollPosts.tagNames,
  vector: pollPosts.searchVector,
  titleWeight: 'A',
  where: isPollPublished,
  newest: [pollPosts.createdAt, pollPosts.id],
};

/**
 * Up to 5 published polls like poll `id` (sharing its tags or the words of its question), as the
 * forums' related discussions are ranked (`platform/content/related.ts`); a 404 when the viewer
 * cannot see poll `id`. Three statements: the poll, the ranking, the page.
 */
export async function listRelatedPolls(
  ctx: ContentContext,
  viewer: Viewer | null,
  id: number,
): Promise<PollView[]> {
  const [source] = await ctx.db
    .select({
      status: pollPosts.status,
      authorId: pollPosts.authorId,
      question: pollPosts.question,
      tagNames: pollPosts.tagNames,
    })
    .from(pollPosts)
    .where(eq(pollPosts.id, id));
  if (!source || !canSeePoll(source, viewer)) {
    throw new AppError('not_found', POLL_MESSAGES.notFound);
  }
  const ids = await relatedIds(ctx.db, related, {
    id,
    title: source.question,
    tagNames: source.tagNames,
  });
  return loadPollsInOrder(ctx, viewer, ids, true);
}
