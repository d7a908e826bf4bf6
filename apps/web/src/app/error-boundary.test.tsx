import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, renderWithTheme } from '../../test/render';
import { AppErrorBoundary } from './app-error-boundary';

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

  it('a page that fails to draw shows the SPEC fallback screen in its place', () => {
    renderRoutes([{ path: '/', Component: Boom }]);
    expectFallbackScreen();
  });
});
