import { useCallback, useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Route, Switch } from 'wouter';
import { BrokenLinkScreen } from '../components/broken-link-screen';
import { ContentLoading } from '../components/content-loading';
import { LoadingScreen } from '../components/loading-screen';
import { SomethingWentWrongScreen } from '../components/something-went-wrong-screen';
import { createAppHistory, ScrollRestoration, useLocation } from '../lib/router';
import type { Location } from '../lib/router';
import { AppErrorBoundary } from './app-error-boundary';
import { AppShell } from './shell/app-shell';

/** A page at a path (a wouter pattern): drawn as it is, or its module fetched on first visit. */
export interface PageRoute {
  path: string;
  element?: ReactNode;
  Component?: ComponentType;
  lazy?: () => Promise<{ default: ComponentType }>;
  /**
   * The page draws no MUI of its own (a first screen: docs/conventions.md); without it, the
   * page is drawn inside the MUI theme, which arrives with it.
   */
  plain?: true;
}

/**
 * All pages, inside the shell, the first that matches wins. To add a page: create
 * `features/<f>/pages/<name>-page.tsx` with a default export and add
 * `{ path, lazy: () => import(...) }` below.
 */
export const pages: PageRoute[] = [
  { path: '/', lazy: () => import('../features/home/pages/home-page'), plain: true },
  // SPEC §2 registers the application shell under "/_app".
  { path: '/_app', lazy: () => import('../features/home/pages/home-page'), plain: true },
  {
    path: '/discussions',
    lazy: () => import('../features/forums/pages/discussions-page'),
    plain: true,
  },
  {
    path: '/discussions/new',
    lazy: () => import('../features/forums/pages/discussion-editor-page'),
  },
  {
    path: '/discussions/:id',
    lazy: () => import('../features/forums/pages/discussion-page'),
    plain: true,
  },
  {
    path: '/discussions/:id/edit',
    lazy: () => import('../features/forums/pages/discussion-editor-page'),
  },
  {
    path: '/my-content/:tab',
    lazy: () => import('../features/forums/pages/my-content-page'),
  },
  { path: '/polls', lazy: () => import('../features/polls/pages/polls-page') },
  {
    path: '/polls/new',
    lazy: () => import('../features/polls/pages/poll-editor-page'),
  },
  { path: '/polls/:id', lazy: () => import('../features/polls/pages/poll-page') },
  {
    path: '/polls/:id/edit',
    lazy: () => import('../features/polls/pages/poll-editor-page'),
  },
  { path: '/quizzes', lazy: () => import('../features/quizzes/pages/quizzes-page') },
  {
    path: '/quizzes/new',
    lazy: () => import('../features/quizzes/pages/quiz-editor-page'),
  },
  { path: '/quizzes/:id', lazy: () => import('../features/quizzes/pages/quiz-page') },
  {
    path: '/quizzes/:id/edit',
    lazy: () => import('../features/quizzes/pages/quiz-editor-page'),
  },
  { path: '/albums', lazy: () => import('../features/albums/pages/albums-page') },
  { path: '/albums/:id', lazy: () => import('../features/albums/pages/album-page') },
  { path: '/files', lazy: () => import('../features/files/pages/files-page') },
  { path: '/chat', lazy: () => import('../features/chat/pages/chat-page') },
  {
    path: '/notifications',
    lazy: () => import('../features/notifications/pages/notifications-page'),
  },
  { path: '/search', lazy: () => import('../features/common/pages/search-page') },
  {
    path: '/moderation',
    lazy: () => import('../features/moderation/pages/moderation-page'),
  },
  { path: '/setting', lazy: () => import('../features/settings/pages/settings-page') },
  { path: '/faq', lazy: () => import('../features/help/pages/faq-page') },
  { path: '/aboutus', lazy: () => import('../features/help/pages/about-page') },
  {
    path: '/contactus',
    lazy: () => import('../features/contact/pages/contact-page'),
  },
  { path: '/userguide', lazy: () => import('../features/help/pages/user-guide-page') },
  { path: '/login', lazy: () => import('../features/auth/pages/login-page') },
  { path: '/register', lazy: () => import('../features/auth/pages/register-page') },
  {
    path: '/forgot-password',
    lazy: () => import('../features/auth/pages/forgot-password-page'),
  },
  {
    path: '/reset-password/:uid/:token',
    lazy: () => import('../features/auth/pages/reset-password-page'),
  },
  {
    path: '/verify-email',
    lazy: () => import('../features/auth/pages/verify-email-sent-page'),
  },
  {
    path: '/verify-email/:key',
    lazy: () => import('../features/auth/pages/verify-email-page'),
  },
  {
    path: '/twofa-token/:token',
    lazy: () => import('../features/auth/pages/twofa-token-page'),
  },
  {
    path: '/user-info/:username',
    lazy: () => import('../features/users/pages/user-info-page'),
  },
  { path: '*', element: <BrokenLinkScreen /> },
];

