import { useCallback } from 'react';
import List from '@mui/material/List';
import {
  fetchNotificationDetails,
  NotificationRow,
  selectNotificationDetails,
  selectNotificationsError,
  selectNotificationsLoading,
  useOpenNotification,
} from '../../notifications';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { RetryAlert } from './retry-alert';
import { HomePanel, PanelNote, PanelSkeleton } from './home-panel';
import { useLoadOnMount } from './use-load-on-mount';

const SHOWN = 4;

/** The member's latest notifications; the socket keeps the list current while the page is open. */
export function RecentNotificationsPanel() {
  const dispatch = useAppDispatch();
  const details = useAppSelector(selectNotificationDetails);
  const loading = useAppSelector(selectNotificationsLoading);
  const error = useAppSelector(selectNotificationsError);
  const openNotification = useOpenNotification();
  const { loaded, reload } = useLoadOnMount(
    useCallback(() => dispatch(fetchNotificationDetails()), [dispatch]),
  );
  const latest = details.slice(0, SHOWN);

  return (
    <HomePanel title="Notifications" more={{ label: 'See all', to: '/notifications' }}>
      {error ? (
        <RetryAlert message={error} onRetry={reload} sx={{ mx: 2, mb: 2 }} />
      ) : !loaded || (loading && latest.length === 0) ? (
        <PanelSkeleton />
      ) : latest.length === 0 ? (
        <PanelNote>Nothing yet. Likes, comments and mentions of your posts show up here.</PanelNote>
      ) : (
        <List disablePadding sx={{ pb: 1 }}>
          {latest.map((item) => (
            <li key={item.id}>
              <NotificationRow item={item} onOpen={openNotification} />
            </li>
          ))}
        </List>
      )}
    </HomePanel>
  );
}
