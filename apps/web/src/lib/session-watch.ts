import { REFRESH_CHECK_INTERVAL_MS } from '@agora/shared';
import { readRefreshToken } from './cookies';
import { isTokenExpired } from './token';

export interface SessionWatchOptions {
  /** Whether a session is in progress (an access token is held). */
  hasSession: () => boolean;
  /** Ends the session. */
  onExpired: () => void;
}

/**
 * SPEC §4: every 240 s, log out when the refresh token has expired. A session whose refresh
 * cookie is gone counts too: the browser drops the cookie at its expiry, so the token can no
 * longer be read once it runs out. Returns the function that stops the watch.
 */
export function startSessionWatch({ hasSession, onExpired }: SessionWatchOptions): () => void {
  const timer = setInterval(() => {
    const refresh = readRefreshToken();
    if (refresh === undefined ? hasSession() : isTokenExpired(refresh)) onExpired();
  }, REFRESH_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}
