import { Link as RouterLink, useSearchParams } from 'react-router';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import LockRounded from '@mui/icons-material/LockRounded';
import PersonSearchRounded from '@mui/icons-material/PersonSearchRounded';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { useAppSelector } from '../../../lib/hooks';
import { EmptyState } from '../../../components/empty-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { selectIsAuthenticated } from '../../auth';
import { useSearchContentQuery, useSearchMembersQuery } from '../common-api';
import { CommentHitCard, ContentHitCard, HitSkeleton } from '../components/content-results';
import { MemberHitCard, MemberSkeleton } from '../components/member-results';

type SearchTab = 'discussions' | 'members';

const tabId = (tab: SearchTab) => `search-tab-${tab}`;
const panelId = (tab: SearchTab) => `search-panel-${tab}`;

/** A failed search, said inline with a way to try again. */
function SearchError({ error, onRetry }: { error: { message?: string }; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {error.message ?? 'The search did not finish. Try again in a moment.'}
    </Alert>
  );
}

function Section({
  title,
  count,
  children,
}: {
  title: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {title}{' '}
        <Typography component="span" color="text.secondary" sx={{ fontWeight: 500 }}>
          {count}
        </Typography>
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}

function Loading({ item, label }: { item: ReactNode; label: string }) {
  return (
    <Stack spacing={1.5} role="status" aria-label={label}>
      {item}
      {item}
      {item}
    </Stack>
  );
}

function ContentResults({ q }: { q: string }) {
  const { currentData, error, isFetching, refetch } = useSearchContentQuery(q);
  if (!currentData && isFetching) {
    return <Loading item={<HitSkeleton />} label="Searching discussions" />;
  }
  if (!currentData) {
    return error ? <SearchError error={error} onRetry={() => void refetch()} /> : null;
  }
  const { discussions, comments, polls, quizzes } = currentData;
  if ([discussions, comments, polls, quizzes].every((hits) => hits.length === 0)) {
    return (
      <EmptyState
        icon={SearchOffRounded}
        title={`Nothing matches “${q}”`}
        actions={
          <Button component={RouterLink} to="/discussions" variant="outlined">
            Browse discussions
          </Button>
        }
      >
        Try fewer or other words, or check the spelling. Put words in quotes to find an exact
        phrase.
      </EmptyState>
    );
  }
  return (
    <Stack spacing={4}>
      {discussions.length > 0 && (
        <Section title="Discussions" count={discussions.length}>
          {discussions.map((hit) => (
            <ContentHitCard key={hit.id} hit={hit} to={`/discussions/${hit.id}`} />
          ))}
        </Section>
      )}
      {polls.length > 0 && (
        <Section title="Polls" count={polls.length}>
          {polls.map((hit) => (
            <ContentHitCard key={hit.id} hit={hit} to={`/polls/${hit.id}`} />
          ))}
        </Section>
      )}
      {quizzes.length > 0 && (
        <Section title="Quizzes" count={quizzes.length}>
          {quizzes.map((hit) => (
            <ContentHitCard key={hit.id} hit={hit} to={`/quizzes/${hit.id}`} />
          ))}
        </Section>
      )}
      {comments.length > 0 && (
        <Section title="Comments" count={comments.length}>
          {comments.map((hit) => (
            <CommentHitCard key={hit.id} hit={hit} />
          ))}
        </Section>
      )}
    </Stack>
  );
}

function MemberResults({ q }: { q: string }) {
  const { currentData, error, isFetching, refetch } = useSearchMembersQuery(q);
  if (!currentData && isFetching) {
    return <Loading item={<MemberSkeleton />} label="Searching members" />;
  }
  if (!currentData) {
    return error ? <SearchError error={error} onRetry={() => void refetch()} /> : null;
  }
  if (currentData.results.length === 0) {
    return (
      <EmptyState icon={PersonSearchRounded} title={`No member matches “${q}”`}>
        Search by username, first name or last name; the beginning of a name is enough.
      </EmptyState>
    );
  }
  return (
    <Stack component="ul" spacing={1.5} aria-label="Members" sx={{ p: 0, m: 0 }}>
      {currentData.results.map((member) => (
        <MemberHitCard key={member.id} member={member} />
      ))}
    </Stack>
  );
}

/** Member search is for members, as profiles are. */
function MembersSignIn({ q }: { q: string }) {
  const back = `/search?${new URLSearchParams({ q, tab: 'members' }).toString()}`;
  return (
    <EmptyState
      icon={LockRounded}
      title="Log in to find members"
      actions={
        <>
          <Button
            component={RouterLink}
            to={`/login?next=${encodeURIComponent(back)}`}
            variant="contained"
          >
            Log in
          </Button>
          <Button component={RouterLink} to="/register" variant="outlined">
            Sign up
          </Button>
        </>
      }
    >
      Member profiles are visible to members of the community.
    </EmptyState>
  );
}

/**
 * Search results at /search?q=: discussions, polls, quizzes and comments, or members
 * (`&tab=members`).
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const tab: SearchTab = params.get('tab') === 'members' ? 'members' : 'discussions';
  const isAuthenticated = useAppSelector(selectIsAuthenticated);

  if (!q) {
    return (
      <PageContainer title="Search" maxWidth="md">
        <PageHeader title="Search" />
        <EmptyState icon={SearchRounded} title="What are you looking for?">
          Type a word in the search field at the top of the page to find discussions, polls,
          quizzes, comments and members.
        </EmptyState>
      </PageContainer>
    );
  }

  const chooseTab = (next: SearchTab) => {
    const changed = new URLSearchParams(params);
    if (next === 'discussions') changed.delete('tab');
    else changed.set('tab', next);
    setParams(changed, { replace: true });
  };

  return (
    <PageContainer title={`${q} · Search`} maxWidth="md">
      <PageHeader title="Search results">
        Discussions, polls, quizzes, comments and members matching <strong>“{q}”</strong>.
      </PageHeader>
      <Tabs
        value={tab}
        onChange={(_, next: SearchTab) => chooseTab(next)}
        aria-label="What to search"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="discussions"
          label="Discussions"
          id={tabId('discussions')}
          aria-controls={panelId('discussions')}
        />
        <Tab
          value="members"
          label="Members"
          id={tabId('members')}
          aria-controls={panelId('members')}
        />
      </Tabs>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'discussions' && <ContentResults q={q} />}
        {tab === 'members' && (isAuthenticated ? <MemberResults q={q} /> : <MembersSignIn q={q} />)}
      </Box>
    </PageContainer>
  );
}
