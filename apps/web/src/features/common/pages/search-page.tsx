import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import type { ReactNode } from 'react';
import { SEARCH_RESULTS_MAX, type ContentSearchResults } from '@agora/shared';
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
        <Typography component="span" color="textSecondary" sx={{ fontWeight: 500 }}>
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

type ContentTab = 'all' | ContentKind;
type ContentKind = 'discussions' | 'polls' | 'quizzes' | 'comments';
type SearchTab = ContentTab | 'members';

const SEARCH_TABS: SearchTab[] = ['all', 'discussions', 'polls', 'quizzes', 'comments', 'members'];

const KIND_TITLES: Record<ContentKind, string> = {
  discussions: 'Discussions',
  polls: 'Polls',
  quizzes: 'Quizzes',
  comments: 'Comments',
};

/** The server sends at most SEARCH_RESULTS_MAX of a kind: that many may stand for more. */
const countText = (count: number) =>
  count >= SEARCH_RESULTS_MAX ? `${SEARCH_RESULTS_MAX}+` : String(count);

/** Each kind's hits as cards, in the order the page lists the kinds. */
function hitCards(results: ContentSearchResults): Record<ContentKind, ReactNode[]> {
  return {
    discussions: results.discussions.map((hit) => (
      <ContentHitCard key={hit.id} hit={hit} to={`/discussions/${hit.id}`} />
    )),
    polls: results.polls.map((hit) => (
      <ContentHitCard key={hit.id} hit={hit} to={`/polls/${hit.id}`} />
    )),
    quizzes: results.quizzes.map((hit) => (
      <ContentHitCard key={hit.id} hit={hit} to={`/quizzes/${hit.id}`} />
    )),
    comments: results.comments.map((hit) => <CommentHitCard key={hit.id} hit={hit} />),
  };
}

/** What matches `q`: every kind in sections (`all`), or one kind. */
function ContentResults({ q, tab }: { q: string; tab: ContentTab }) {
  const { currentData, error, isFetching, refetch } = useSearchContentQuery(q);
  if (!currentData && isFetching) {
    return <Loading item={<HitSkeleton />} label="Searching" />;
  }
  if (!currentData) {
    return error ? <SearchError error={error} onRetry={() => void refetch()} /> : null;
  }
  const cards = hitCards(currentData);
  const kinds = (tab === 'all' ? (Object.keys(cards) as ContentKind[]) : [tab]).filter(
    (kind) => cards[kind].length > 0,
  );
  if (kinds.length === 0) {
    return (
      <EmptyState
        icon={SearchOffRounded}
        title={
          tab === 'all'
            ? `Nothing matches “${q}”`
            : `No ${KIND_TITLES[tab].toLowerCase()} match “${q}”`
        }
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
      {kinds.map((kind) => (
        <Section key={kind} title={KIND_TITLES[kind]} count={cards[kind].length}>
          {cards[kind]}
        </Section>
      ))}
    </Stack>
  );
}

/** A tab's name with how many hits it holds, once known. */
function TabLabel({ title, count }: { title: string; count?: number }) {
  return (
    <span>
      {title}
      {count !== undefined && (
        <>
          {' '}
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500 }}>
            {countText(count)}
          </Box>
        </>
      )}
    </span>
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
 * Search results at /search?q=: discussions, polls, quizzes and comments, all together or one
 * kind (`&tab=polls`), or members (`&tab=members`).
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const asked = params.get('tab');
  const tab = SEARCH_TABS.find((each) => each !== 'all' && each === asked) ?? 'all';
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  // The tabs' counts come from the content search, whichever tab is open.
  const { currentData: found } = useSearchContentQuery(q, { skip: !q });

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
    if (next === 'all') changed.delete('tab');
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
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {SEARCH_TABS.map((each) => (
          <Tab
            key={each}
            value={each}
            label={
              each === 'all' ? (
                'All'
              ) : each === 'members' ? (
                'Members'
              ) : (
                <TabLabel title={KIND_TITLES[each]} count={found?.[each].length} />
              )
            }
            id={tabId(each)}
            aria-controls={panelId(each)}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'members' ? (
          isAuthenticated ? (
            <MemberResults q={q} />
          ) : (
            <MembersSignIn q={q} />
          )
        ) : (
          <ContentResults q={q} tab={tab} />
        )}
      </Box>
    </PageContainer>
  );
}
