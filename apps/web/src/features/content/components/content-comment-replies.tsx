import type { ContentComment } from '@agora/shared';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { itemsOf, LoadMoreList } from '../../../components/load-more-list';
import { useListContentRepliesInfiniteQuery } from '../content-api';
import { ContentCommentItem } from './content-comment-item';

/** A comment's replies, oldest first, a page at a time. */
export function ContentCommentReplies({
  comment,
  open,
}: {
  comment: ContentComment;
  open: boolean;
}) {
  const query = useListContentRepliesInfiniteQuery(comment.id);
  const replies = itemsOf(query.data);
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
          <ContentCommentItem key={item.id} comment={item} open={open} />
        ))}
      </Stack>
    </LoadMoreList>
  );
}
