import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionHistoryItem } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAccessToken } from '../../lib/cookies';
import { bodyOf } from '../../lib/testing/fake-server';
import type { FakeServer } from '../../lib/testing/fake-server';
import { fakeApi, member, renderApp, restoreHttp, signIn } from '../../../test/account-fixtures';

let server: FakeServer;
beforeEach(() => {
  server = fakeApi();
  server.on('GET', '/auth/user/', { status: 200, data: member });
});
afterEach(restoreHttp);

const here: SessionHistoryItem = {
  id: 's-here',
  device: 'Desktop',
  browser: 'Firefox 140',
  os: 'Linux',
  ip: '192.0.2.10',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastSeenAt: '2026-03-01T12:00:00.000Z',
  current: true,
};
const phone: SessionHistoryItem = {
  ...here,
  id: 's-phone',
  device: 'Mobile',
  browser: 'Safari 19',
  os: 'iOS 19',
  ip: '198.51.100.4',
  current: false,
};

describe('settings page', () => {
  it('sends a signed-out visitor to the login page, and back after login', async () => {
    const { router } = renderApp('/setting?tab=sessions');
    await screen.findByRole('heading', { name: 'Log in', level: 1 });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent('/setting?tab=sessions')}`,
    );
    expect(server.received('GET', '/auth/userinfo/sessions/history/')).toHaveLength(0);
  });

  it('lists the sessions, marks this device, and revokes another with DELETE', async () => {
    signIn();
    let sessions = [here, phone];
    server.on('GET', '/auth/userinfo/sessions/history/', () => ({
      status: 200,
      data: { results: sessions, next: null },
    }));
    server.on('DELETE', '/auth/userinfo/sessions/history/s-phone/', () => {
      sessions = [here];
      return { status: 204 };
    });
    const user = userEvent.setup();
    renderApp('/setting?tab=sessions');

    const list = await screen.findByRole('list', { name: 'Sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const current = within(list).getByRole('listitem', { name: 'Firefox 140 on Linux' });
    expect(within(current).getByText('This device')).toBeInTheDocument();
    expect(within(current).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(within(current).getByText(/192\.0\.2\.10/)).toBeInTheDocument();
    const other = within(list).getByRole('listitem', { name: 'Safari 19 on iOS 19' });
    expect(within(other).queryByText('This device')).not.toBeInTheDocument();

    await user.click(within(other).getByRole('button', { name: 'Revoke Safari 19 on iOS 19' }));

    await waitFor(() =>
      expect(server.received('DELETE', '/auth/userinfo/sessions/history/s-phone/')).toHaveLength(1),
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(await screen.findByText('Signed out Safari 19 on iOS 19.')).toBeInTheDocument();
    expect(readAccessToken()).toBeDefined();
  });

  it('asks for the password before deleting the account, then signs out and goes home', async () => {
    signIn();
    server.on('DELETE', '/auth/user', { status: 204 });
    const user = userEvent.setup();
    const { router, store } = renderApp('/setting?tab=account');

    await user.click(await screen.findByRole('button', { name: 'Delete account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    expect(await within(dialog).findByText('Enter your password to confirm.')).toBeVisible();
    expect(server.received('DELETE', '/auth/user')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Password'), 'analytical engine');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodyOf(server.received('DELETE', '/auth/user')[0])).toEqual({
      password: 'analytical engine',
    });
    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
    expect(readAccessToken()).toBeUndefined();
    expect(await screen.findByText('Your account is deleted. Goodbye!')).toBeInTheDocument();
  });

  it('shows a wrong password under the field of the dialog', async () => {
    signIn();
    server.on('DELETE', '/auth/user', {
      status: 400,
      data: { password: ['That password is not right.'] },
    });
    const user = userEvent.setup();
    const { store } = renderApp('/setting?tab=account');
    await user.click(await screen.findByRole('button', { name: 'Delete account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Password'), 'nope nope');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    expect(await within(dialog).findByText('That password is not right.')).toBeVisible();
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });

  it('deletes a social-only account without asking for a password it does not have', async () => {
    signIn();
    server.on('GET', '/auth/user/', { status: 200, data: { ...member, hasPassword: false } });
    server.on('DELETE', '/auth/user', { status: 204 });
    const user = userEvent.setup();
    const { router } = renderApp('/setting?tab=account');

    expect(
      await screen.findByText(/You will need to have signed in within the last 10 minutes/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog).getByText(/log out and sign in again first/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bodyOf(server.received('DELETE', '/auth/user')[0])).toEqual({});
  });
});
