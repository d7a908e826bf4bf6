import { Link as RouterLink, useLocation } from '../../lib/router';
import { plainButton } from '../../components/plain/button';
import { loginPathFor } from '../../features/auth';
import styles from './signed-out-actions.module.css';

/** Pages of the sign-in flow itself: logging in from one of them comes back home instead. */
const ACCOUNT_PAGES =
  /^\/(login|register|forgot-password|reset-password|verify-email|twofa-token)(\/|$)/;

/** The top bar's "Log in" and "Sign up" for a visitor; logging in comes back to this page. */
export function SignedOutActions() {
  const location = useLocation();
  const here = location.pathname + location.search + location.hash;
  const stay = location.pathname !== '/' && !ACCOUNT_PAGES.test(location.pathname);
  return (
    <>
      <RouterLink
        to={stay ? loginPathFor(here) : '/login'}
        className={`${plainButton({ color: 'inherit' })} ${styles.logIn}`}
      >
        Log in
      </RouterLink>
      <RouterLink
        to={stay ? `/register?next=${encodeURIComponent(here)}` : '/register'}
        className={`${plainButton({ variant: 'contained' })} ${styles.signUp}`}
      >
        Sign up
      </RouterLink>
    </>
  );
}
