import { lazy, Suspense, useEffect, useId, useState } from 'react';
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

/** The bell in the top bar: the live count of new notifications, opening the latest ones. */
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

  // Visitors get Log in and Sign up in its place (the top bar shows it to members only).
  if (!isAuthenticated) return null;

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
        {/* The button's name carries the count; the badge (which keeps its last number while it
            fades out) would otherwise be read as text the name does not contain. */}
        <Badge
          badgeContent={count}
          color="error"
          max={99}
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
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
