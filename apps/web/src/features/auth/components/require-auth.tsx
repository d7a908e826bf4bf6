import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../../../lib/router';
import { useAppSelector } from '../../../lib/hooks';
import { ContentLoading } from '../../../components/content-loading';
import { selectAuthLoading, selectIsAuthenticated } from '../auth-slice';
import { readRefreshToken } from '../../../lib/cookies';
import { loginPathFor } from '../../../lib/login-path';

export { loginPathFor };

/**
 * Where to go after signing in: the `next` parameter when it is a path of this site,
 * else the home page (a full URL or `//host` must not send the member elsewhere).
 */
export function safeNextPath(next: string | null): string {
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return '/';
  }
  return next;
}

/** Renders its children for a signed-in member; others go to the login page and come back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const loading = useAppSelector(selectAuthLoading);
  const location = useLocation();
  if (isAuthenticated) return children;
  // A reload with only the refresh cookie is being restored (SPEC §4 "refresh first").
  if (loading && readRefreshToken() !== undefined) return <ContentLoading />;
  return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
}
