import type { ComponentType } from 'react';
import { Link as RouterLink, Navigate, useParams } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { EmptyState } from '../../../components/empty-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { PlainIcon } from '../../../components/plain-icon';
import { RequireAuth } from '../../auth';
import { MyPolls } from '../../polls';
import { MyQuizzes } from '../../quizzes';
import { DiscussionList } from '../components/discussion-list';
import { MY_CONTENT_TABS } from '../components/my-content-tabs';
import type { MyDiscussionsTab, MyKindTab } from '../components/my-content-tabs';
import { useListMyDiscussionsInfiniteQuery } from '../forums-api';

/** The lists other kinds draw of the member's own content. */
const KIND_LISTS: Record<MyKindTab['id'], ComponentType> = { polls: MyPolls, quizzes: MyQuizzes };

function KindList({ tab }: { tab: MyKindTab }) {
  const List = KIND_LISTS[tab.id];
  return <List />;
}

function MyContentList({ tab }: { tab: MyDiscussionsTab }) {
  const query = useListMyDiscussionsInfiniteQuery(tab.id);
  return (
    <DiscussionList
      query={query}
      label={`${tab.label} discussions`}
      empty={
        <EmptyState
          icon={tab.icon}
          title={tab.emptyTitle}
          actions={
            tab.id === 'posted' ? (
              <Button component={RouterLink} to="/discussions/new" variant="contained">
                Start a discussion
              </Button>
            ) : (
              <Button component={RouterLink} to="/discussions" variant="contained">
                Browse discussions
              </Button>
            )
          }
        >
          {tab.emptyText}
        </EmptyState>
      }
    />
  );
}

function MyContent() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'));
  const { tab: requested } = useParams();
  const tab = MY_CONTENT_TABS.find((item) => item.id === requested);
  if (!tab) return <Navigate to="/my-content/posted" replace />;
  return (
    <PageContainer title={`My content · ${tab.label}`} maxWidth="md">
      <PageHeader title="My content">
        What you posted, bookmarked, liked and commented on.
      </PageHeader>
      <Tabs
        value={tab.id}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="My content"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {MY_CONTENT_TABS.map(({ id, label, icon }) => (
          <Tab
            key={id}
            value={id}
            label={label}
            // Icons only where there is room: a phone fits more labels without them.
            // In a span: the tab gives its icon's element the class that spaces it from the label.
            icon={
              wide ? (
                <span style={{ display: 'inline-flex' }}>
                  <PlainIcon name={icon} size={20} />
                </span>
              ) : undefined
            }
            iconPosition="start"
            component={RouterLink}
            to={`/my-content/${id}`}
            replace
            sx={{ minHeight: 48, minWidth: 0, px: { xs: 1, sm: 2 } }}
          />
        ))}
      </Tabs>
      <Box>
        {/* Keyed by tab: each list keeps its own scroll sentinel and cache entry. */}
        {'emptyTitle' in tab ? (
          <MyContentList key={tab.id} tab={tab} />
        ) : (
          <KindList key={tab.id} tab={tab} />
        )}
      </Box>
    </PageContainer>
  );
}

/** The member's own lists at /my-content/:tab. */
export default function MyContentPage() {
  return (
    <RequireAuth>
      <MyContent />
    </RequireAuth>
  );
}
