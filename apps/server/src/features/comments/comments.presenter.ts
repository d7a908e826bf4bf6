import {
  DELETED_COMMENT_CONTENT,
  HIDDEN_COMMENT_CONTENT,
  type ContentComment,
  type ContentModel,
} from '@agora/shared';
import type { CommentView } from './comments.service';

/**
 * A comment or reply in its API shape; a deleted one shows no text and no author, nor does a
 * hidden one to anyone but its author and staff.
 */
export function presentComment(view: CommentView): ContentComment {
  const { row } = view;
  const deleted = row.deletedAt !== null;
  const hidden = row.hiddenAt !== null;
  const masked = deleted || (hidden && !view.seesHidden);
  return {
    id: row.id,
    // Only registered models reach the table.
    model: row.model as ContentModel,
    objectId: row.objectId,
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
