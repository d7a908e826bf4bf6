import type { Author, CommentHit } from '@agora/shared';
import { snippetParts } from '../../platform/content';
import type { CommentMatch } from './search.service';

export function presentCommentHit(match: CommentMatch, author: Author): CommentHit {
  return {
    id: match.id,
    forum: match.discussionId,
    forumTitle: match.discussionTitle,
    parent: match.parentId,
    author,
    createdAt: match.createdAt.toISOString(),
    snippet: snippetParts(match.headline),
  };
}
