import { configureStore } from '@reduxjs/toolkit';
import type { PrivateUser } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearTokens,
  readAccessToken,
  readRefreshToken,
  storeSignInTokens,
} from '../../lib/cookies';
import { http } from '../../lib/http-client';
import { authorizationOf, bodyOf, createFakeServer } from '../../lib/testing/fake-server';
import type { FakeServer } from '../../lib/testing/fake-server';
import { jwtExpiringAt } from '../../lib/testing/jwt';
import {
  authReducer,
  createSessionBridge,
  login,
  loginWithApple,
  loginWithFacebook,
  loginWithGoogle,
  loginWithTwoFactor,
  logout,
  logoutAll,
  selectIsAwaitingTwoFactor,
  signUp,
  toggleTwoFactor,
} from './index';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const ACCESS = jwtExpiringAt(NOW + 300_000, { n: 1 });
const REFRESH = jwtExpiringAt(NOW + 14 * DAY_MS, { n: 1 });
const NEW_ACCESS = jwtExpiringAt(NOW + 300_000, { n: 2 });
const NEW_REFRESH = jwtExpiringAt(NOW + 14 * DAY_MS, { n: 2 });

const user: PrivateUser = {
  id: 7,
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: '',
  avatar: null,
  country: null,
  emailVerified: true,
  isTwoFaOn: false,
  notificationsOn: true,
  hasPassword: true,
  isStaff: false,
  role: 'member',
  silence: null,
  dateJoined: '2026-01-01T00:00:00.000Z',
};
const signedIn = { access: ACCESS, refresh: REFRESH, user };

const signedOutState = {
  loading: false,
  authToken: null,
  isAuthenticated: false,
  isNewUser: false,
  error: false,
  errorMsg: null,
  isTwoFaOn: false,
};

let server: FakeServer;
let disconnect: () => void;
let cookieWrites: string[];
const originalTransport = http.transport;

function makeStore() {
  const store = configureStore({ reducer: { auth: authReducer } });
  disconnect = createSessionBridge(store);
  return store;
}

function signInCookies(): void {
  storeSignInTokens({ access: ACCESS, refresh: REFRESH }, 'password');
}

/** The expiry written for a cookie, or 'session' for a session cookie. */
function lifetimeOf(name: string): string | undefined {
  const write = cookieWrites.filter((w) => w.startsWith(`${name}=`)).at(-1);
  if (write === undefined) return undefined;
  return /expires=([^;]+)/.exec(write)?.[1] ?? 'session';
}
const inDays = (days: number) => new Date(NOW + days * DAY_MS).toUTCString();

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  server = createFakeServer();
  http.transport = server.transport;
  cookieWrites = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, value) {
    cookieWrites.push(value);
    descriptor?.set?.call(this, value);
  });
});

afterEach(() => {
  disconnect();
  clearTokens();
  http.transport = originalTransport;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('initial state', () => {
  it('is signed out, shaped as SPEC §3, without cookies', () => {
    expect(makeStore().getState().auth).toEqual(signedOutState);
  });

  it('restores the session from the access cookie', () => {
    signInCookies();
    expect(makeStore().getState().auth).toEqual({
      ...signedOutState,
      authToken: ACCESS,
      isAuthenticated: true,
    });
  });
});

describe('password login', () => {
  const credentials = { username: 'ada', password: 'correct horse', keepmeloggedin: false };

  it('goes pending, then fulfilled with the token stored and the bearer header set', async () => {
    server.on('POST', '/auth/login/', { status: 200, data: signedIn });
    server.on('GET', '/api/forums/', { status: 200, data: [] });
    const store = makeStore();

    const pending = store.dispatch(login(credentials));
    expect(store.getState().auth).toMatchObject({ loading: true, error: false });
    await pending;

    expect(bodyOf(server.requests[0])).toEqual(credentials);
    expect(store.getState().auth).toEqual({
      ...signedOutState,
      authToken: ACCESS,
      isAuthenticated: true,
    });
    expect(readAccessToken()).toBe(ACCESS);
    expect(readRefreshToken()).toBe(REFRESH);
    expect(lifetimeOf('agora_access')).toBe('session');
    expect(lifetimeOf('agora_refresh')).toBe('session');
    await http.get('/api/forums/');
    expect(authorizationOf(server.requests[1])).toBe(`Bearer ${ACCESS}`);
  });

  it('keeps the cookies 2 days with "Keep me logged in"', async () => {
    server.on('POST', '/auth/login/', { status: 200, data: signedIn });
    await makeStore().dispatch(login({ ...credentials, keepmeloggedin: true }));
    expect(lifetimeOf('agora_access')).toBe(inDays(2));
    expect(lifetimeOf('agora_refresh')).toBe(inDays(2));
  });

  it('on a two-factor answer sets isTwoFaOn and stores no token', async () => {
    server.on('POST', '/auth/login/', {
      status: 200,
      data: { twoFa: true, detail: 'Open the link we emailed you to finish signing in.' },
    });
    const store = makeStore();
    await store.dispatch(login(credentials));

    expect(store.getState().auth).toEqual({ ...signedOutState, isTwoFaOn: true });
    expect(selectIsAwaitingTwoFactor(store.getState())).toBe(true);
    expect(readAccessToken()).toBeUndefined();
    expect(readRefreshToken()).toBeUndefined();
  });

  it('is rejected with the first message of the error body', async () => {
    server.on('POST', '/auth/login/', {
      status: 400,
      data: { nonFieldErrors: ['Wrong username or password.'] },
    });
    const store = makeStore();
    await store.dispatch(login(credentials));
    expect(store.getState().auth).toEqual({
      ...signedOutState,
      error: true,
      errorMsg: 'Wrong username or password.',
    });
  });

  it('is rejected with the SPEC default when the body has no message', async () => {
    server.on('POST', '/auth/login/', { status: 500, data: {} });
    const store = makeStore();
    await store.dispatch(login(credentials));
    expect(store.getState().auth.errorMsg).toBe(
      'Oops! Login Error occurred, please try again later',
    );
  });

  it('is rejected with the default when the answer is not a login answer', async () => {
    server.on('POST', '/auth/login/', { status: 200, data: { access: ACCESS } });
    const store = makeStore();
    await store.dispatch(login(credentials));
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, error: true });
    expect(readAccessToken()).toBeUndefined();
  });
});

