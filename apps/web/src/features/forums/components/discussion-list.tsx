import type { ReactNode } from 'react';
import type { DiscussionPage } from '@agora/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DiscussionCard, DiscussionCardSkeleton } from './discussion-card';
import { useInfiniteScroll } from './use-infinite-scroll';

/** The parts of an RTK Query infinite query result the list reads. */
export interface InfiniteDiscussions {
  data?: { pages: DiscussionPage[] };
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

interface DiscussionListProps {
  query: InfiniteDiscussions;
  label: string;
  /** What to show when the list has no discussions. */
  empty: ReactNode;
}

function messageOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error
    ? String(error.message)
    : 'The discussions could not be loaded.';
}

function Skeletons({ count }: { count: number }) {
  return (
    <Stack spacing={2} aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <DiscussionCardSkeleton key={index} />
      ))}
    </Stack>
  );
}

/** Discussion cards that load the next page as the reader nears the end (ARIA feed pattern). */
export function DiscussionList({ query, label, empty }: DiscussionListProps) {
  const { data, isLoading, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const sentinel = useInfiniteScroll(
    () => void query.fetchNextPage(),
    hasNextPage && !query.isFetching && !isFetchNextPageError,
  );

  if (isLoading) return <Skeletons count={4} />;
  const discussions = data?.pages.flatMap((page) => page.results) ?? [];
  if (isError && discussions.length === 0) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        {messageOf(query.error)}
      </Alert>
    );
  }
  if (discussions.length === 0) return <>{empty}</>;

  return (
    <Box>
      <Stack role="feed" aria-label={label} aria-busy={query.isFetching} spacing={2}>
        {discussions.map((discussion) => (
          <DiscussionCard key={discussion.id} discussion={discussion} />
        ))}
      </Stack>
      {isFetchingNextPage && (
        <Box sx={{ mt: 2 }}>
          <Skeletons count={2} />
        </Box>
      )}
      {isFetchNextPageError && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.fetchNextPage()}>
              Try again
            </Button>
          }
        >
          {messageOf(query.error)}
        </Alert>
      )}
      {hasNextPage && <Box ref={sentinel} sx={{ height: 1 }} />}
    </Box>
  );
}
