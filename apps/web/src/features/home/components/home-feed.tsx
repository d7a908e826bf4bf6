import { useEffect, useState } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import type { ReactNode } from 'react';
import { MESSAGES } from '@agora/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import WbSunnyRounded from '@mui/icons-material/WbSunnyRounded';
import { EmptyState } from '../../../components/empty-state';
import { HOME_LIST_SIZE, useGetHomeFeedQuery } from '../home-api';
import { KIND_PAGES } from '../home-items';
import type { HomeFeed as Feed } from '../home-api';
import { HomeItemRow } from './home-item-row';
import { RetryAlert } from './retry-alert';

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
    <Box aria-hidden sx={{ px: { xs: 1.5, sm: 2 } }}>
      {Array.from({ length: HOME_LIST_SIZE }, (_, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 2, py: 1.5, alignItems: 'center' }}>
          <Skeleton variant="circular" width={32} height={32} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width={`${70 - (index % 6) * 6}%`} height={24} />
            <Skeleton width="40%" height={18} />
          </Box>
        </Box>
      ))}
    </Box>
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
    <Box component="section" aria-labelledby="home-feed-title">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
          mb: 1.5,
        }}
      >
        <Typography id="home-feed-title" variant="h2" sx={{ fontSize: '1.35rem' }}>
          {title}
        </Typography>
        {withTrending && (
          <Box role="group" aria-label="Which list" sx={{ display: 'flex', gap: 0.5 }}>
            {FEEDS.map((option) => (
              <Button
                key={option.feed}
                size="small"
                aria-pressed={feed === option.feed}
                variant={feed === option.feed ? 'contained' : 'text'}
                color={feed === option.feed ? 'primary' : 'inherit'}
                onClick={() => setFeed(option.feed)}
              >
                {option.label}
              </Button>
            ))}
          </Box>
        )}
      </Box>
      {isError ? (
        <RetryAlert message={error.message ?? MESSAGES.generic} onRetry={() => void refetch()} />
      ) : items && items.length === 0 ? (
        <EmptyState
          icon={WbSunnyRounded}
          title={feed === 'latest' ? 'A fresh start' : 'Nothing busy this week'}
          actions={emptyActions}
        >
          {feed === 'latest'
            ? 'No one has posted here yet. The first discussion, poll or quiz sets the tone for everyone who comes after.'
            : 'Discussions, polls and quizzes show up here once members comment, vote and answer.'}
        </EmptyState>
      ) : (
        <Paper
          variant="outlined"
          aria-busy={isFetching}
          sx={{ borderRadius: '16px', overflow: 'hidden' }}
        >
          {items ? (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {items.map((item) => (
                <HomeItemRow key={`${item.model}-${item.id}`} item={item} />
              ))}
            </Box>
          ) : (
            <FeedSkeleton />
          )}
          {/* Under the list only once it is there: a short list would pull it up into view. */}
          {items && (
            <Box
              component="nav"
              aria-label="All content"
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 0.5,
                px: 1,
                py: 0.75,
                borderTop: 1,
                borderColor: 'divider',
                bgcolor: 'action.hover',
              }}
            >
              {Object.values(KIND_PAGES).map((kind) => (
                <Button key={kind.path} component={RouterLink} to={kind.path} size="small">
                  All {kind.plural}
                </Button>
              ))}
            </Box>
          )}
        </Paper>
      )}
    </Box>
  );
}
