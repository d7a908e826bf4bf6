import axios, { isAxiosError } from 'axios';
import type { InternalAxiosRequestConfig } from 'axios';
import { MESSAGES, REFRESH_THRESHOLD_MS, UPLOAD_MAX_BYTES, ZTokenPair } from '@agora/shared';
import type { RefreshRequest, TokenPair } from '@agora/shared';
import { readRefreshToken, storeRefreshedTokens } from './cookies';
import { isTokenExpiringWithin } from './token';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Send as is: no bearer, no refresh, no logout. The refresh call itself must not recurse. */
    skipAuth?: boolean;
    /** Marks the one retry after a refresh, so a second 401 does not refresh again. */
    authRetried?: boolean;
  }
}

/** The API base (SPEC §7); `/` serves the API from the page's own origin. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/';

/** A path under the API base, for the calls SPEC makes with plain fetch. */
export function apiUrl(path: string): string {
  return `${API_BASE.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The one HTTP client for the API base (SPEC §7): JSON, 100 MB content limit. */
export const http = axios.create({
  baseURL: API_BASE,
  headers: { 'Content-Type': 'application/json' },
  maxContentLength: UPLOAD_MAX_BYTES,
  maxBodyLength: UPLOAD_MAX_BYTES,
});

/**
 * What the client needs from the session it serves. The session lives in the app's store;
 * the client only reads it and reports back, so it never depends on a feature or a page.
 */
export interface SessionHooks {
  /** The current access token, or null when nobody is signed in. */
  getAccessToken: () => string | null;
  /** A refresh produced a new access token (already stored in its cookie). */
  onTokenRefreshed: (access: string) => void;
  /** The session is over: refresh failed, or a request without a token failed. */
  onLogout: () => void;
}

const noSession: SessionHooks = {
  getAccessToken: () => null,
  onTokenRefreshed: () => undefined,
  onLogout: () => undefined,
};

let hooks: SessionHooks = noSession;

/** The session's access token, or null when nobody is signed in: for shared code (sockets). */
export function currentAccessToken(): string | null {
  return hooks.getAccessToken();
}

/** Connects the client to a session; returns a function that disconnects it. */
export function configureHttpClient(session: SessionHooks): () => void {
  hooks = session;
  return () => {
    if (hooks === session) hooks = noSession;
  };
}

/** SPEC §8: what a request fails with when the session could not be refreshed. */
export class TokenRefreshError extends Error {
  constructor() {
    super(MESSAGES.tokenRefreshFailed);
    this.name = 'TokenRefreshError';
  }
}

let refreshing: Promise<string> | null = null;

async function requestRefresh(): Promise<string> {
  const refresh = readRefreshToken();
  const access = hooks.getAccessToken();
  let tokens: TokenPair;
  try {
    if (!refresh) throw new TokenRefreshError();
    const body: RefreshRequest = access ? { refresh, access } : { refresh };
    const response = await http.post<unknown>('/api/token/refresh/', body, { skipAuth: true });
    tokens = ZTokenPair.parse(response.data);
  } catch {
    hooks.onLogout();
    throw new TokenRefreshError();
  }
  storeRefreshedTokens(tokens);
  hooks.onTokenRefreshed(tokens.access);
  return tokens.access;
}

/**
 * Trades the refresh cookie for a new access token (SPEC §4). Callers that arrive while a
 * refresh is running share it: refresh tokens rotate, so a second request would present a
 * token already used and the server would revoke the whole session.
 * On failure the session is logged out and the promise rejects with a TokenRefreshError.
 */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= requestRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function sentAccessToken(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ')
    ? header.slice('Bearer '.length)
    : null;
}

http.interceptors.request.use(async (config) => {
  if (config.skipAuth) return config;
  let access = hooks.getAccessToken();
  // A reload keeps the refresh cookie but may have lost the short-lived access cookie.
  if (!access && readRefreshToken()) access = await refreshAccessToken();
  if (access) config.headers.set('Authorization', `Bearer ${access}`);
  // A retried config still carries the header it was first sent with.
  else config.headers.delete('Authorization');
  return config;
});

http.interceptors.response.use(undefined, async (error: unknown) => {
  if (!isAxiosError(error) || !error.config || error.config.skipAuth) throw error;
  const { config, response } = error;
  const sent = sentAccessToken(config);
  if (!sent) {
    if (response) hooks.onLogout();
    throw error;
  }
  if (
    response?.status === 401 &&
    !config.authRetried &&
    isTokenExpiringWithin(sent, REFRESH_THRESHOLD_MS)
  ) {
    // A 401 that lands after another request already refreshed only needs the new token.
    const current = hooks.getAccessToken();
    if (current === null || current === sent) await refreshAccessToken();
    return http.request({ ...config, authRetried: true });
  }
  throw error;
});
