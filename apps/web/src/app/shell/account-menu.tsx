import { Suspense, useEffect, useId, useState } from 'react';
import { muiIsland } from '../../components/mui/mui-island';
import { PlainIcon } from '../../components/plain-icon';
import { plainIconButton } from '../../components/plain/button';
import { selectIsAuthenticated } from '../../features/auth';
import { fetchProfile, selectProfile, UserAvatar } from '../../features/users';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import styles from './account-menu.module.css';
import { SignedOutActions } from './signed-out-actions';

// The popup (and MUI's Menu, Popover and Modal behind it) downloads on first use, not with the app.
const AccountMenuPopup = muiIsland(() =>
  import('./account-menu-popup').then((module) => module.AccountMenuPopup),
);

/**
 * The account button and its menu, with the member's avatar; "Log in" and "Sign up" for a
 * visitor. The button is a plain element: the bar draws it on every first screen.
 */
export function AccountMenu() {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const profile = useAppSelector(selectProfile);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const open = anchor !== null;

  // After any sign-in (or a reload with a session), load the profile the menu shows.
  useEffect(() => {
    if (isAuthenticated) void dispatch(fetchProfile());
  }, [isAuthenticated, dispatch]);

  if (!isAuthenticated) return <SignedOutActions />;

  return (
    <>
      <button
        type="button"
        className={profile ? `${plainIconButton()} ${styles.withAvatar}` : plainIconButton()}
        aria-label="Account"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        title={profile ? `Signed in as ${profile.username}` : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setUsed(true);
        }}
      >
        {profile?.avatar ? (
          <UserAvatar user={profile} size={32} />
        ) : (
          // Initials are text the button's name ("Account") does not contain: a picture here.
          <span aria-hidden className={styles.picture}>
            {profile ? (
              <UserAvatar user={profile} size={32} />
            ) : (
              <PlainIcon name="accountCircleRounded" size={24} />
            )}
          </span>
        )}
      </button>
      {used && (
        <Suspense fallback={null}>
          <AccountMenuPopup id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
