import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import QuizRounded from '@mui/icons-material/QuizRounded';
import { EmptyState } from '../../../components/empty-state';
import { NewContentButton } from '../../../components/new-content-button';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsAuthenticated } from '../../auth';
import { SignInPrompt, TagFilter } from '../../content';
import { selectProfile } from '../../users';
import { LeaderboardPanel } from '../components/leaderboard-panel';
import { QuizList } from '../components/quiz-list';
import { QuizRecordCard } from '../components/quiz-record-card';
import {
  QUIZ_FEED_ORDERINGS,
  useGetQuizTagsQuery,
  useListQuizzesInfiniteQuery,
  useListTrendingQuizzesInfiniteQuery,
} from '../quizzes-api';
import type { QuizFeedOrdering } from '../quizzes-api';

const TAB_LABELS: Record<QuizFeedOrdering, string> = {
  latest: 'Latest',
  trending: 'Trending',
  top: 'Top',
};

function isOrdering(value: string | null): value is QuizFeedOrdering {
  return QUIZ_FEED_ORDERINGS.some((ordering) => ordering === value);
}

/** The viewer's record, or an invitation to sign in. */
function YouPanel({ stacked }: { stacked: boolean }) {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const me = useAppSelector(selectProfile);
  if (!isAuthenticated) {
    return (
      <SignInPrompt title="Test what you know" stacked={stacked}>
        Log in to answer quizzes, keep a streak and climb the leaderboard.
      </SignInPrompt>
    );
  }
  return <QuizRecordCard username={me?.username} title="Your quiz record" />;
}

/**
 * The quizzes feed at /quizzes: Latest / Trending / Top, by tag, answered in place; beside it
 * (below it on phones) the viewer's record and the leaderboard.
 */
export default function QuizzesPage() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [params, setParams] = useSearchParams();
  const requested = params.get('ordering');
  const ordering: QuizFeedOrdering = isOrdering(requested) ? requested : 'latest';
  const tag = params.get('tag') ?? undefined;
  const trendingTab = ordering === 'trending';
  const listed = useListQuizzesInfiniteQuery(
    { ordering, ...(tag ? { tag } : {}) },
    { skip: trendingTab },
  );
  // trending_quizs/ is the ranking's own address, shared with the home page and other readers.
  const trending = useListTrendingQuizzesInfiniteQuery(tag ? { tag } : {}, { skip: !trendingTab });
  const query = trendingTab ? trending : listed;
  const { data: tags = [], isLoading: tagsLoading } = useGetQuizTagsQuery(undefined);

  const update = (changes: { ordering?: QuizFeedOrdering; tag?: string | null }) => {
    const next = new URLSearchParams(params);
    if (changes.ordering) {
      if (changes.ordering === 'latest') next.delete('ordering');
      else next.set('ordering', changes.ordering);
    }
    if (changes.tag !== undefined) {
      if (changes.tag === null) next.delete('tag');
      else next.set('tag', changes.tag);
    }
    setParams(next, { replace: true });
  };

  const feed = (
    <Box sx={{ minWidth: 0 }}>
      <Tabs
        value={ordering}
        onChange={(_event, value: QuizFeedOrdering) => update({ ordering: value })}
        aria-label="Order quizzes"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {QUIZ_FEED_ORDERINGS.map((value) => (
          <Tab key={value} value={value} label={TAB_LABELS[value]} />
        ))}
      </Tabs>
      <Box sx={{ mb: 2.5 }}>
        <TagFilter
          loading={tagsLoading}
          tags={tags}
          selected={tag}
          onChange={(value) => update({ tag: value ?? null })}
        />
      </Box>
      <QuizList
        query={query}
        label={tag ? `Quizzes tagged ${tag}` : 'Quizzes'}
        empty={
          <EmptyState
            icon={QuizRounded}
            title={tag ? `No quizzes tagged #${tag} yet` : 'No quizzes yet'}
            actions={
              <>
                <Button component={RouterLink} to="/quizzes/new" variant="contained">
                  Create a quiz
                </Button>
                {tag && (
                  <Button variant="outlined" onClick={() => update({ tag: null })}>
                    Show all tags
                  </Button>
                )}
              </>
            }
          >
            {ordering === 'trending' && !tag
              ? 'Nothing is trending this week. Ask a question and see who knows the answer.'
              : 'Ask the first question: members answer, and find out at once whether they were right.'}
          </EmptyState>
        }
      />
    </Box>
  );

  return (
    <PageContainer title="Quizzes">
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'flex-start' },
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <PageHeader title="Quizzes">
          Test what you know, keep your streak going and see who knows the most.
        </PageHeader>
        <NewContentButton to="/quizzes/new" label="New quiz" />
      </Box>

      {wide ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) 320px',
            gap: 4,
            alignItems: 'start',
          }}
        >
          {feed}
          <Stack component="aside" aria-label="Quiz records" spacing={3}>
            <YouPanel stacked />
            <LeaderboardPanel />
          </Stack>
        </Box>
      ) : (
        <Stack spacing={3}>
          <YouPanel stacked={false} />
          {feed}
          <Box component="aside" aria-label="Quiz records">
            <LeaderboardPanel />
          </Box>
        </Stack>
      )}
    </PageContainer>
  );
}
