import { configureStore } from '@reduxjs/toolkit';
import type { PrivateUser } from '@agora/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, storeSignInTokens } from '../../lib/cookies';
import { http } from '../../lib/http-client';
import { createFakeServer } from '../../lib/testing/fake-server';
import type { FakeServer } from '../../lib/testing/fake-server';
import { jwtExpiringAt } from '../../lib/testing/jwt';
import { authReducer, createSessionBridge, logout, toggleTwoFactor } from '../auth';
import { fetchProfile, updateProfile, userReducer } from './index';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const ACCESS = jwtExpiringAt(NOW + 300_000);
const REFRESH = jwtExpiringAt(NOW + 14 * 24 * 60 * 60 * 1000);

const profile: PrivateUser = {
  id: 7,
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: 'Poetical science.',
  avatar: 'https://agora.example/media/avatars/7.webp',
  country: 'United Kingdom',
  emailVerified: true,
  isTwoFaOn: false,
  notificationsOn: true,
  hasPassword: true,
  isStaff: false,
  role: 'member',
  silence: null,
  dateJoined: '2026-01-01T00:00:00.000Z',
};

let server: FakeServer;
let disconnect: () => void;
const originalTransport = http.transport;

function makeStore() {
  const store = configureStore({ reducer: { auth: authReducer, user: userReducer } });
  disconnect = createSessionBridge(store);
  return store;
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  server = createFakeServer();
  http.transport = server.transport;
});

afterEach(() => {
  disconnect();
  clearTokens();
  http.transport = originalTransport;
  vi.useRealTimers();
});

describe('fetch profile', () => {
  it('is skipped without both tokens', async () => {
    const store = makeStore();
    await store.dispatch(fetchProfile());
    expect(server.requests).toHaveLength(0);
    expect(store.getState().user).toEqual({ profile: null, loading: false, error: null });
  });

  it('is skipped with an access token but no refresh token', async () => {
    storeSignInTokens({ access: ACCESS, refresh: REFRESH }, 'password');
    const store = makeStore();
    document.cookie = 'agora_refresh=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    await store.dispatch(fetchProfile());
    expect(server.requests).toHaveLength(0);
  });

  it('goes pending, then fulfilled with the profile, when both tokens exist', async () => {
    storeSignInTokens({ access: ACCESS, refresh: REFRESH }, 'password');
    server.on('GET', '/auth/user/', { status: 200, data: profile });
    const store = makeStore();

    const pending = store.dispatch(fetchProfile());
    expect(store.getState().user.loading).toBe(true);
    await pending;

    expect(store.getState().user).toEqual({ profile, loading: false, error: null });
  });

  it('is rejected with the first nonFieldErrors message, else the SPEC default', async () => {
    storeSignInTokens({ access: ACCESS, refresh: REFRESH }, 'password');
    server.on('GET', '/auth/user/', {
      status: 400,
      data: { email: ['x'], nonFieldErrors: ['Your account is being deleted.'] },
    });
    const store = makeStore();
    await store.dispatch(fetchProfile());
    expect(store.getState().user).toEqual({
      profile: null,
      loading: false,
      error: 'Your account is being deleted.',
    });

    server.on('GET', '/auth/user/', { status: 500, data: {} });
    await store.dispatch(fetchProfile());
    expect(store.getState().user.error).toBe(
      'Oops! Get User Info Error occurred, please try again later',
    );
  });
});

describe('update profile', () => {
  it('sends form data with the fields and the avatar, then holds the new profile', async () => {
    storeSignInTokens({ access: ACCESS, refresh: REFRESH }, 'password');
    const updated = { ...profile, bio: 'Engines.', country: null };
    server.on('PUT', '/auth/user/', { status: 200, data: updated });
    const store = makeStore();
    const avatar = new File(['png'], 'me.png', { type: 'image/png' });

    const pending = store.dispatch(
      updateProfile({
        firstName: 'Ada',
        lastName: 'Lovelace',
        bio: 'Engines.',
        country: null,
        avatar,
      }),
    );
    expect(store.getState().user.loading).toBe(true);
    await pending;

    const [sent] = server.requests;
    const form = sent?.data as unknown;
    if (!(form instanceof FormData))
      throw new Error('The profile update was not sent as form data.');
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'avatar'))).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      bio: 'Engines.',
      country: '',
    });
    expect(form.get('avatar')).toMatchObject({ name: 'me.png', type: 'image/png' });
    // The browser writes the multipart type with its boundary only when none is set.
    expect(sent?.headers.has('Content-Type')).toBe(false);
    expect(store.getState().user).toEqual({ profile: updated, loading: false, error: null });
  });

  it('is rejected with the first nonFieldErrors message, else the SPEC default', async () => {
    storeSignInTokens({ access: ACCESS, refresh: REFRESH }, 'password');
    const changes = { firstName: '', lastName: '', bio: '', country: null };
    server.on('PUT', '/auth/user/', {
      status: 400,
      data: { nonFieldErrors: ['Upload a PNG, JPEG or WebP image of at most 5 MB.'] },
    });
    const store = makeStore();
    await store.dispatch(updateProfile(changes));
    expect(store.getState().user.error).toBe('Upload a PNG, JPEG or WebP image of at most 5 MB.');

    server.on('PUT', '/auth/user/', { status: 502 });
    await store.dispatch(updateProfile(changes));
    expect(store.getState().user.error).toBe(
      'Oops! Update User Info Error occurred, please try again later',
    );
  });
});

describe('following the session', () => {
  it('clears the user data on logout', async () => {
    storeSignInTokens({ access: ACCESS, refresh: REFRESH }, 'password');
    server.on('GET', '/auth/user/', { status: 200, data: profile });
    server.on('POST', '/auth/logout/', { status: 204 });
    const store = makeStore();
    await store.dispatch(fetchProfile());
    await store.dispatch(logout());
    expect(store.getState().user).toEqual({ profile: null, loading: false, error: null });
  });

  it('shows the two-factor toggle in the profile', async () => {
    storeSignInTokens({ access: ACCESS, refresh: REFRESH }, 'password');
    server.on('GET', '/auth/user/', { status: 200, data: profile });
    server.on('PUT', '/auth/userinfo/two/2fa/', { status: 200, data: { isTwoFaOn: true } });
    const store = makeStore();
    await store.dispatch(fetchProfile());
    await store.dispatch(toggleTwoFactor());
    expect(store.getState().user.profile?.isTwoFaOn).toBe(true);
  });
});
