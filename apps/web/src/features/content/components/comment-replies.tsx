import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { LoadMoreList } from '../../../components/load-more-list';
import type { CommentActions, ThreadComment } from './comment-actions';
import { CommentItem } from './comment-item';

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
      skeleton={<Skeleton width="60%" height={32} sx={{ ml: 1 }} />}
      failure="The replies could not be loaded."
      more={{ label: 'Load more replies', size: 'small', sx: { mt: 1 } }}
    >
      <Stack
        component="ul"
        aria-label={`Replies to ${comment.author?.username ?? 'a deleted comment'}`}
        spacing={2}
        sx={{ m: 0, mt: 1, pl: { xs: 1.5, sm: 2 }, borderLeft: 2, borderColor: 'divider' }}
      >
        {replies.map((item) => (
          <CommentItem key={item.id} comment={item} open={open} actions={actions} />
        ))}
      </Stack>
    </LoadMoreList>
  );
}
