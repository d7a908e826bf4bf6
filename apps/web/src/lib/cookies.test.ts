import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  clearTokens,
  readAccessToken,
  readRefreshToken,
  storeRefreshedTokens,
  storeSignInTokens,
} from './cookies';
import type { SignInKind } from './cookies';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const tokens = { access: 'access-token', refresh: 'refresh-token' };

describe('token cookies', () => {
  let cookieWrites: string[];

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    cookieWrites = [];
    // Browsers never expose a cookie's expiry again, so the test reads what the page writes.
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookieWrites.push(value);
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    clearTokens();
  });

  const lastWrite = (name: string) => cookieWrites.filter((w) => w.startsWith(`${name}=`)).at(-1);
  const expiresOf = (write: string | undefined) => /expires=([^;]+)/.exec(write ?? '')?.[1];

  it.each<[SignInKind, number | undefined]>([
    ['password', undefined],
    ['keepMeLoggedIn', 2 * DAY_MS],
    ['social', 14 * DAY_MS],
    ['registration', 14 * DAY_MS],
  ])(
    'a %s sign-in keeps both tokens for %s ms (undefined: the browser session)',
    (kind, lifetime) => {
      storeSignInTokens(tokens, kind);
      for (const name of [ACCESS_COOKIE, REFRESH_COOKIE]) {
        const write = lastWrite(name);
        expect(write).toMatch(/; secure/);
        expect(write).toMatch(/; sameSite=strict/);
        expect(expiresOf(write)).toBe(
          lifetime === undefined ? undefined : new Date(NOW.getTime() + lifetime).toUTCString(),
        );
      }
    },
  );

  it('after a refresh keeps the access token 5 minutes and the rotated refresh token 14 days', () => {
    storeRefreshedTokens(tokens);
    expect(lastWrite(ACCESS_COOKIE)).toMatch(
      /^agora_access=access-token;.*; secure; sameSite=strict/,
    );
    expect(expiresOf(lastWrite(ACCESS_COOKIE))).toBe(
      new Date(NOW.getTime() + 5 * 60_000).toUTCString(),
    );
    expect(expiresOf(lastWrite(REFRESH_COOKIE))).toBe(
      new Date(NOW.getTime() + 14 * DAY_MS).toUTCString(),
    );
  });
});

describe('reading and clearing', () => {
  afterEach(() => clearTokens());

  it('reads back what was stored and forgets it when cleared', () => {
    expect(readAccessToken()).toBeUndefined();
    storeSignInTokens(tokens, 'keepMeLoggedIn');
    expect(readAccessToken()).toBe('access-token');
    expect(readRefreshToken()).toBe('refresh-token');
    clearTokens();
    expect(readAccessToken()).toBeUndefined();
    expect(readRefreshToken()).toBeUndefined();
    expect(document.cookie).toBe('');
  });
});
