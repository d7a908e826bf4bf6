import { DELETED_COMMENT_CONTENT, HIDDEN_COMMENT_CONTENT, type Comment } from '@agora/shared';
import type { CommentView } from './comments.service';

/**
 * A comment or reply in its API shape; a deleted one shows no text and no author, nor does a
 * hidden one to anyone but its author and staff.
 */
export function presentComment(view: CommentView): Comment {
  const { row } = view;
  const deleted = row.deletedAt !== null;
  const hidden = row.hiddenAt !== null;
  const masked = deleted || (hidden && !view.seesHidden);
  return {
    id: row.id,
    forum: row.discussionId,
    parent: row.parentId,
    content: deleted ? DELETED_COMMENT_CONTENT : masked ? HIDDEN_COMMENT_CONTENT : row.content,
    author: masked ? null : view.author,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    likesCount: row.likesCount,
    isLiked: view.isLiked,
    repliesCount: row.repliesCount,
    deleted,
    hidden,
  };
}
