import type { ComponentType } from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Link } from '../lib/router';
import type { SPEC_ROUTE_PREFIXES } from '@agora/shared';
import { renderRoutes } from '../../test/render';
import { routes } from './router';

/** A concrete address for each SPEC §2 route prefix. */
const SPEC_PATHS: Record<(typeof SPEC_ROUTE_PREFIXES)[number], string> = {
  setting: '/setting',
  discussions: '/discussions',
  faq: '/faq',
  aboutus: '/aboutus',
  login: '/login',
  register: '/register',
  'twofa-token': '/twofa-token/abc.def.ghi',
  'user-info': '/user-info/alice',
  userguide: '/userguide',
};

describe('router', () => {
  it.each(Object.entries(SPEC_PATHS))(
    'shows the %s page inside the shell',
    async (_prefix, path) => {
      renderRoutes(routes, path);

      const main = await screen.findByRole('main');
      // Some pages redirect (settings, signed out, to the login page) or wait for a call first.
      expect(await within(main).findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(screen.getByRole('banner')).toBeInTheDocument();
      // The full-page loading screen is gone; a page may show its own labelled progress.
      expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
    },
  );

  it('renders the shell and the home page at / and at /_app', async () => {
    for (const path of ['/', '/_app']) {
      const { unmount } = renderRoutes(routes, path);
      // Text query: role queries are slow on a page this size.
      expect(await screen.findByText(/^Welcome to Agora/, { selector: 'h1' })).toBeVisible();
      expect(screen.getByRole('link', { name: 'Agora home' })).toHaveAttribute('href', '/');
      unmount();
    }
  });

  it('shows the broken-link screen with a Reload link for unknown addresses', async () => {
    renderRoutes(routes, '/nonexistent');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oh no... a broken link!' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("The data you're looking for seems to have gone missing"),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it("shows the full-page loading screen until the first page's code arrives", async () => {
    const page = pageCode('Arrived');
    renderRoutes([{ path: '/', lazy: () => page.code }], '/');
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Agora logo' })).toBeInTheDocument();

    await act(async () => page.arrive());
    expect(screen.getByRole('heading', { name: 'Arrived' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it("keeps the current page and its address while the next page's code downloads", async () => {
    const user = userEvent.setup();
    const next = pageCode('Next page');
    const { router } = renderRoutes(
      [
        { path: '/', element: <Link to="/next">Go on</Link> },
        { path: '/next', lazy: () => next.code },
      ],
      '/',
    );
    await user.click(screen.getByRole('link', { name: 'Go on' }));
    expect(screen.getByRole('link', { name: 'Go on' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');

    await act(async () => next.arrive());
    expect(screen.getByRole('heading', { name: 'Next page' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go on' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/next');
  });
});

/** A page module that arrives when the test says so. */
function pageCode(heading: string) {
  let arrive = () => {};
  const code = new Promise<{ default: ComponentType }>((resolve) => {
    arrive = () => resolve({ default: () => <h1>{heading}</h1> });
  });
  return { code, arrive: () => arrive() };
}
