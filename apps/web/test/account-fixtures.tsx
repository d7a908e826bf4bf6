import type { PrivateUser } from '@agora/shared';
import { routes } from '../src/app/router';
import { makeStore } from '../src/app/store';
import { clearTokens, storeSignInTokens } from '../src/lib/cookies';
import { http } from '../src/lib/http-client';
import { createFakeServer } from '../src/lib/testing/fake-server';
import type { FakeServer } from '../src/lib/testing/fake-server';
import { jwtExpiringAt } from '../src/lib/testing/jwt';
import { renderRoutes } from './render';
import { createSessionBridge } from '../src/features/auth';

/** Shared set-up for the account pages' tests: the real app, a fake API, optional cookies. */

export const member: PrivateUser = {
  id: 7,
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: 'Poetical science.',
  avatar: null,
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

export function tokens() {
  return {
    access: jwtExpiringAt(Date.now() + 300_000),
    refresh: jwtExpiringAt(Date.now() + 14 * 24 * 60 * 60 * 1000),
  };
}

const originalTransport = http.transport;
let disconnect: (() => void) | null = null;

/** A fake API at the HTTP client's transport; `restoreHttp` puts the real transport back. */
export function fakeApi(): FakeServer {
  const server = createFakeServer();
  http.transport = server.transport;
  server.on('GET', '/auth/providers/', {
    status: 200,
    data: { google: null, apple: null, facebook: null },
  });
  return server;
}

export function restoreHttp(): void {
  disconnect?.();
  disconnect = null;
  clearTokens();
  http.transport = originalTransport;
}

/** Stores sign-in cookies, so the next store starts signed in. */
export function signIn(): void {
  storeSignInTokens(tokens(), 'password');
}

/** The whole app at `path`, with its store connected to the HTTP client like main.tsx does. */
export function renderApp(path: string) {
  // As in main.tsx, the client knows the session before the first page asks for anything.
  const store = makeStore();
  disconnect = createSessionBridge(store);
  return renderRoutes(routes, path, store);
}
