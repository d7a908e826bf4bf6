import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import Box from '@mui/material/Box';
import { LoadingScreen } from '../../components/loading-screen';
import { SignInGateProvider } from '../../components/sign-in-gate/sign-in-gate';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

// The drawer (and MUI's Modal and transitions behind it) downloads on first use, not with the app.
const NavDrawer = lazy(() =>
  import('./nav-drawer').then((module) => ({ default: module.NavDrawer })),
);

/** The layout route: top bar, drawer, the current page and the footer. */
export function AppShell() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const navigation = useNavigation();

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
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
        onOpenNavigation={() => {
          setDrawerOpen(true);
          setDrawerUsed(true);
        }}
      />
      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <SignInGateProvider>
          <Outlet />
        </SignInGateProvider>
      </Box>
      <SiteFooter />
      {/* A page's code is fetched on first visit; SPEC §2 shows the loading screen meanwhile. */}
      {navigation.state === 'loading' && <LoadingScreen fadeIn />}
      <ScrollRestoration />
    </Box>
  );
}