describe('two-factor login', () => {
  it('posts an empty body with plain fetch and signs in', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json(signedIn, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    server.on('POST', '/auth/login/', {
      status: 200,
      data: { twoFa: true, detail: 'Check mail.' },
    });
    const store = makeStore();
    await store.dispatch(login({ username: 'ada', password: 'pw', keepmeloggedin: true }));

    const pending = store.dispatch(loginWithTwoFactor('tok-123'));
    expect(store.getState().auth.loading).toBe(true);
    await pending;

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/auth/verify-2fa/tok-123/');
    expect(init).toMatchObject({ method: 'POST' });
    expect(init?.body).toBeUndefined();
    expect(store.getState().auth).toEqual({
      ...signedOutState,
      authToken: ACCESS,
      isAuthenticated: true,
    });
    expect(selectIsAwaitingTwoFactor(store.getState())).toBe(false);
    expect(lifetimeOf('agora_access')).toBe('session');
  });

  it('is rejected with the server message for a used link', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ detail: 'This link was already used; sign in again.' }, { status: 400 }),
      ),
    );
    const store = makeStore();
    await store.dispatch(loginWithTwoFactor('used'));
    expect(store.getState().auth).toEqual({
      ...signedOutState,
      error: true,
      errorMsg: 'This link was already used; sign in again.',
    });
  });
});

describe('social login', () => {
  it.each([
    [
      'Google',
      '/auth/google/',
      () => loginWithGoogle({ access_token: 'g' }),
      { access_token: 'g' },
      {},
    ],
    [
      'Apple',
      '/auth/apple/',
      () => loginWithApple({ access_token: 'a', id_token: 'id' }),
      { access_token: 'a', id_token: 'id' },
      {},
    ],
    [
      'Facebook',
      '/auth/facebook/',
      () => loginWithFacebook({ access_token: 'f' }),
      { access_token: 'f' },
      { key: 'k', expiredAt: '2026-05-01T00:00:00.000Z' },
    ],
  ])(
    '%s: pending, then fulfilled with isNewUser and 14-day cookies',
    async (_name, path, thunk, body, extra) => {
      server.on('POST', path, { status: 200, data: { ...signedIn, isNewUser: true, ...extra } });
      const store = makeStore();

      const pending = store.dispatch(thunk());
      expect(store.getState().auth.loading).toBe(true);
      await pending;

      expect(bodyOf(server.requests[0])).toEqual(body);
      expect(store.getState().auth).toEqual({
        ...signedOutState,
        authToken: ACCESS,
        isAuthenticated: true,
        isNewUser: true,
      });
      expect(lifetimeOf('agora_access')).toBe(inDays(14));
      expect(lifetimeOf('agora_refresh')).toBe(inDays(14));
    },
  );

  it('is rejected with the provider message, else the login default', async () => {
    server.on('POST', '/auth/google/', {
      status: 400,
      data: { detail: 'Google sign-in is not set up here.' },
    });
    server.on('POST', '/auth/apple/', { status: 502 });
    const store = makeStore();
    await store.dispatch(loginWithGoogle({ access_token: 'g' }));
    expect(store.getState().auth.errorMsg).toBe('Google sign-in is not set up here.');
    await store.dispatch(loginWithApple({ access_token: 'a', id_token: 'i' }));
    expect(store.getState().auth.errorMsg).toBe(
      'Oops! Login Error occurred, please try again later',
    );
  });
});

