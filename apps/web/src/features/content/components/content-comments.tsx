import type { ContentComment } from '@agora/shared';
import { itemsOf } from '../../../components/load-more-list';
import {
  useCreateContentCommentMutation,
  useDeleteContentCommentMutation,
  useLikeContentCommentMutation,
  useListContentCommentsInfiniteQuery,
  useListContentRepliesInfiniteQuery,
  useUpdateContentCommentMutation,
} from '../content-api';
import type { ContentModel } from '../content-names';
import type { CommentActions } from './comment-actions';
import { CommentItem } from './comment-item';
import { CommentsSection } from './comments-section';

export interface ContentCommentsProps {
  model: ContentModel;
  id: number;
  /** The object's comment count, as its own record says. */
  total: number;
  /** Whether the object takes new comments (it is published). */
  open: boolean;
}

/** Comments on any kind served by `comments/`. */
const contentCommentActions: CommentActions<ContentComment> = {
  useLike() {
    const [like] = useLikeContentCommentMutation();
    return (comment) => like(comment).unwrap();
  },
  useUpdate() {
    const [update] = useUpdateContentCommentMutation();
    return (comment, content) => update({ comment, content }).unwrap();
  },
  useReply() {
    const [reply] = useCreateContentCommentMutation();
    return (comment, content) =>
      reply({ model: comment.model, id: comment.objectId, parent: comment.id, content }).unwrap();
  },
  useRemove() {
    const [remove, state] = useDeleteContentCommentMutation();
    return [(comment) => remove(comment).unwrap(), state.isLoading] as const;
  },
  useReplies(comment) {
    const query = useListContentRepliesInfiniteQuery(comment.id);
    return { query, replies: itemsOf(query.data) };
  },
};

/**
 * The comments of any kind of content served by `comments/` (polls, quizzes…): the comments
 * section with its items, replies, likes, edits and deletions. The kind's record gets its
 * `commentsCount` patched through `registerContentCache`.
 */
export function ContentComments({ model, id, total, open }: ContentCommentsProps) {
  const query = useListContentCommentsInfiniteQuery({ model, id });
  const [create] = useCreateContentCommentMutation();
  const comments = itemsOf(query.data);
  return (
    <CommentsSection
      model={model}
      id={id}
      total={total}
      open={open}
      query={query}
      loaded={comments.length}
      onCreate={(content) => create({ model, id, content }).unwrap()}
    >
      {comments.map((comment) => (
        <CommentItem
          key={comment.id}
          comment={comment}
          open={open}
          actions={contentCommentActions}
        />
      ))}
    </CommentsSection>
  );
}
