import { useEffect } from 'react';
import { Link as RouterLink } from '../../../lib/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import { NOTIFICATION_DEFAULT_LIMIT } from '@agora/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../lib/toasts/use-toast';
import {
  fetchNotificationDetails,
  readAllNotifications,
  selectNotificationCount,
  selectNotificationDetails,
  selectNotificationsLoading,
} from '../notification-slice';
import { NotificationRow } from './notification-row';
import { useOpenNotification } from './use-open-notification';

interface NotificationMenuProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The bell's panel: the latest 10 notifications, "Mark all as read" and "See all". */
export function NotificationMenu({ id, anchor, onClose }: NotificationMenuProps) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const count = useAppSelector(selectNotificationCount);
  const details = useAppSelector(selectNotificationDetails);
  const loading = useAppSelector(selectNotificationsLoading);
  const open = anchor !== null;
  const openNotification = useOpenNotification();
  const latest = details.slice(0, NOTIFICATION_DEFAULT_LIMIT);
  const anyNew = count > 0 || latest.some((item) => !item.viewed);

  // The panel stays mounted once opened, so this loads the list once per sign-in; after that
  // the socket puts each new notification on top of it.
  useEffect(() => {
    void dispatch(fetchNotificationDetails());
  }, [dispatch]);

  const readAll = async () => {
    const result = await dispatch(readAllNotifications());
    if (readAllNotifications.rejected.match(result) && result.payload) {
      toast.error(result.payload);
    }
  };

  return (
    <Popover
      id={id}
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': 'Notifications',
          sx: { width: 380, maxWidth: 'calc(100vw - 24px)', borderRadius: '16px', mt: 1 },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
        <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 700, flex: 1 }}>
          Notifications
        </Typography>
        <Button size="small" disabled={!anyNew} onClick={() => void readAll()}>
          Mark all as read
        </Button>
      </Box>
      <Divider />
      <Box sx={{ maxHeight: 'min(440px, 60vh)', overflowY: 'auto' }}>
        {loading && latest.length === 0 ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 5 }}>
            <CircularProgress size={28} aria-label="Loading notifications" />
          </Box>
        ) : latest.length === 0 ? (
          <Box sx={{ textAlign: 'center', px: 3, py: 5, color: 'text.secondary' }}>
            <NotificationsNoneRounded sx={{ fontSize: 36, color: 'text.disabled' }} />
            <Typography sx={{ fontWeight: 600, color: 'text.primary', mt: 1 }}>
              You’re all caught up
            </Typography>
            <Typography variant="body2">
              Comments, replies, likes and mentions will show up here.
            </Typography>
          </Box>
        ) : (
          <List aria-label="Latest notifications" disablePadding>
            {latest.map((item) => (
              <li key={item.id}>
                <NotificationRow
                  item={item}
                  onOpen={(opened) => {
                    onClose();
                    openNotification(opened);
                  }}
                />
              </li>
            ))}
          </List>
        )}
      </Box>
      <Divider />
      <Box sx={{ p: 1, textAlign: 'center' }}>
        <Button component={RouterLink} to="/notifications" onClick={onClose} fullWidth>
          See all
        </Button>
      </Box>
    </Popover>
  );
}
