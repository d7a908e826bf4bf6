import type { Discussion } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { selectIsAuthenticated } from '../../auth';
import { useCreateCommentMutation, useListCommentsInfiniteQuery } from '../comments-api';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { SignInPrompt } from './sign-in-prompt';

/** The discussion's comments, oldest first, with the form to add one. */
export function CommentsSection({ discussion }: { discussion: Discussion }) {
  const toast = useToast();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const query = useListCommentsInfiniteQuery(discussion.id);
  const [create] = useCreateCommentMutation();
  const comments = query.data?.pages.flatMap((page) => page.results) ?? [];
  const open = discussion.status === 'published';

  const list = () => {
    if (query.isLoading) {
      return (
        <Stack spacing={2} aria-hidden>
          {[0, 1].map((key) => (
            <Stack key={key} direction="row" spacing={1.5}>
              <Skeleton variant="circular" width={36} height={36} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="30%" />
                <Skeleton width="90%" />
              </Box>
            </Stack>
          ))}
        </Stack>
      );
    }
    if (query.isError && comments.length === 0) {
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          The comments could not be loaded.
        </Alert>
      );
    }
    if (comments.length === 0) {
      return (
        <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {open ? 'No comments yet. Start the conversation.' : 'There are no comments.'}
        </Typography>
      );
    }
    return (
      <>
        <Stack component="ul" aria-label="Comments" spacing={3} sx={{ m: 0, p: 0 }}>
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} discussion={discussion} />
          ))}
        </Stack>
        {query.hasNextPage && (
          <Button
            variant="outlined"
            fullWidth
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            sx={{ mt: 3 }}
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Load more comments'}
          </Button>
        )}
      </>
    );
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="comments-title"
      sx={{ borderRadius: '20px', p: { xs: 2.5, sm: 4 } }}
    >
      <Typography id="comments-title" variant="h5" component="h2" sx={{ mb: 2.5 }}>
        Comments{' '}
        <Typography component="span" color="text.secondary" sx={{ ml: 1, fontWeight: 500 }}>
          {discussion.commentsCount.toLocaleString()}
        </Typography>
      </Typography>
      {open && (
        <Box sx={{ mb: 3 }}>
          {isAuthenticated ? (
            <CommentForm
              label="Add a comment"
              submitLabel="Comment"
              onSubmit={async (content) => {
                await create({ forum: discussion.id, content }).unwrap();
                toast.success('Your comment is posted.');
              }}
            />
          ) : (
            <SignInPrompt title="Join the conversation">
              Log in to comment, reply and like.
            </SignInPrompt>
          )}
        </Box>
      )}
      {list()}
    </Paper>
  );
}
