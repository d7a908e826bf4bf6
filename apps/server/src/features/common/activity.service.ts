import type { ActivityCounts, CommonModel } from '@agora/shared';
import type { ContentContext } from '../../platform/content';
import { countMemberComments } from '../comments';
import { findUserIdByUsername } from '../users';

/**
 * How many items each tab of the profile of the member named `author` lists: each kind through
 * its feed's `authoredCount` (a kind without a feed counts nothing), and their comments. The
 * member, then the four counts at once: five small queries, each on an author index.
 */
export async function countActivity(ctx: ContentContext, author: string): Promise<ActivityCounts> {
  const authorId = await findUserIdByUsername(ctx.db, author);
  if (authorId === undefined) return { discussions: 0, comments: 0, polls: 0, quizzes: 0 };
  const authored = async (model: CommonModel) =>
    (await ctx.content.feed(model)?.authoredCount(ctx.db, authorId)) ?? 0;
  const [discussions, comments, polls, quizzes] = await Promise.all([
    authored('forum'),
    countMemberComments(ctx, authorId),
    authored('poll'),
    authored('quiz'),
  ]);
  return { discussions, comments, polls, quizzes };
}
