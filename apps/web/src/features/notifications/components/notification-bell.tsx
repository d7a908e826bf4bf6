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

const MAX_SHOWN = 99;

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
  // The name says what the badge shows, so speech and sight agree.
  const shown = count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count);

  return (
    <>
      <IconButton
        aria-label={count > 0 ? `Notifications, ${shown} new` : 'Notifications'}
        aria-haspopup="dialog"
        aria-controls={anchor ? panelId : undefined}
        aria-expanded={anchor !== null}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setUsed(true);
        }}
      >
        {/* No badge at 0: MUI keeps a hidden badge's last number in the page while it fades,
            text the button's name would no longer contain. */}
        {count > 0 ? (
          <Badge badgeContent={shown} color="error">
            <NotificationsNoneRounded />
          </Badge>
        ) : (
          <NotificationsNoneRounded />
        )}
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <NotificationMenu id={panelId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
