import { Link as RouterLink } from '../lib/router';
import Link from '@mui/material/Link';

/** A member's name as a link to their profile, in the colour of the text around it. */
export function MemberLink({ username }: { username: string }) {
  return (
    <Link
      component={RouterLink}
      to={`/user-info/${encodeURIComponent(username)}`}
      color="inherit"
      underline="hover"
    >
      {username}
    </Link>
  );
}
