import type { Discussion } from '@agora/shared';
import { itemsOf } from '../../../components/load-more-list';
import { CommentsSection } from '../../content';
import { useCreateCommentMutation, useListCommentsInfiniteQuery } from '../comments-api';
import { CommentItem } from './comment-item';

/** The discussion's comments, in the content kernel's comments section. */
export function DiscussionComments({ discussion }: { discussion: Discussion }) {
  const query = useListCommentsInfiniteQuery(discussion.id);
  const [create] = useCreateCommentMutation();
  const comments = itemsOf(query.data);
  return (
    <CommentsSection
      model="forum"
      id={discussion.id}
      total={discussion.commentsCount}
      open={discussion.status === 'published'}
      query={query}
      loaded={comments.length}
      onCreate={(content) => create({ forum: discussion.id, content }).unwrap()}
    >
      {comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} discussion={discussion} />
      ))}
    </CommentsSection>
  );
}