async function themed(lazy: NonNullable<PageRoute['lazy']>): Promise<ComponentType> {
  const [{ default: Page }, { MuiThemeProvider }] = await Promise.all([
    lazy(),
    import('../components/mui/theme-provider'),
  ]);
  return function ThemedPage() {
    return (
      <MuiThemeProvider>
        <Page />
      </MuiThemeProvider>
    );
  };
}

const loaded = new WeakMap<PageRoute, ComponentType>();
const loading = new WeakMap<PageRoute, Promise<ComponentType>>();

function load(route: PageRoute, lazy: NonNullable<PageRoute['lazy']>): Promise<ComponentType> {
  let promise = loading.get(route);
  if (!promise) {
    promise = (route.plain ? lazy().then(({ default: Page }) => Page) : themed(lazy)).then(
      (Component) => {
        loaded.set(route, Component);
        return Component;
      },
    );
    // A failed download may be tried again on the next visit.
    promise.catch(() => loading.delete(route));
    loading.set(route, promise);
  }
  return promise;
}

/**
 * The app's history for a route table: a navigation to a page whose code has not arrived yet
 * waits for it, with the current page still shown, as a link to another site would. The first
 * page's code is asked for at once, beside the shell's, not after the shell is drawn.
 */
export function createHistoryFor(routes: PageRoute[]) {
  const prepare = (pathname: string) => {
    const route = routes.find(({ path }) => matchRoute(parse, path, pathname)[0]);
    return route?.lazy && !loaded.has(route) ? load(route, route.lazy) : null;
  };
  const history = createAppHistory({ prepare });
  // A failed download shows on the page, which asks again.
  prepare(history.location.pathname)?.catch(() => undefined);
  return history;
}

interface PageProps {
  route: PageRoute;
  /** A page has been drawn before: the shell is there to show progress in. */
  drawn: boolean;
  onDrawn: () => void;
}

function Page({ route, drawn, onDrawn }: PageProps) {
  const [Component, setComponent] = useState(() => route.Component ?? loaded.get(route));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (Component || !route.lazy) {
      onDrawn();
      return;
    }
    // A page left (or a test ended) before its code arrived is not drawn afterwards.
    let left = false;
    load(route, route.lazy).then(
      (arrived) => {
        if (!left) setComponent(() => arrived);
      },
      () => {
        if (!left) setFailed(true);
      },
    );
    return () => {
      left = true;
    };
  }, [route, Component, onDrawn]);

  if (failed) return <SomethingWentWrongScreen />;
  if (Component) return <Component />;
  if (route.element !== undefined) return route.element;
  // SPEC §2: the full-page loading screen on the first load only; later the shell stays.
  return drawn ? <ContentLoading /> : <LoadingScreen />;
}

/**
 * Where a page's scroll position is filed: by history entry, except for a
 * page loaded by its address, whose entry is always "default". Filed under "default", every
 * page opened by its address would start where the last one so opened was left; by path, a
 * reload comes back where it was and another page starts at the top.
 */
const scrollKey = (location: Location) =>
  location.key === 'default' ? location.pathname : location.key;

/**
 * The page for the current path. A page that fails to draw fails alone, in its place. With
 * `restoreScroll`, the window's position per entry is restored here, in the same render as the
 * page it belongs to (Preact commits each component's update on its own: restored from the
 * shell, the position would be set while the page being left is still in place).
 */
export function PageSwitch({
  routes,
  restoreScroll = false,
}: {
  routes: PageRoute[];
  restoreScroll?: boolean;
}) {
  const { pathname } = useLocation();
  const [drawn, setDrawn] = useState(false);
  const onDrawn = useCallback(() => setDrawn(true), []);
  return (
    <>
      <AppErrorBoundary resetKey={pathname}>
        <Switch>
          {routes.map((route) => (
            <Route key={route.path} path={route.path}>
              <Page route={route} drawn={drawn} onDrawn={onDrawn} />
            </Route>
          ))}
        </Switch>
      </AppErrorBoundary>
      {restoreScroll && drawn && <ScrollRestoration getKey={scrollKey} />}
    </>
  );
}

/** The app: the shell around the current page. */
export function App() {
  return (
    <AppShell>
      <PageSwitch routes={pages} restoreScroll />
    </AppShell>
  );
}

/** The app as one route, for tests that draw it from an address. */
export const routes: PageRoute[] = [{ path: '*', Component: App }];
