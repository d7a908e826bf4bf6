import { use, useCallback } from 'react';
import { useAppSelector } from '../../../lib/hooks';
import { selectIsAuthenticated } from '../../auth';
import { SignInGateContext } from '../../../components/sign-in-gate/sign-in-gate-context';
import type { MemberAction } from '../../../components/sign-in-gate/sign-in-gate-context';

/**
 * For buttons anyone sees but only members may use (like, bookmark, report, vote): returns true
 * for a member. Anyone else is told why `action` needs an account, with a log-in link that comes
 * back to this page (`SignInGateProvider`).
 */
export function useSignInGate(): (action: MemberAction) => boolean {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const ask = use(SignInGateContext);
  if (ask === null) throw new Error('useSignInGate is used outside SignInGateProvider.');
  return useCallback(
    (action: MemberAction) => {
      if (isAuthenticated) return true;
      ask(action);
      return false;
    },
    [isAuthenticated, ask],
  );
}
