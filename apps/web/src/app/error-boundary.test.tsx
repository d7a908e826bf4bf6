import { screen } from '@testing-library/react';
import { data } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, renderWithTheme } from '../../test/render';
import { AppErrorBoundary } from './app-error-boundary';
import { RouteErrorScreen } from './route-error-screen';

function Boom(): never {
  throw new Error('render failed');
}

function expectFallbackScreen() {
  expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  expect(
    screen.getByText(
      'There might be broken link or other issues might have caused this page to fail.',
    ),
  ).toBeVisible();
}

describe('error screens', () => {
  // React and the router report caught errors on the console; that is expected here.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('the React error boundary shows the SPEC fallback screen', () => {
    renderWithTheme(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    expectFallbackScreen();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it("the router's error element shows the SPEC fallback screen when a page fails", () => {
    renderRoutes([{ path: '/', Component: Boom, errorElement: <RouteErrorScreen /> }]);
    expectFallbackScreen();
  });

  it("the router's error element shows the broken-link screen for a 404", async () => {
    renderRoutes([
      {
        path: '/',
        loader: () => {
          throw data(null, { status: 404 });
        },
        Component: () => null,
        errorElement: <RouteErrorScreen />,
      },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Oh no... a broken link!' }),
    ).toBeInTheDocument();
  });
});
