import type { ActivityCounts, CommonModel } from '@agora/shared';
import type { ContentContext } from '../../platform/content';
import { countMemberAlbums } from '../albums';
import { countMemberComments } from '../comments';
import { findUserIdByUsername } from '../users';

/**
 * How many items each tab of the profile of the member named `author` lists: each kind through
 * its feed's `authoredCount` (a kind without a feed counts nothing), their comments and their
 * albums. The member, then the five counts at once: six small queries, each on an author index.
 */
export async function countActivity(ctx: ContentContext, author: string): Promise<ActivityCounts> {
  const authorId = await findUserIdByUsername(ctx.db, author);
  if (authorId === undefined) {
    return { discussions: 0, comments: 0, polls: 0, quizzes: 0, albums: 0 };
  }
  const authored = async (model: CommonModel) =>
    (await ctx.content.feed(model)?.authoredCount(ctx.db, authorId)) ?? 0;
  const [discussions, comments, polls, quizzes, albums] = await Promise.all([
    authored('forum'),
    countMemberComments(ctx, authorId),
    authored('poll'),
    authored('quiz'),
    countMemberAlbums(ctx.db, authorId),
  ]);
  return { discussions, comments, polls, quizzes, albums };
}
