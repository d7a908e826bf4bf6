import { Suspense, useEffect, useId, useState } from 'react';
import { muiIsland } from '../../../components/mui/mui-island';
import { PlainBadge } from '../../../components/plain/badge';
import { plainIconButton } from '../../../components/plain/button';
import { PlainIcon } from '../../../components/plain-icon';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectIsAuthenticated } from '../../auth';
import { fetchNotificationCount, selectNotificationCount } from '../notification-slice';

// The panel (and MUI's Popover behind it) downloads on first use, not with the app.
const NotificationMenu = muiIsland(() =>
  import('./notification-menu').then((module) => module.NotificationMenu),
);

const MAX_SHOWN = 99;

/**
 * The bell in the top bar: the live count of new notifications, opening the latest ones. A plain
 * button and badge: the bar draws them on every first screen of a member.
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

  // Visitors get Log in and Sign up in its place (the top bar shows it to members only).
  if (!isAuthenticated) return null;
  // The name says what the badge shows, so speech and sight agree.
  const shown = count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count);

  return (
    <>
      <button
        type="button"
        className={plainIconButton()}
        aria-label={count > 0 ? `Notifications, ${shown} new` : 'Notifications'}
        aria-haspopup="dialog"
        aria-controls={anchor ? panelId : undefined}
        aria-expanded={anchor !== null}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setUsed(true);
        }}
      >
        {/* No badge at 0: the button's name then has no number either. */}
        {count > 0 ? (
          <PlainBadge content={shown}>
            <PlainIcon name="notificationsNoneRounded" size={24} />
          </PlainBadge>
        ) : (
          <PlainIcon name="notificationsNoneRounded" size={24} />
        )}
      </button>
      {used && (
        <Suspense fallback={null}>
          <NotificationMenu id={panelId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
