import { Link as RouterLink } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import { isForumsNotification } from '@agora/shared';
import type { NotificationItem } from '@agora/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import { EmptyState } from '../../../components/empty-state';
import { itemsOf, LoadMoreButton, LoadMoreList } from '../../../components/load-more-list';
import { ContentLoading } from '../../../components/content-loading';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { readRefreshToken } from '../../../lib/cookies';
import { decodeToken } from '../../../lib/token';
import {
  loginPathFor,
  selectAuthLoading,
  selectAuthToken,
  selectIsAuthenticated,
} from '../../auth';
import { NotificationRow } from '../components/notification-row';
import { useOpenNotification } from '../components/use-open-notification';
import { readAllNotifications, selectNotificationDetails } from '../notification-slice';
import { useGetNotificationPagesInfiniteQuery } from '../notifications-api';

const intro = 'Comments, replies, likes, votes and mentions that concern you, newest first.';

function Notifications({ viewerId }: { viewerId: string }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const live = useAppSelector(selectNotificationDetails);
  const query = useGetNotificationPagesInfiniteQuery(viewerId);
  const { data, error } = query;
  const openNotification = useOpenNotification();

  const paged = itemsOf(data).filter(isForumsNotification);
  const known = new Set(paged.map((item) => item.id));
  const newest = paged[0] ? Date.parse(paged[0].createdAt) : 0;
  // Notifications that came over the socket since the first page loaded go on top.
  const arrived = live.filter(
    (item) => !known.has(item.id) && Date.parse(item.createdAt) >= newest && data !== undefined,
  );
  const items: NotificationItem[] = [...arrived, ...paged];
  const anyNew = items.some((item) => !item.viewed);

  const readAll = async () => {
    const result = await dispatch(readAllNotifications());
    if (readAllNotifications.fulfilled.match(result)) {
      toast.success('All notifications are marked as read.');
    } else if (result.payload) {
      toast.error(result.payload);
    }
  };

  return (
    <PageContainer title="Notifications" maxWidth="md">
      <Box
        sx={{
          display: 'flex',
          alignItems: { xs: 'stretch', sm: 'flex-start' },
          flexDirection: { xs: 'column', sm: 'row' },
          justifyContent: 'space-between',
          gap: { xs: 0, sm: 2 },
        }}
      >
        <PageHeader title="Notifications">{intro}</PageHeader>
        {items.length > 0 && (
          <Button
            variant="outlined"
            startIcon={<DoneAllRounded />}
            disabled={!anyNew}
            onClick={() => void readAll()}
            sx={{ flexShrink: 0, mt: { sm: 1.5 }, mb: { xs: 2, sm: 0 } }}
          >
            Mark all as read
          </Button>
        )}
      </Box>
      <LoadMoreList
        query={query}
        count={items.length}
        skeleton={
          <Paper variant="outlined" sx={{ borderRadius: '16px', p: 2 }} aria-busy>
            {[0, 1, 2, 3, 4].map((row) => (
              <Box key={row} sx={{ display: 'flex', gap: 1.5, py: 1.25 }}>
                <Skeleton variant="circular" width={40} height={40} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton width="70%" />
                  <Skeleton width="35%" />
                </Box>
              </Box>
            ))}
          </Paper>
        }
        failure={
          error && 'message' in error && typeof error.message === 'string'
            ? error.message
            : 'Your notifications could not be loaded.'
        }
        empty={
          <EmptyState icon={NotificationsNoneRounded} title="No notifications yet">
            When someone comments on your discussion, replies to you, likes your post or mentions
            you, it shows up here.
          </EmptyState>
        }
      >
        <Paper variant="outlined" sx={{ borderRadius: '16px', overflow: 'hidden' }}>
          <List aria-label="Notifications" disablePadding>
            {items.map((item, index) => (
              <Box
                component="li"
                key={item.id}
                sx={{ borderTop: index === 0 ? 0 : 1, borderColor: 'divider' }}
              >
                <NotificationRow item={item} onOpen={openNotification} />
              </Box>
            ))}
          </List>
          {query.hasNextPage && (
            <Box sx={{ p: 1.5, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
              <LoadMoreButton query={query} label="Show older notifications" />
            </Box>
          )}
        </Paper>
      </LoadMoreList>
    </PageContainer>
  );
}

/** /notifications: every notification, page by page (SPEC §7 "Common"). */
export default function NotificationsPage() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const authLoading = useAppSelector(selectAuthLoading);
  // The account the cached pages belong to: the access token's subject.
  const viewerId = useAppSelector((state) => String(decodeToken(selectAuthToken(state)).sub ?? ''));

  // SPEC §6: notification details are fetched only when authenticated.
  if (isAuthenticated) return <Notifications viewerId={viewerId} />;
  if (authLoading && readRefreshToken() !== undefined) return <ContentLoading />;
  return (
    <PageContainer title="Notifications" maxWidth="md">
      <PageHeader title="Notifications">{intro}</PageHeader>
      <EmptyState
        icon={LockRounded}
        title="Log in to see your notifications"
        actions={
          <>
            <Button component={RouterLink} to={loginPathFor('/notifications')} variant="contained">
              Log in
            </Button>
            <Button component={RouterLink} to="/register" variant="outlined">
              Sign up
            </Button>
          </>
        }
      >
        Replies, likes and other activity that concerns you are collected here.
      </EmptyState>
    </PageContainer>
  );
}
