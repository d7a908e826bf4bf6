import type { Comment, Discussion } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useListRepliesInfiniteQuery } from '../comments-api';
import { CommentItem } from './comment-item';

/** A comment's replies, oldest first, a page at a time. */
export function CommentReplies({
  comment,
  discussion,
}: {
  comment: Comment;
  discussion: Discussion;
}) {
  const query = useListRepliesInfiniteQuery(comment.id);
  const replies = query.data?.pages.flatMap((page) => page.results) ?? [];
  if (query.isLoading) return <Skeleton width="60%" height={32} sx={{ ml: 1 }} />;
  if (query.isError && replies.length === 0) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        The replies could not be loaded.
      </Alert>
    );
  }
  return (
    <>
      <Stack
        component="ul"
        aria-label={`Replies to ${comment.author?.username ?? 'a deleted comment'}`}
        spacing={2}
        sx={{ m: 0, mt: 1, pl: { xs: 1.5, sm: 2 }, borderLeft: 2, borderColor: 'divider' }}
      >
        {replies.map((item) => (
          <CommentItem key={item.id} comment={item} discussion={discussion} />
        ))}
      </Stack>
      {query.hasNextPage && (
        <Button
          size="small"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          sx={{ mt: 1 }}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Load more replies'}
        </Button>
      )}
    </>
  );
}
