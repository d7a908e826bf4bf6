import {
  SEARCH_RESULTS_MAX,
  type Author,
  type CommonModel,
  type ContentHit,
  type ContentSearchResults,
} from '@agora/shared';
import { snippetParts, type ContentContext, type FeedHit } from '../../platform/content';
import { presentCommentHit, searchComments } from '../forums';
import { findAuthors } from '../users';

const NO_AUTHOR = (id: number): Author => ({ id, username: '', avatar: null });

function presentHit(hit: FeedHit, author: Author): ContentHit {
  return {
    id: hit.id,
    title: hit.title,
    tags: hit.tags,
    author,
    createdAt: hit.createdAt.toISOString(),
    likesCount: hit.likesCount,
    commentsCount: hit.commentsCount,
    snippet: snippetParts(hit.headline),
  };
}

/**
 * Everything members may read that matches `q`: each kind through its feed's `search` (a kind
 * not registered, or without a feed, finds nothing), and the comments of discussions. At most
 * SEARCH_RESULTS_MAX per group, best match first; the groups are searched at once, then every
 * author is looked up in one query.
 */
export async function searchContent(ctx: ContentContext, q: string): Promise<ContentSearchResults> {
  const searchKind = async (model: CommonModel): Promise<FeedHit[]> =>
    (await ctx.content.feed(model)?.search(ctx.db, q, SEARCH_RESULTS_MAX)) ?? [];
  const [comments, discussions, polls, quizzes] = await Promise.all([
    searchComments(ctx.db, q, SEARCH_RESULTS_MAX),
    searchKind('forum'),
    searchKind('poll'),
    searchKind('quiz'),
  ]);
  const authors = await findAuthors(ctx.db, ctx.storage, [
    ...[discussions, polls, quizzes].flat().map((hit) => hit.authorId),
    ...comments.map((match) => match.authorId),
  ]);
  const authorOf = (id: number) => authors.get(id) ?? NO_AUTHOR(id);
  const present = (hits: FeedHit[]) => hits.map((hit) => presentHit(hit, authorOf(hit.authorId)));
  return {
    discussions: present(discussions),
    comments: comments.map((match) => presentCommentHit(match, authorOf(match.authorId))),
    polls: present(polls),
    quizzes: present(quizzes),
  };
}
