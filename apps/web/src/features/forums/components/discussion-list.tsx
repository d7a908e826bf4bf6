import type { ReactNode } from 'react';
import type { DiscussionPage } from '@agora/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { itemsOf, LoadMoreList, RetryAlert } from '../../../components/load-more-list';
import type { PagedQuery } from '../../../components/load-more-list';
import { DiscussionCard, DiscussionCardSkeleton } from './discussion-card';
import { useInfiniteScroll } from './use-infinite-scroll';

/** The parts of an RTK Query infinite query result the list reads. */
export interface InfiniteDiscussions extends PagedQuery {
  data?: { pages: DiscussionPage[] };
  error?: unknown;
  isFetching: boolean;
  isFetchNextPageError: boolean;
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
    <Stack spacing={1.25} aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <DiscussionCardSkeleton key={index} />
      ))}
    </Stack>
  );
}

/** Discussion cards that load the next page as the reader nears the end (ARIA feed pattern). */
export function DiscussionList({ query, label, empty }: DiscussionListProps) {
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const sentinel = useInfiniteScroll(
    () => void query.fetchNextPage(),
    hasNextPage && !query.isFetching && !isFetchNextPageError,
  );

  const discussions = itemsOf(data);

  return (
    <LoadMoreList
      query={query}
      count={discussions.length}
      skeleton={<Skeletons count={4} />}
      failure={messageOf(query.error)}
      empty={empty}
    >
      <Box>
        <Stack role="feed" aria-label={label} aria-busy={query.isFetching} spacing={1.25}>
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
          <RetryAlert onRetry={query.fetchNextPage} sx={{ mt: 2 }}>
            {messageOf(query.error)}
          </RetryAlert>
        )}
        {hasNextPage && <Box ref={sentinel} sx={{ height: 1 }} />}
      </Box>
    </LoadMoreList>
  );
}
