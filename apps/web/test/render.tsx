import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppProviders } from '../src/app/app-providers';
import { makeStore } from '../src/app/store';
import { theme } from '../src/app/theme';
import { SignInGateProvider } from '../src/components/sign-in-gate/sign-in-gate';

/**
 * Renders route objects in a memory router, inside the app's real providers and a fresh store,
 * under the sign-in gate the app shell provides (the shell's own routes bring theirs).
 */
export function renderRoutes(routes: RouteObject[], path = '/', store = makeStore()) {
  const gated: RouteObject = {
    element: (
      <SignInGateProvider>
        <Outlet />
      </SignInGateProvider>
    ),
    children: routes,
  };
  const router = createMemoryRouter([gated], { initialEntries: [path] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
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
