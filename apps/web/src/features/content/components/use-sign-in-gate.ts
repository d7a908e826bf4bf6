import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../../../lib/hooks';
import { loginPathFor, selectIsAuthenticated } from '../../auth';

/**
 * For buttons anyone sees but only members may use (like, bookmark, report, vote): returns true for a
 * member; sends anyone else to log in, coming back to this page afterwards.
 */
export function useSignInGate(): () => boolean {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (isAuthenticated) return true;
    void navigate(loginPathFor(location.pathname + location.search));
    return false;
  }, [isAuthenticated, navigate, location.pathname, location.search]);
}
