import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type SvgIcon from '@mui/material/SvgIcon';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import PollRounded from '@mui/icons-material/PollRounded';
import QuizRounded from '@mui/icons-material/QuizRounded';
import { EmptyState } from '../../../components/empty-state';
import { itemsOf, LoadMoreList } from '../../../components/load-more-list';
import { compactCount, exactTime, timeAgo } from '../../../lib/format';
import { MemberAlbums } from '../../albums';
import { apiFailure } from '../../auth';
import {
  ACTIVITY_TABS,
  activityLabel,
  activityTabOf,
  type ActivityItem,
  type ActivityTab,
  type ListedActivityTab,
} from '../member-activity';
import { useGetActivityCountsQuery, useListMemberActivityInfiniteQuery } from '../users-api';

const PANEL_ID = 'member-activity-panel';
const tabId = (tab: ActivityTab) => `member-activity-tab-${tab}`;

/** What each tab says when it has nothing, and where the member themself could start. */
const EMPTY: Record<
  ListedActivityTab,
  { icon: typeof SvgIcon; noun: string; start?: { to: string; label: string } }
> = {
  discussions: {
    icon: ForumRounded,
    noun: 'discussions',
    start: { to: '/discussions/new', label: 'Start a discussion' },
  },
  comments: { icon: ChatBubbleOutlineRounded, noun: 'comments' },
  polls: { icon: PollRounded, noun: 'polls', start: { to: '/polls/new', label: 'Create a poll' } },
  quizzes: {
    icon: QuizRounded,
    noun: 'quizzes',
    start: { to: '/quizzes/new', label: 'Create a quiz' },
  },
};

function ActivityLine({ item }: { item: ActivityItem }) {
  return (
    <Paper component="li" variant="outlined" sx={{ borderRadius: '12px', px: 2, py: 1.5 }}>
      <Link
        component={RouterLink}
        to={item.href}
        underline="hover"
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {item.excerpt === undefined ? item.title : `On “${item.title}”`}
      </Link>
      {item.excerpt && (
        <Typography
          variant="body2"
          sx={{
            mt: 0.5,
            overflowWrap: 'anywhere',
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {item.excerpt}
        </Typography>
      )}
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
        <time dateTime={item.createdAt} title={exactTime(item.createdAt)}>
          {timeAgo(item.createdAt)}
        </time>
        {item.facts.map((fact) => ` · ${fact}`).join('')}
      </Typography>
    </Paper>
  );
}

function LinesSkeleton() {
  return (
    <Stack spacing={1.5} aria-hidden>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} variant="rounded" height={72} />
      ))}
    </Stack>
  );
}

interface ActivityListProps {
  username: string;
  name: string;
  tab: ListedActivityTab;
  isMe: boolean;
}

function ActivityList({ username, name, tab, isMe }: ActivityListProps) {
  const query = useListMemberActivityInfiniteQuery({ username, tab });
  const items = itemsOf(query.data);
  const plural = tab;
  const empty = EMPTY[tab];
  return (
    <LoadMoreList
      query={query}
      count={items.length}
      skeleton={<LinesSkeleton />}
      failure={query.error ? apiFailure(query.error).message : `The ${plural} could not be loaded.`}
      empty={
        <EmptyState
          icon={empty.icon}
          title={`No ${empty.noun} yet`}
          actions={
            isMe && empty.start ? (
              <Button component={RouterLink} to={empty.start.to} variant="contained">
                {empty.start.label}
              </Button>
            ) : undefined
          }
        >
          {isMe
            ? `Your ${empty.noun} will be listed here for everyone to see.`
            : `${name} has no public ${empty.noun} yet.`}
        </EmptyState>
      }
      more={{ label: `Load more ${plural}`, variant: 'outlined', fullWidth: true, sx: { mt: 2 } }}
    >
      <Stack
        component="ul"
        aria-label={`${name}'s ${plural}`}
        aria-busy={query.isFetching}
        spacing={1.5}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {items.map((item) => (
          <ActivityLine key={item.id} item={item} />
        ))}
      </Stack>
    </LoadMoreList>
  );
}

/**
 * A tab's name and how many items it lists: under the name on a phone, where four names and
 * counts side by side would not fit. The count's place is kept while it loads, so the tabs do
 * not move when it arrives.
 */
function TabLabel({ tab, count }: { tab: ActivityTab; count: number | undefined }) {
  return (
    <span>
      {activityLabel(tab)}{' '}
      <Box
        component="span"
        sx={{
          display: { xs: 'block', sm: 'inline-block' },
          minWidth: '2ch',
          minHeight: '1.5em',
          color: 'text.secondary',
          fontWeight: 500,
        }}
      >
        {count === undefined ? '' : compactCount(count)}
      </Box>
    </span>
  );
}

interface MemberActivityProps {
  username: string;
  /** The member's display name. */
  name: string;
  isMe: boolean;
}

/**
 * A member's discussions, comments, polls, quizzes and albums, one tab each, with how many each
 * lists.
 * The tab is `?tab=` in the address, so Back returns to the one before and a link can name it.
 */
export function MemberActivity({ username, name, isMe }: MemberActivityProps) {
  const [params] = useSearchParams();
  const tab = activityTabOf(params.get('tab'));
  const { currentData: counts } = useGetActivityCountsQuery(username);
  return (
    <Box component="section" aria-labelledby="member-activity-title" sx={{ mt: 3 }}>
      <Typography id="member-activity-title" variant="h6" component="h2">
        Activity
      </Typography>
      <Tabs
        value={tab}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={`${name}'s activity`}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {ACTIVITY_TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={<TabLabel tab={value} count={counts?.[value]} />}
            id={tabId(value)}
            aria-controls={PANEL_ID}
            component={RouterLink}
            to={{ search: value === ACTIVITY_TABS[0] ? '' : `?tab=${value}` }}
            preventScrollReset
            // Narrow padding on a phone keeps all four in view; the bar scrolls if a font is wider.
            sx={{ textTransform: 'none', fontWeight: 600, minWidth: 0, px: { xs: 1.25, sm: 2 } }}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(tab)}>
        {/* Keyed by tab: each keeps its own cache entry and paging. */}
        {tab === 'albums' ? (
          <MemberAlbums username={username} name={name} isMe={isMe} />
        ) : (
          <ActivityList key={tab} username={username} name={name} tab={tab} isMe={isMe} />
        )}
      </Box>
    </Box>
  );
}
