import { Suspense, useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { muiIsland } from '../mui/mui-island';
import { useLocation } from '../../lib/router';
import { SignInGateContext } from './sign-in-gate-context';
import type { MemberAction } from './sign-in-gate-context';

// The dialog (and MUI's Modal behind it) downloads when a visitor first needs it.
const SignInDialog = muiIsland(() =>
  import('./sign-in-dialog').then((module) => module.SignInDialog),
);

interface Asked {
  action: MemberAction;
  /** The location (history entry) it was asked on: going anywhere else closes the dialog. */
  at: string;
  open: boolean;
}

/**
 * Holds the one "log in to like this" dialog of the app. Mounted inside the router (the shell),
 * so the dialog's links know the page to come back to.
 */
export function SignInGateProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  // Null until first asked; the dialog then stays mounted so that it can fade out.
  const [asked, setAsked] = useState<Asked | null>(null);
  const ask = useCallback(
    (action: MemberAction) => setAsked({ action, at: location.key, open: true }),
    [location.key],
  );

  return (
    <SignInGateContext value={ask}>
      {children}
      {asked !== null && (
        <Suspense fallback={null}>
          <SignInDialog
            open={asked.open && asked.at === location.key}
            action={asked.action}
            onClose={() => setAsked({ ...asked, open: false })}
          />
        </Suspense>
      )}
    </SignInGateContext>
  );
}
