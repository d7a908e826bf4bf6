import type { Comment, Discussion } from '@agora/shared';
import { itemsOf } from '../../../components/load-more-list';
import { CommentItem, CommentsSection, type CommentActions } from '../../content';
import {
  useCreateCommentMutation,
  useCreateReplyMutation,
  useDeleteCommentMutation,
  useLikeCommentMutation,
  useListCommentsInfiniteQuery,
  useListRepliesInfiniteQuery,
  useUpdateCommentMutation,
} from '../comments-api';

/** A discussion's comments go through the forums' own SPEC paths (`forums-comment/`…). */
const discussionCommentActions: CommentActions<Comment> = {
  useLike() {
    const [like] = useLikeCommentMutation();
    return (comment) => like(comment).unwrap();
  },
  useUpdate() {
    const [update] = useUpdateCommentMutation();
    return (comment, content) => update({ comment, content }).unwrap();
  },
  useReply() {
    const [reply] = useCreateReplyMutation();
    return (comment, content) =>
      reply({ forum: comment.forum, comment: comment.id, content }).unwrap();
  },
  useRemove() {
    const [remove, state] = useDeleteCommentMutation();
    return [(comment) => remove(comment).unwrap(), state.isLoading] as const;
  },
  useReplies(comment) {
    const query = useListRepliesInfiniteQuery(comment.id);
    return { query, replies: itemsOf(query.data) };
  },
};

/** The discussion's comments, in the content kernel's comments section. */
export function DiscussionComments({ discussion }: { discussion: Discussion }) {
  const query = useListCommentsInfiniteQuery(discussion.id);
  const [create] = useCreateCommentMutation();
  const comments = itemsOf(query.data);
  const open = discussion.status === 'published';
  return (
    <CommentsSection
      model="forum"
      id={discussion.id}
      total={discussion.commentsCount}
      open={open}
      query={query}
      loaded={comments.length}
      onCreate={(content) => create({ forum: discussion.id, content }).unwrap()}
    >
      {comments.map((comment) => (
        <CommentItem
          key={comment.id}
          comment={comment}
          open={open}
          actions={discussionCommentActions}
        />
      ))}
    </CommentsSection>
  );
}
