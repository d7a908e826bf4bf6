import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectIsAuthenticated } from '../../auth';
import { fetchNotificationCount, selectNotificationCount } from '../notification-slice';

// The panel (and MUI's Popover behind it) downloads on first use, not with the app.
const NotificationMenu = lazy(() =>
  import('./notification-menu').then((module) => ({ default: module.NotificationMenu })),
);

/**
 * The bell in the top bar. Signed in, it shows the live count of new notifications and opens
 * the latest ones; signed out, it is a link to the notifications page (which asks to log in).
 */
export function NotificationBell() {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const count = useAppSelector(selectNotificationCount);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const panelId = useId();

  // The socket sends the count on connect; this covers the moments before it is up.
  useEffect(() => {
    if (isAuthenticated) void dispatch(fetchNotificationCount());
  }, [isAuthenticated, dispatch]);

  if (!isAuthenticated) {
    return (
      <IconButton component={RouterLink} to="/notifications" aria-label="Notifications">
        <NotificationsNoneRounded />
      </IconButton>
    );
  }

  return (
    <>
      <IconButton
        aria-label={count > 0 ? `Notifications, ${count} new` : 'Notifications'}
        aria-haspopup="dialog"
        aria-controls={anchor ? panelId : undefined}
        aria-expanded={anchor !== null}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setUsed(true);
        }}
      >
        <Badge badgeContent={count} color="error" max={99}>
          <NotificationsNoneRounded />
        </Badge>
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <NotificationMenu id={panelId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
