import { LoadMoreList } from '../../../components/load-more-list';
import { PlainSkeleton } from '../../../components/plain/skeleton';
import type { CommentActions, ThreadComment } from './comment-actions';
import { CommentItem } from './comment-item';
import styles from './comment-replies.module.css';

/** A comment's replies, oldest first, a page at a time. */
export function CommentReplies<C extends ThreadComment>({
  comment,
  open,
  actions,
}: {
  comment: C;
  open: boolean;
  actions: CommentActions<C>;
}) {
  const { query, replies } = actions.useReplies(comment);
  return (
    <LoadMoreList
      query={query}
      count={replies.length}
      skeleton={
        <div className={styles.skeleton}>
          <PlainSkeleton width="60%" height={32} />
        </div>
      }
      failure="The replies could not be loaded."
      more={{ label: 'Load more replies', size: 'small', sx: { mt: 1 } }}
    >
      <ul
        aria-label={`Replies to ${comment.author?.username ?? 'a deleted comment'}`}
        className={styles.list}
      >
        {replies.map((item) => (
          <CommentItem key={item.id} comment={item} open={open} actions={actions} />
        ))}
      </ul>
    </LoadMoreList>
  );
}
