import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadMoreList } from '../../../components/load-more-list';
import type { PagedQuery } from '../../../components/load-more-list';
import { useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { selectIsAuthenticated } from '../../auth';
import type { ContentModel } from '../content-names';
import { CommentForm } from './comment-form';
import { SignInPrompt } from './sign-in-prompt';

export interface CommentsSectionProps {
  model: ContentModel;
  id: number;
  /** The object's comment count, as its own record says. */
  total: number;
  /** Whether the object takes new comments (it is published). */
  open: boolean;
  /** The object's comments, a page at a time. */
  query: PagedQuery;
  /** How many comments are loaded. */
  loaded: number;
  /** Posts a comment; rejects with the API error when the server refuses it. */
  onCreate: (content: string) => Promise<unknown>;
  /** The loaded comments, each rendered as a list item. */
  children: ReactNode;
}

function CommentsSkeleton() {
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

/** An object's comments, oldest first, with the form to add one (or a sign-in prompt). */
export function CommentsSection({
  model,
  id,
  total,
  open,
  query,
  loaded,
  onCreate,
  children,
}: CommentsSectionProps) {
  const toast = useToast();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const titleId = `${model}-${id}-comments-title`;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ borderRadius: '20px', p: { xs: 2.5, sm: 4 } }}
    >
      <Typography id={titleId} variant="h5" component="h2" sx={{ mb: 2.5 }}>
        Comments{' '}
        <Typography component="span" color="textSecondary" sx={{ ml: 1, fontWeight: 500 }}>
          {total.toLocaleString()}
        </Typography>
      </Typography>
      {open && (
        <Box sx={{ mb: 3 }}>
          {isAuthenticated ? (
            <CommentForm
              label="Add a comment"
              submitLabel="Comment"
              onSubmit={async (content) => {
                await onCreate(content);
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
      <LoadMoreList
        query={query}
        count={loaded}
        skeleton={<CommentsSkeleton />}
        failure="The comments could not be loaded."
        empty={
          <Typography color="textSecondary" sx={{ py: 2, textAlign: 'center' }}>
            {open ? 'No comments yet. Start the conversation.' : 'There are no comments.'}
          </Typography>
        }
        more={{ label: 'Load more comments', variant: 'outlined', fullWidth: true, sx: { mt: 3 } }}
      >
        <Stack component="ul" aria-label="Comments" spacing={3} sx={{ m: 0, p: 0 }}>
          {children}
        </Stack>
      </LoadMoreList>
    </Paper>
  );
}
