import { NavLink } from '../../lib/router';
import { edgeStartClass, plainButton, plainIconButton } from '../../components/plain/button';
import { PlainIcon } from '../../components/plain-icon';
import { selectIsAuthenticated } from '../../features/auth';
import { NotificationBell } from '../../features/notifications';
import { AccountMenu } from './account-menu';
import { BrandLink } from './brand-link';
import { MAIN_NAV } from './nav-items';
import { SearchForm, useSearchDraft } from './search-form';
import { useAppSelector } from '../../lib/hooks';
import { useMedia } from '../../lib/use-media';
import styles from './top-bar.module.css';

/** The theme's md and up, and below sm (MUI's `down('sm')`). */
const WIDE = '(min-width: 900px)';
const PHONE = '(max-width: 599.95px)';

interface TopBarProps {
  onOpenNavigation: () => void;
  /** Phones show the search row; a page that owns the screen (an open chat) turns it off. */
  phoneSearch: boolean;
}

/**
 * From md up the areas are links in the bar; below md they move into the drawer. On phones the
 * search field takes a row of its own so it stays wide enough to type in. Plain elements and a
 * CSS module: every first screen draws the bar, and emotion's styling of it cost that screen.
 */
export function TopBar({ onOpenNavigation, phoneSearch }: TopBarProps) {
  const wide = useMedia(WIDE);
  const phone = useMedia(PHONE);
  const searchDraft = useSearchDraft();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);

  return (
    <header className={styles.bar}>
      <div className={styles.container}>
        <div className={styles.toolbar}>
          {!wide && (
            <button
              type="button"
              className={`${plainIconButton()} ${edgeStartClass}`}
              aria-label="Open navigation"
              onClick={onOpenNavigation}
            >
              <PlainIcon name="menuRounded" size={24} />
            </button>
          )}
          <BrandLink />
          {wide && (
            <nav aria-label="Main" className={styles.nav}>
              {MAIN_NAV.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  className={plainButton({ color: 'secondaryText' })}
                >
                  {item.Badge ? <item.Badge>{item.label}</item.Badge> : item.label}
                </NavLink>
              ))}
            </nav>
          )}
          <div className={styles.spacer} />
          {!phone && <SearchForm draft={searchDraft} />}
          {/* A visitor has no notifications: Log in and Sign up stand in its place. */}
          {isAuthenticated && <NotificationBell />}
          <AccountMenu />
        </div>
        {phone && phoneSearch && (
          <div className={styles.searchRow}>
            <SearchForm draft={searchDraft} fullWidth />
          </div>
        )}
      </div>
    </header>
  );
}
