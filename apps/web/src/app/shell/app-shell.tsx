import { Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { ContentLoading } from '../../components/content-loading';
import { muiIsland } from '../../components/mui/mui-island';
import { SignInGateProvider } from '../../components/sign-in-gate/sign-in-gate';
import { selectProfile } from '../../features/users';
import { useAppSelector } from '../../lib/hooks';
import { useNavigationLoading } from '../../lib/router';
import { DOCUMENT_LAYOUT, PageLayoutContext } from '../../lib/page-layout';
import type { PageLayout } from '../../lib/page-layout';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import styles from './app-shell.module.css';

// The drawer (and MUI's Modal and transitions behind it) downloads on first use, not with the app.
const NavDrawer = muiIsland(() => import('./nav-drawer').then((module) => module.NavDrawer));

// Only a silenced member downloads the banner.
const SilenceBanner = muiIsland(() =>
  import('../../features/moderation').then((module) => module.SilenceBanner),
);

/**
 * Top bar, drawer, the current page (`children`) and the footer. A page may ask to fill the
 * window instead (usePageLayout): then nothing but its own panels scrolls. Plain elements and
 * a CSS module: the shell is on every first screen, where emotion's styling cost the most.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const [layout, setLayout] = useState<PageLayout>(DOCUMENT_LAYOUT);
  const { fillWindow } = layout;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const loading = useNavigationLoading();
  const silenced = useAppSelector((state) => selectProfile(state)?.silence != null);

  return (
    <div className={fillWindow ? `${styles.shell} ${styles.fillWindow}` : styles.shell}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <TopBar
        phoneSearch={layout.phoneSearch}
        onOpenNavigation={() => {
          setDrawerOpen(true);
          setDrawerUsed(true);
        }}
      />
      {silenced && (
        <Suspense fallback={null}>
          <SilenceBanner />
        </Suspense>
      )}
      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      <main id="main" tabIndex={-1} aria-busy={loading} className={styles.main}>
        {/* A page's code is fetched on first visit: only the content area shows it, the shell stays. */}
        {loading && <ContentLoading />}
        <SignInGateProvider>
          <PageLayoutContext value={setLayout}>
            <Suspense fallback={<ContentLoading />}>{children}</Suspense>
          </PageLayoutContext>
        </SignInGateProvider>
      </main>
      {!fillWindow && <SiteFooter />}
    </div>
  );
}
