import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from '../../../test/viewport';
import { renderRoutes } from '../../../test/render';
import { routes } from '../router';

const AREAS = [
  ['Discussions', '/discussions'],
  ['Polls', '/polls'],
  ['Quizzes', '/quizzes'],
  ['Albums', '/albums'],
  ['Chat', '/chat'],
] as const;

async function renderShell(path = '/faq') {
  const view = renderRoutes(routes, path);
  const main = await screen.findByRole('main');
  await waitFor(() => expect(main.querySelector('h1')).not.toBeNull());
  return view;
}

describe('app shell', () => {
  it('shows a visitor the logo, the area links, search and Log in, but no notification bell, on wide screens', async () => {
    await renderShell();
    const banner = screen.getByRole('banner');

    expect(within(banner).getByRole('link', { name: 'Agora home' })).toHaveAttribute('href', '/');
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    for (const [label, href] of AREAS) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    expect(within(banner).getByRole('searchbox', { name: 'Search Agora' })).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(
      within(banner).queryByRole('button', { name: 'Open navigation' }),
    ).not.toBeInTheDocument();
  });

  it('marks the current area as the current page', async () => {
    await renderShell('/discussions');
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Discussions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Polls' })).not.toHaveAttribute('aria-current');
  });

  it('moves the area links into a drawer below md', async () => {
    setViewportWidth(899);
    const user = userEvent.setup();
    const { router } = await renderShell();
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('navigation')).not.toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('presentation');
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    for (const [label, href] of AREAS) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    expect(within(drawer).getByRole('link', { name: 'User guide' })).toHaveAttribute(
      'href',
      '/userguide',
    );

    await user.click(within(nav).getByRole('link', { name: 'Chat' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chat');
  });

  it('keeps the search field on phones', async () => {
    setViewportWidth(390);
    await renderShell();
    expect(
      within(screen.getByRole('banner')).getByRole('searchbox', { name: 'Search Agora' }),
    ).toBeInTheDocument();
  });

  it('keeps the words typed into search when the window crosses the phone breakpoint', async () => {
    const user = userEvent.setup();
    await renderShell();

    await user.type(screen.getByRole('searchbox', { name: 'Search Agora' }), 'sourdough');
    act(() => setViewportWidth(390));
    expect(screen.getByRole('searchbox', { name: 'Search Agora' })).toHaveValue('sourdough');
    act(() => setViewportWidth(1280));
    expect(screen.getByRole('searchbox', { name: 'Search Agora' })).toHaveValue('sourdough');
  });

  it('shows an info toast when the search is submitted empty', async () => {
    const user = userEvent.setup();
    const { router } = await renderShell();
    const search = screen.getByRole('searchbox', { name: 'Search Agora' });

    await user.type(search, '   {Enter}');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Type something to search.');
    expect(toast).toHaveAttribute('data-severity', 'info');
    expect(router.state.location.pathname).toBe('/faq');
  });

  it('opens /search?q= when a query is submitted', async () => {
    const user = userEvent.setup();
    const { router } = await renderShell();

    await user.type(screen.getByRole('searchbox', { name: 'Search Agora' }), 'bike repair{Enter}');
    // The search page is a lazy chunk; compiling it on first import can take seconds here.
    expect(
      await screen.findByRole('heading', { name: 'Search results' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('“bike repair”')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('bike repair');
    expect(screen.queryByText('Type something to search.')).not.toBeInTheDocument();
  });

  it('offers Log in and Sign up in the top bar when signed out, coming back to this page', async () => {
    await renderShell('/faq');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?next=%2Ffaq',
    );
    expect(within(banner).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/register?next=%2Ffaq',
    );
    expect(within(banner).queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('links to the FAQ, About us and User guide in the footer', async () => {
    await renderShell('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(footer).getByRole('link', { name: 'About us' })).toHaveAttribute(
      'href',
      '/aboutus',
    );
    expect(within(footer).getByRole('link', { name: 'User guide' })).toHaveAttribute(
      'href',
      '/userguide',
    );
  });
});
