import {
  DELETED_COMMENT_CONTENT,
  HIDDEN_COMMENT_CONTENT,
  type Comment,
  type ContentComment,
  type ContentModel,
} from '@agora/shared';
import type { CommentView } from './comments.service';

/**
 * A comment or reply in its API shapes; a deleted one shows no text and no author, nor does a
 * hidden one to anyone but its author and staff. One object serves both shapes: `comments/`
 * names the host by `model` and `objectId`, a discussion's `forums-comment/` by `forum`, and
 * the response writer sends only the fields its schema declares. One literal keeps every
 * comment one fast object shape: copying it into a second shape (spread or rest) made V8 keep
 * the copies as slow dictionaries, and the comments page cost a quarter more.
 */
export function presentComment(view: CommentView): ContentComment & Comment {
  const { row } = view;
  const deleted = row.deletedAt !== null;
  const hidden = row.hiddenAt !== null;
  const masked = deleted || (hidden && !view.seesHidden);
  return {
    id: row.id,
    // Only registered models reach the table.
    model: row.model as ContentModel,
    objectId: row.objectId,
    forum: row.objectId,
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
