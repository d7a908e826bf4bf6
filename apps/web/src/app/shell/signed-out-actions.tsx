import { Link as RouterLink, useLocation } from '../../lib/router';
import Button from '@mui/material/Button';
import { loginPathFor } from '../../features/auth';

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
      <Button
        component={RouterLink}
        to={stay ? loginPathFor(here) : '/login'}
        color="inherit"
        sx={{ flexShrink: 0, px: { xs: 1, sm: 1.5 } }}
      >
        Log in
      </Button>
      <Button
        component={RouterLink}
        to={stay ? `/register?next=${encodeURIComponent(here)}` : '/register'}
        variant="contained"
        sx={{ flexShrink: 0, px: { xs: 1.5, sm: 2 } }}
      >
        Sign up
      </Button>
    </>
  );
}
