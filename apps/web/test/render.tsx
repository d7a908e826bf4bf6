import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { onTestFinished } from 'vitest';
import { AppRouter } from '../src/lib/router';
import type { Location } from '../src/lib/router';
import { AppProviders } from '../src/app/app-providers';
import { createHistoryFor, PageSwitch } from '../src/app/router';
import type { PageRoute } from '../src/app/router';
import { makeStore } from '../src/app/store';
import { theme } from '../src/components/mui/theme';
import { SignInGateProvider } from '../src/components/sign-in-gate/sign-in-gate';

/**
 * Renders routes at `path` in jsdom's window, inside the app's real providers and a fresh
 * store, under the sign-in gate the app shell provides (the app's own `routes` bring the shell).
 * `router` reads where the app is and moves it, back and forward included.
 */
export function renderRoutes(routes: PageRoute[], path = '/', store = makeStore()) {
  window.history.replaceState(null, '', path);
  const history = createHistoryFor(routes);
  onTestFinished(() => history.dispose());
  const view = render(
    <AppProviders store={store}>
      <AppRouter history={history}>
        <SignInGateProvider>
          <PageSwitch routes={routes} />
        </SignInGateProvider>
      </AppRouter>
    </AppProviders>,
  );
  const router = {
    get state(): { location: Location } {
      return { location: history.location };
    },
    navigate: (delta: number) =>
      act(
        () =>
          new Promise<void>((done) => {
            window.addEventListener('popstate', () => done(), { once: true });
            history.go(delta);
          }),
      ),
  };
  return { ...view, store, router };
}
/** Renders one element at `path`, for components that need the router and the store. */
export function renderWithProviders(ui: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element: ui }], path);
}

/** Renders a component that needs only the app's theme. */
export function renderWithTheme(ui: ReactElement) {
  return render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);
}
