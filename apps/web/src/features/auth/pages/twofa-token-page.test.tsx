import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { App, createHistoryFor, pages } from '../../../app/router';
import { makeStore } from '../../../app/store';
import { readAccessToken } from '../../../lib/cookies';
import { AppRouter } from '../../../lib/router';
import { fakeApi, member, restoreHttp, tokens } from '../../../../test/account-fixtures';

beforeEach(() => {
  const server = fakeApi();
  server.on('GET', '/auth/user/', { status: 200, data: member });
});
afterEach(() => {
  restoreHttp();
  vi.unstubAllGlobals();
});

/** The app as main.tsx renders it: in StrictMode, whose effects run twice in development. */
function renderStrict(path: string) {
  const store = makeStore();
  window.history.replaceState(null, '', path);
  const history = createHistoryFor(pages);
  render(
    <StrictMode>
      <AppProviders store={store}>
        <AppRouter history={history}>
          <App />
        </AppRouter>
      </AppProviders>
    </StrictMode>,
  );
  const router = {
    get state() {
      return { location: history.location };
    },
  };
  return { store, router };
}

describe('two-factor link page', () => {
  it('posts the token once, even in StrictMode, then signs in and goes home', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json({ ...tokens(), user: member }, { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router, store } = renderStrict('/twofa-token/tok-123');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/auth/verify-2fa/tok-123/');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST' });
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(readAccessToken()).toBeDefined();
    expect(await screen.findByText('Welcome back, ada!')).toBeInTheDocument();
  });

  it('explains a used link and offers the way back to login', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json({ detail: 'This sign-in link was already used.' }, { status: 400 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderStrict('/twofa-token/used');

    expect(
      await screen.findByRole('heading', { name: 'That sign-in link did not work' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This sign-in link was already used.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/twofa-token/used');
  });
});
