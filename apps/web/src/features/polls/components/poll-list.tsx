import type { ReactNode } from 'react';
import type { PollPage } from '@agora/shared';
import Stack from '@mui/material/Stack';
import { itemsOf, LoadMoreList } from '../../../components/load-more-list';
import type { PagedQuery } from '../../../components/load-more-list';
import { apiFailure } from '../../auth';
import { PollCard, PollCardSkeleton } from './poll-card';

/** The parts of an RTK Query infinite query result the list reads. */
export interface InfinitePolls extends PagedQuery {
  data?: { pages: PollPage[] };
  error?: unknown;
  isFetching: boolean;
}

interface PollListProps {
  query: InfinitePolls;
  label: string;
  /** What to show when the list has no polls. */
  empty: ReactNode;
}

function Skeletons({ count }: { count: number }) {
  return (
    <Stack spacing={2} aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <PollCardSkeleton key={index} />
      ))}
    </Stack>
  );
}

/** Poll cards, votable in place, with a button for the next page (ARIA feed pattern). */
export function PollList({ query, label, empty }: PollListProps) {
  const polls = itemsOf(query.data);
  return (
    <LoadMoreList
      query={query}
      count={polls.length}
      skeleton={<Skeletons count={3} />}
      failure={query.error ? apiFailure(query.error).message : 'The polls could not be loaded.'}
      empty={empty}
      more={{ label: 'Load more polls', variant: 'outlined', fullWidth: true, sx: { mt: 2 } }}
    >
      <Stack role="feed" aria-label={label} aria-busy={query.isFetching} spacing={2}>
        {polls.map((poll) => (
          <PollCard key={poll.id} poll={poll} />
        ))}
      </Stack>
    </LoadMoreList>
  );
}
