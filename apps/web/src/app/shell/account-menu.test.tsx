import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAccessToken, readRefreshToken } from '../../lib/cookies';
import type { FakeServer } from '../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
});
afterEach(restoreHttp);

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  const banner = await screen.findByRole('banner');
  await user.click(within(banner).getByRole('button', { name: 'Account' }));
  return screen.findByRole('menu');
}

describe('account menu', () => {
  it('offers log-in and sign-up links instead of the menu when signed out', async () => {
    renderApp('/');
    const banner = await screen.findByRole('banner');
    // From the home page (or a sign-in page) logging in simply lands home.
    expect(within(banner).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(banner).queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
    expect(server.received('GET', '/auth/user/')).toHaveLength(0);
  });

  it('shows the avatar and username when signed in, with profile, settings and log-out', async () => {
    signIn();
    server.on('GET', '/auth/user/', { status: 200, data: member });
    server.on('POST', '/auth/logout/', { status: 204 });
    const user = userEvent.setup();
    renderApp('/faq');

    const banner = await screen.findByRole('banner');
    const button = within(banner).getByRole('button', { name: 'Account' });
    await waitFor(() => expect(button).toHaveAttribute('title', 'Signed in as ada'));
    expect(within(button).getByText('AL')).toBeInTheDocument();

    const menu = await openMenu(user);
    expect(within(menu).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(menu).getByText('@ada')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/user-info/ada',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/setting',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Your files' })).toHaveAttribute(
      'href',
      '/files',
    );

    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('You are logged out. See you soon!')).toBeInTheDocument();
    expect(server.received('POST', '/auth/logout/')).toHaveLength(1);
    expect(readAccessToken()).toBeUndefined();
    expect(readRefreshToken()).toBeUndefined();
    expect(within(banner).getByRole('link', { name: 'Sign up' })).toBeVisible();
    expect(button).not.toBeInTheDocument();
  });

  it('signs out when the server says the session is over', async () => {
    signIn();
    server.on('GET', '/auth/user/', {
      status: 401,
      data: { detail: 'Your session has ended; log in again.' },
    });
    const { store } = renderApp('/faq');
    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
    expect(readAccessToken()).toBeUndefined();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?next=%2Ffaq',
    );
  });
});
