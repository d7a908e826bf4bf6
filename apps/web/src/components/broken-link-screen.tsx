import { Link as RouterLink } from '../lib/router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import { MESSAGES } from '@agora/shared';
import { ErrorScreen } from './error-screen';

interface BrokenLinkScreenProps {
  /** Injected so tests can observe it; browsers reload the page. */
  reload?: () => void;
  /** Where the missing thing lived (a discussion's list), offered beside the way home. */
  onward?: { to: string; label: string };
}

/**
 * SPEC §2 broken-link screen, for unknown addresses and missing objects (the server answered
 * 404 for both): a way home, a way back to where the object lived, and Reload.
 */
export function BrokenLinkScreen({
  reload = () => window.location.reload(),
  onward,
}: BrokenLinkScreenProps) {
  return (
    <ErrorScreen
      icon={LinkOffRounded}
      title={MESSAGES.brokenLinkTitle}
      text={MESSAGES.brokenLinkText}
      actions={
        <>
          <Button component={RouterLink} to="/" variant="contained">
            Go home
          </Button>
          {onward && (
            <Button component={RouterLink} to={onward.to} variant="outlined">
              {onward.label}
            </Button>
          )}
          <Link
            href={window.location.href}
            onClick={(event) => {
              event.preventDefault();
              reload();
            }}
            sx={{ fontSize: '1.05rem', fontWeight: 600, alignSelf: 'center' }}
          >
            Reload
          </Link>
        </>
      }
    />
  );
}