describe('sign-up', () => {
  const registration = {
    username: 'ada',
    email: 'ada@example.com',
    password1: 'analytical engine',
    password2: 'analytical engine',
  };

  it('goes pending, then fulfilled with isNewUser and 14-day cookies', async () => {
    server.on('POST', '/auth/registration/', { status: 201, data: signedIn });
    const store = makeStore();
    const pending = store.dispatch(signUp(registration));
    expect(store.getState().auth.loading).toBe(true);
    await pending;

    expect(bodyOf(server.requests[0])).toEqual(registration);
    expect(store.getState().auth).toEqual({
      ...signedOutState,
      authToken: ACCESS,
      isAuthenticated: true,
      isNewUser: true,
    });
    expect(lifetimeOf('agora_refresh')).toBe(inDays(14));
  });

  it('is rejected with the first field message, else the sign-up default', async () => {
    server.on('POST', '/auth/registration/', {
      status: 400,
      data: { username: ['That username is taken; try another.'] },
    });
    const store = makeStore();
    await store.dispatch(signUp(registration));
    expect(store.getState().auth.errorMsg).toBe('That username is taken; try another.');

    server.on('POST', '/auth/registration/', { status: 500, data: {} });
    await store.dispatch(signUp(registration));
    expect(store.getState().auth.errorMsg).toBe(
      'Oops!Signup Error occurred, please try again later',
    );
  });
});

describe('logout', () => {
  it('on 204 removes both cookies, clears token, two-factor flag and error, and the header', async () => {
    signInCookies();
    server.on('PUT', '/auth/userinfo/two/2fa/', { status: 200, data: { isTwoFaOn: true } });
    server.on('POST', '/auth/logoutall/', { status: 429, data: { detail: 'Wait a minute.' } });
    server.on('GET', '/api/forums/', { status: 500, data: { detail: 'Try again later.' } });
    server.on('POST', '/auth/logout/', { status: 204 });
    const store = makeStore();
    await store.dispatch(toggleTwoFactor());
    await store.dispatch(logoutAll());
    expect(store.getState().auth).toMatchObject({ isTwoFaOn: true, error: true });

    const pending = store.dispatch(logout());
    expect(store.getState().auth.loading).toBe(true);
    await pending;

    expect(bodyOf(server.received('POST', '/auth/logout/')[0])).toEqual({
      refresh_token: REFRESH,
    });
    expect(store.getState().auth).toEqual(signedOutState);
    expect(readAccessToken()).toBeUndefined();
    expect(readRefreshToken()).toBeUndefined();
    await http.get('/api/forums/').catch(() => undefined);
    expect(authorizationOf(server.received('GET', '/api/forums/')[0])).toBeUndefined();
  });

  it('is rejected with the error body data and keeps the session', async () => {
    signInCookies();
    const body = { detail: 'Could not sign you out; try again.' };
    server.on('POST', '/auth/logout/', { status: 400, data: body });
    const store = makeStore();

    const action = await store.dispatch(logout());

    expect(logout.rejected.match(action) && action.payload).toEqual(body);
    expect(store.getState().auth).toEqual({
      ...signedOutState,
      authToken: ACCESS,
      isAuthenticated: true,
      error: true,
      errorMsg: 'Could not sign you out; try again.',
    });
    expect(readRefreshToken()).toBe(REFRESH);
  });

  it('ends the session only on a 204', async () => {
    signInCookies();
    server.on('POST', '/auth/logout/', { status: 200, data: { detail: 'Signed out.' } });
    const store = makeStore();
    const action = await store.dispatch(logout());
    expect(logout.rejected.match(action)).toBe(true);
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });

  it('logout-all revokes every session and clears this one on 204', async () => {
    signInCookies();
    server.on('POST', '/auth/logoutall/', { status: 204 });
    const store = makeStore();
    const pending = store.dispatch(logoutAll());
    expect(store.getState().auth.loading).toBe(true);
    await pending;
    expect(store.getState().auth).toEqual(signedOutState);
    expect(readRefreshToken()).toBeUndefined();
  });

  it('logout-all failure keeps the session and shows the message', async () => {
    signInCookies();
    server.on('POST', '/auth/logoutall/', { status: 429, data: { detail: 'Wait a minute.' } });
    const store = makeStore();
    await store.dispatch(logoutAll());
    expect(store.getState().auth).toMatchObject({
      isAuthenticated: true,
      loading: false,
      error: true,
      errorMsg: 'Wait a minute.',
    });
  });
});

