import { useEffect, useState } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import type { ReactNode } from 'react';
import { MESSAGES } from '@agora/shared';
import { EmptyState } from '../../../components/empty-state';
import { plainButton } from '../../../components/plain/button';
import { PlainSkeleton } from '../../../components/plain/skeleton';
import { HOME_LIST_SIZE, useGetHomeFeedQuery } from '../home-api';
import { KIND_PAGES } from '../home-items';
import type { HomeFeed as Feed } from '../home-api';
import { HomeItemRow } from './home-item-row';
import { RetryAlert } from './retry-alert';
import styles from './home-feed.module.css';

const FEEDS: readonly { feed: Feed; label: string }[] = [
  { feed: 'latest', label: 'Latest' },
  { feed: 'trending', label: 'Trending' },
];

/**
 * Placeholder lines the size and number of real ones (a community's full list), so the page
 * does not jump when they arrive.
 */
function FeedSkeleton() {
  return (
    <div aria-hidden className={styles.skeletons}>
      {Array.from({ length: HOME_LIST_SIZE }, (_, index) => (
        <div key={index} className={styles.skeletonRow}>
          <PlainSkeleton variant="circular" width={32} height={32} />
          <div className={styles.skeletonText}>
            <PlainSkeleton width={`${70 - (index % 6) * 6}%`} height={24} />
            <PlainSkeleton width="40%" height={18} />
          </div>
        </div>
      ))}
    </div>
  );
}

interface HomeFeedProps {
  /** The section's heading. */
  title: string;
  /** What a brand-new community with nothing posted offers instead (buttons or links). */
  emptyActions: ReactNode;
  /** Offer the trending list beside the latest one. */
  withTrending?: boolean;
  /** Called once the list, its failure or the empty state has taken the placeholder's place. */
  onShown?: () => void;
}

/**
 * What is new across discussions, polls and quizzes, as one compact list; with `withTrending`,
 * a switch to what is busiest this week.
 */
export function HomeFeed({ title, emptyActions, withTrending = false, onShown }: HomeFeedProps) {
  const [feed, setFeed] = useState<Feed>('latest');
  // `currentData`: after a switch, the other list's lines must not stand in for this one's.
  const {
    currentData: items,
    isError,
    error,
    refetch,
    isFetching,
  } = useGetHomeFeedQuery(feed, { refetchOnMountOrArgChange: 30 });
  const shown = items !== undefined || isError;
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);

  return (
    <section aria-labelledby="home-feed-title">
      <div className={styles.header}>
        <h2 id="home-feed-title">{title}</h2>
        {withTrending && (
          <div role="group" aria-label="Which list" className={styles.choices}>
            {FEEDS.map((option) => (
              <button
                key={option.feed}
                type="button"
                aria-pressed={feed === option.feed}
                className={plainButton({
                  size: 'small',
                  variant: feed === option.feed ? 'contained' : 'text',
                  color: feed === option.feed ? 'primary' : 'inherit',
                })}
                onClick={() => setFeed(option.feed)}
              >
                {option.label}
              </button>
            ))}
          </div>
        )}
      </div>
      {isError ? (
        <RetryAlert message={error.message ?? MESSAGES.generic} onRetry={() => void refetch()} />
      ) : items && items.length === 0 ? (
        <EmptyState
          icon="wbSunnyRounded"
          title={feed === 'latest' ? 'A fresh start' : 'Nothing busy this week'}
          actions={emptyActions}
        >
          {feed === 'latest'
            ? 'No one has posted here yet. The first discussion, poll or quiz sets the tone for everyone who comes after.'
            : 'Discussions, polls and quizzes show up here once members comment, vote and answer.'}
        </EmptyState>
      ) : (
        <div aria-busy={isFetching} className={styles.list}>
          {items ? (
            <ul className={styles.rows}>
              {items.map((item) => (
                <HomeItemRow key={`${item.model}-${item.id}`} item={item} />
              ))}
            </ul>
          ) : (
            <FeedSkeleton />
          )}
          {/* Under the list only once it is there: a short list would pull it up into view. */}
          {items && (
            <nav aria-label="All content" className={styles.kinds}>
              {Object.values(KIND_PAGES).map((kind) => (
                <RouterLink
                  key={kind.path}
                  to={kind.path}
                  className={plainButton({ size: 'small' })}
                >
                  All {kind.plural}
                </RouterLink>
              ))}
            </nav>
          )}
        </div>
      )}
    </section>
  );
}
