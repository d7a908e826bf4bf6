import type { ReactNode } from 'react';
import type { DiscussionPage } from '@agora/shared';
import { itemsOf, LoadMoreList, RetryAlert } from '../../../components/load-more-list';
import type { PagedQuery } from '../../../components/load-more-list';
import { DiscussionCard, DiscussionCardSkeleton } from './discussion-card';
import { useInfiniteScroll } from './use-infinite-scroll';
import styles from './discussion-card.module.css';

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
    <div aria-hidden className={styles.feed}>
      {Array.from({ length: count }, (_, index) => (
        <DiscussionCardSkeleton key={index} />
      ))}
    </div>
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
      <div>
        <div role="feed" aria-label={label} aria-busy={query.isFetching} className={styles.feed}>
          {discussions.map((discussion) => (
            <DiscussionCard key={discussion.id} discussion={discussion} />
          ))}
        </div>
        {isFetchingNextPage && (
          <div className={styles.more}>
            <Skeletons count={2} />
          </div>
        )}
        {isFetchNextPageError && (
          <RetryAlert onRetry={query.fetchNextPage} sx={{ mt: 2 }}>
            {messageOf(query.error)}
          </RetryAlert>
        )}
        {hasNextPage && <div ref={sentinel} style={{ height: 1 }} />}
      </div>
    </LoadMoreList>
  );
}