describe('two-factor toggle', () => {
  it('goes pending, then fulfilled with the new setting', async () => {
    signInCookies();
    server.on('PUT', '/auth/userinfo/two/2fa/', { status: 200, data: { isTwoFaOn: true } });
    const store = makeStore();
    const pending = store.dispatch(toggleTwoFactor());
    expect(store.getState().auth.loading).toBe(true);
    await pending;
    expect(store.getState().auth).toMatchObject({ loading: false, isTwoFaOn: true, error: false });
    expect(selectIsAwaitingTwoFactor(store.getState())).toBe(false);
  });

  it('is rejected with the first message', async () => {
    signInCookies();
    server.on('PUT', '/auth/userinfo/two/2fa/', {
      status: 400,
      data: { nonFieldErrors: ['Verify your email address first.'] },
    });
    const store = makeStore();
    await store.dispatch(toggleTwoFactor());
    expect(store.getState().auth).toMatchObject({
      loading: false,
      isTwoFaOn: false,
      error: true,
      errorMsg: 'Verify your email address first.',
    });
  });
});

describe('session bridge', () => {
  it('restores a session kept only by its refresh cookie', async () => {
    signInCookies();
    document.cookie = 'agora_access=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    server.on('POST', '/api/token/refresh/', {
      status: 200,
      data: { access: NEW_ACCESS, refresh: NEW_REFRESH },
    });

    const store = makeStore();
    expect(store.getState().auth.loading).toBe(true);
    await vi.waitFor(() => expect(store.getState().auth.loading).toBe(false));

    expect(bodyOf(server.requests[0])).toEqual({ refresh: REFRESH });
    expect(store.getState().auth).toEqual({
      ...signedOutState,
      authToken: NEW_ACCESS,
      isAuthenticated: true,
    });
    expect(readRefreshToken()).toBe(NEW_REFRESH);
  });

  it('clears the cookies when the restore is refused', async () => {
    signInCookies();
    document.cookie = 'agora_access=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    server.on('POST', '/api/token/refresh/', { status: 401, data: { detail: 'Session revoked.' } });

    const store = makeStore();
    await vi.waitFor(() => expect(store.getState().auth.loading).toBe(false));

    expect(store.getState().auth).toEqual(signedOutState);
    expect(readRefreshToken()).toBeUndefined();
  });

  it('ends the session when a 401 near expiry cannot be refreshed', async () => {
    const expiring = jwtExpiringAt(NOW + 10_000);
    storeSignInTokens({ access: expiring, refresh: REFRESH }, 'password');
    server.on('GET', '/api/forums/', { status: 401, data: { detail: 'Token expired.' } });
    server.on('POST', '/api/token/refresh/', { status: 401, data: { detail: 'Session revoked.' } });
    const store = makeStore();

    await expect(http.get('/api/forums/')).rejects.toThrow('Token refresh failed');

    expect(store.getState().auth).toEqual(signedOutState);
    expect(readAccessToken()).toBeUndefined();
    expect(readRefreshToken()).toBeUndefined();
  });

  it('keeps a pending two-factor step when an anonymous request fails', async () => {
    server.on('POST', '/auth/login/', {
      status: 200,
      data: { twoFa: true, detail: 'Check mail.' },
    });
    server.on('GET', '/api/common/countries-list', { status: 503, data: {} });
    const store = makeStore();
    await store.dispatch(login({ username: 'ada', password: 'pw', keepmeloggedin: false }));

    await expect(http.get('/api/common/countries-list')).rejects.toBeDefined();

    expect(selectIsAwaitingTwoFactor(store.getState())).toBe(true);
  });

  it('logs out at the 240,000 ms check once the refresh token has expired', () => {
    storeSignInTokens({ access: ACCESS, refresh: jwtExpiringAt(NOW + 100_000) }, 'keepMeLoggedIn');
    const store = makeStore();
    vi.advanceTimersByTime(239_999);
    expect(store.getState().auth.isAuthenticated).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getState().auth).toEqual(signedOutState);
    expect(readRefreshToken()).toBeUndefined();
  });

  it('stops the 240 s check once disconnected', () => {
    storeSignInTokens({ access: ACCESS, refresh: jwtExpiringAt(NOW - 1) }, 'password');
    const store = makeStore();
    disconnect();
    vi.advanceTimersByTime(240_000);
    expect(store.getState().auth.isAuthenticated).toBe(true);
  });
});
