import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { ContentLoading } from '../../components/content-loading';
import { SignInGateProvider } from '../../components/sign-in-gate/sign-in-gate';
import { selectProfile } from '../../features/users';
import { useAppSelector } from '../../lib/hooks';
import { useNavigationLoading } from '../../lib/router';
import { DOCUMENT_LAYOUT, PageLayoutContext } from '../../lib/page-layout';
import type { PageLayout } from '../../lib/page-layout';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

// The drawer (and MUI's Modal and transitions behind it) downloads on first use, not with the app.
const NavDrawer = lazy(() =>
  import('./nav-drawer').then((module) => ({ default: module.NavDrawer })),
);

// Only a silenced member downloads the banner.
const SilenceBanner = lazy(() =>
  import('../../features/moderation').then((module) => ({ default: module.SilenceBanner })),
);

/**
 * Top bar, drawer, the current page (`children`) and the footer. A page may ask to fill the
 * window instead (usePageLayout): then nothing but its own panels scrolls.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const [layout, setLayout] = useState<PageLayout>(DOCUMENT_LAYOUT);
  const { fillWindow } = layout;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const loading = useNavigationLoading();
  const silenced = useAppSelector((state) => selectProfile(state)?.silence != null);

  return (
    <Box
      sx={{
        ...(fillWindow ? { height: '100dvh', overflow: 'hidden' } : { minHeight: '100dvh' }),
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box
        component="a"
        href="#main"
        sx={(theme) => ({
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: theme.zIndex.tooltip,
          px: 2,
          py: 1,
          borderRadius: '8px',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          '&:focus': { top: 8 },
        })}
      >
        Skip to content
      </Box>
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
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        aria-busy={loading}
        sx={{
          flex: 1,
          outline: 'none',
          position: 'relative',
          // A page growing as its data arrives would push a footer in view down the screen (a
          // layout shift): the footer starts below the first screen instead.
          minHeight: '100dvh',
          ...(fillWindow && { minHeight: 0, display: 'flex', flexDirection: 'column' }),
        }}
      >
        {/* A page's code is fetched on first visit: only the content area shows it, the shell stays. */}
        {loading && <ContentLoading />}
        <SignInGateProvider>
          <PageLayoutContext value={setLayout}>
            <Suspense fallback={<ContentLoading />}>{children}</Suspense>
          </PageLayoutContext>
        </SignInGateProvider>
      </Box>
      {!fillWindow && <SiteFooter />}
    </Box>
  );
}
