import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { clearTokens, readRefreshToken } from '../../lib/cookies';
import { configureHttpClient } from '../../lib/http-client';
import { startSessionWatch } from '../../lib/session-watch';
import { restoreSession, selectAuthToken, sessionEnded, tokenRefreshed } from './auth-slice';
import type { AuthRootState } from './auth-slice';

/** The store as the bridge needs it; the app's store fits. */
export interface SessionStore {
  getState: () => AuthRootState;
  dispatch: ThunkDispatch<AuthRootState, unknown, UnknownAction>;
}

/**
 * Connects the store's session to the HTTP client (bearer, refresh, logout) and to the
 * 240 s refresh-token check, and restores a session kept only by its refresh cookie.
 * Call once, after the store is made; returns the function that disconnects it all.
 */
export function createSessionBridge(store: SessionStore): () => void {
  const accessToken = () => selectAuthToken(store.getState());
  const endSession = () => {
    clearTokens();
    // Without a session there is nothing to end; an anonymous failure must not wipe the
    // login page's state (its error, or a pending two-factor step).
    if (accessToken() !== null) store.dispatch(sessionEnded());
  };

  const disconnect = configureHttpClient({
    getAccessToken: accessToken,
    onTokenRefreshed: (access) => store.dispatch(tokenRefreshed(access)),
    onLogout: endSession,
  });
  const stopWatch = startSessionWatch({
    hasSession: () => accessToken() !== null,
    onExpired: endSession,
  });
  if (accessToken() === null && readRefreshToken() !== undefined) {
    void store.dispatch(restoreSession());
  }

  return () => {
    stopWatch();
    disconnect();
  };
}
