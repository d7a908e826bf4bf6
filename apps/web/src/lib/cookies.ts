import Cookies from 'js-cookie';
import { ACCESS_COOKIE_AFTER_REFRESH_MS, COOKIE_DAYS, SESSION_COOKIES } from '@agora/shared';
import type { TokenPair } from '@agora/shared';

export const ACCESS_COOKIE = SESSION_COOKIES.access;
export const REFRESH_COOKIE = SESSION_COOKIES.refresh;

/** SPEC §9: tokens never leave over plain HTTP and never ride along on another site's requests. */
const BASE: Cookies.CookieAttributes = { secure: true, sameSite: 'strict' };

/**
 * How a member signed in, which fixes the cookie lifetime (SPEC §9):
 * `password` (no "Keep me logged in") lasts the browser session, `keepMeLoggedIn` 2 days,
 * `social` and `registration` 14 days.
 */
export type SignInKind = 'password' | 'keepMeLoggedIn' | 'social' | 'registration';

const SIGN_IN_EXPIRY_DAYS: Record<SignInKind, number | undefined> = {
  password: undefined,
  keepMeLoggedIn: COOKIE_DAYS.keepMeLoggedIn,
  social: COOKIE_DAYS.socialOrRegistration,
  registration: COOKIE_DAYS.socialOrRegistration,
};

/** Both tokens of a fresh sign-in; no `expires` makes a session cookie. */
export function storeSignInTokens(tokens: TokenPair, kind: SignInKind): void {
  const expires = SIGN_IN_EXPIRY_DAYS[kind];
  const attributes = expires === undefined ? BASE : { ...BASE, expires };
  Cookies.set(ACCESS_COOKIE, tokens.access, attributes);
  Cookies.set(REFRESH_COOKIE, tokens.refresh, attributes);
}

/**
 * Tokens from `/api/token/refresh/`: the access cookie lasts 5 minutes, like the token itself;
 * the refresh token rotates on every refresh, so the new one replaces the old for 14 days.
 */
export function storeRefreshedTokens(tokens: TokenPair): void {
  Cookies.set(ACCESS_COOKIE, tokens.access, {
    ...BASE,
    expires: new Date(Date.now() + ACCESS_COOKIE_AFTER_REFRESH_MS),
  });
  Cookies.set(REFRESH_COOKIE, tokens.refresh, { ...BASE, expires: COOKIE_DAYS.periodicRefresh });
}

export function readAccessToken(): string | undefined {
  return Cookies.get(ACCESS_COOKIE);
}

export function readRefreshToken(): string | undefined {
  return Cookies.get(REFRESH_COOKIE);
}

export function clearTokens(): void {
  // Removal writes an expired cookie; with the same attributes, the browser lets it replace the secure one.
  Cookies.remove(ACCESS_COOKIE, BASE);
  Cookies.remove(REFRESH_COOKIE, BASE);
}
