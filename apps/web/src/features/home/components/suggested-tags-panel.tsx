import { Link as RouterLink } from '../../../lib/router';
import { MESSAGES } from '@agora/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { plural } from '../../../lib/format';
import { useGetHomeTagsQuery } from '../home-api';
import { RetryAlert } from './retry-alert';
import { HomePanel, PanelNote } from './home-panel';

/** The tags members use most, across discussions, polls and quizzes. */
export function SuggestedTagsPanel() {
  const {
    data: tags,
    isError,
    error,
    refetch,
  } = useGetHomeTagsQuery(undefined, {
    refetchOnMountOrArgChange: 300,
  });

  return (
    <HomePanel title="Popular tags">
      {isError ? (
        <RetryAlert
          message={error.message ?? MESSAGES.generic}
          onRetry={() => void refetch()}
          sx={{ mx: 2, mb: 2 }}
        />
      ) : tags && tags.length === 0 ? (
        <PanelNote>Tags appear here once posts use them: add a few to yours.</PanelNote>
      ) : (
        <Box
          component="ul"
          aria-busy={!tags}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, px: 2, pb: 2 }}
        >
          {tags
            ? tags.map((tag) => (
                <li key={tag.name}>
                  <Chip
                    component={RouterLink}
                    to={tag.path}
                    clickable
                    size="small"
                    variant="outlined"
                    title={plural(tag.count, 'post')}
                    label={
                      <>
                        #{tag.name}{' '}
                        <Box component="span" sx={{ color: 'text.secondary', ml: 0.25 }}>
                          {tag.count}
                        </Box>
                      </>
                    }
                  />
                </li>
              ))
            : Array.from({ length: 8 }, (_, index) => (
                <li key={index} aria-hidden>
                  <Skeleton variant="rounded" width={56 + (index % 3) * 18} height={24} />
                </li>
              ))}
        </Box>
      )}
    </HomePanel>
  );
}
