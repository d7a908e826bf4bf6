import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ClearRounded from '@mui/icons-material/ClearRounded';
import PollRounded from '@mui/icons-material/PollRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { EmptyState } from '../../../components/empty-state';
import { NewContentButton } from '../../../components/new-content-button';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsAuthenticated } from '../../auth';
import { SignInPrompt, TagFilter } from '../../content';
import { PollList } from '../components/poll-list';
import { PollsSidePanel } from '../components/polls-side-panel';
import { POLL_FEED_ORDERINGS, useGetPollTagsQuery, useListPollsInfiniteQuery } from '../polls-api';
import type { PollFeedOrdering } from '../polls-api';

const TAB_LABELS: Record<PollFeedOrdering, string> = {
  latest: 'Latest',
  trending: 'Trending',
  top: 'Top',
};

function isOrdering(value: string | null): value is PollFeedOrdering {
  return POLL_FEED_ORDERINGS.some((ordering) => ordering === value);
}

/** The polls feed at /polls: Latest / Trending / Top, by tag or words, voted on in place. */
export default function PollsPage() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const [params, setParams] = useSearchParams();
  const requested = params.get('ordering');
  const ordering: PollFeedOrdering = isOrdering(requested) ? requested : 'latest';
  const tag = params.get('tag') ?? undefined;
  const q = params.get('q') ?? undefined;
  const [search, setSearch] = useState(q ?? '');
  const query = useListPollsInfiniteQuery({
    ordering,
    ...(tag ? { tag } : {}),
    ...(q ? { q } : {}),
  });
  const { data: tags = [], isLoading: tagsLoading } = useGetPollTagsQuery(undefined);

  const update = (changes: { ordering?: PollFeedOrdering; tag?: string | null; q?: string }) => {
    const next = new URLSearchParams(params);
    if (changes.ordering) {
      if (changes.ordering === 'latest') next.delete('ordering');
      else next.set('ordering', changes.ordering);
    }
    if (changes.tag !== undefined) {
      if (changes.tag === null) next.delete('tag');
      else next.set('tag', changes.tag);
    }
    if (changes.q !== undefined) {
      if (changes.q.trim() === '') next.delete('q');
      else next.set('q', changes.q.trim());
    }
    setParams(next, { replace: true });
  };

  const filtered = Boolean(tag || q);

  return (
    <PageContainer title="Polls">
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'flex-start' },
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <PageHeader title="Polls">
          Ask the community a question and watch the answers come in, live.
        </PageHeader>
        <NewContentButton to="/polls/new" label="New poll" />
      </Box>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 280px' },
          gap: { xs: 3, md: 4 },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', md: 'row' },
              alignItems: { md: 'flex-end' },
              gap: { xs: 1, md: 2 },
              borderBottom: 1,
              borderColor: 'divider',
              mb: 2,
            }}
          >
            <Tabs
              value={ordering}
              onChange={(_event, value: PollFeedOrdering) => update({ ordering: value })}
              aria-label="Order polls"
              sx={{ flex: 1 }}
            >
              {POLL_FEED_ORDERINGS.map((value) => (
                <Tab key={value} value={value} label={TAB_LABELS[value]} />
              ))}
            </Tabs>
            <Box
              component="form"
              role="search"
              // Named apart from the top bar's search of all Agora.
              aria-label="Polls"
              onSubmit={(event) => {
                event.preventDefault();
                update({ q: search });
              }}
              sx={{ pb: 1, width: { xs: '100%', md: 260 } }}
            >
              <TextField
                size="small"
                fullWidth
                label="Search polls"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                slotProps={{
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        {q ? (
                          <IconButton
                            size="small"
                            aria-label="Clear the search"
                            onClick={() => {
                              setSearch('');
                              update({ q: '' });
                            }}
                          >
                            <ClearRounded fontSize="small" />
                          </IconButton>
                        ) : (
                          <IconButton size="small" aria-label="Search" type="submit">
                            <SearchRounded fontSize="small" />
                          </IconButton>
                        )}
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </Box>
          </Box>
          <Box sx={{ mb: 2.5 }}>
            <TagFilter
              loading={tagsLoading}
              tags={tags}
              selected={tag}
              onChange={(value) => update({ tag: value ?? null })}
            />
          </Box>
          {!isAuthenticated && (
            <Box sx={{ mb: 2.5, display: { md: 'none' } }}>
              <SignInPrompt title="Have your say">
                Log in to vote, ask your own questions and comment.
              </SignInPrompt>
            </Box>
          )}
          <PollList
            query={query}
            label={tag ? `Polls tagged ${tag}` : 'Polls'}
            empty={
              <EmptyState
                icon={PollRounded}
                title={
                  q ? `No polls match “${q}”` : tag ? `No polls tagged #${tag} yet` : 'No polls yet'
                }
                actions={
                  <>
                    <Button component={RouterLink} to="/polls/new" variant="contained">
                      Create a poll
                    </Button>
                    {filtered && (
                      <Button
                        variant="outlined"
                        onClick={() => {
                          setSearch('');
                          update({ tag: null, q: '' });
                        }}
                      >
                        Show all polls
                      </Button>
                    )}
                  </>
                }
              >
                {ordering === 'trending' && !filtered
                  ? 'Nothing is trending this week. Ask a question and get people voting.'
                  : 'Ask the first question: members vote, and everyone sees the answers come in.'}
              </EmptyState>
            }
          />
        </Box>
        <Box
          component="aside"
          aria-label="Polls side panel"
          sx={{ display: { xs: 'none', md: 'block' }, position: 'sticky', top: 88 }}
        >
          <PollsSidePanel />
        </Box>
      </Box>
    </PageContainer>
  );
}
