import { Link as RouterLink } from '../lib/router';
import { MESSAGES } from '@agora/shared';
import { plainButton } from './plain/button';
import { ErrorScreen, errorScreenLinkClass } from './error-screen';

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
      icon="linkOffRounded"
      title={MESSAGES.brokenLinkTitle}
      text={MESSAGES.brokenLinkText}
      actions={
        <>
          <RouterLink to="/" className={plainButton({ variant: 'contained' })}>
            Go home
          </RouterLink>
          {onward && (
            <RouterLink to={onward.to} className={plainButton({ variant: 'outlined' })}>
              {onward.label}
            </RouterLink>
          )}
          <a
            href={window.location.href}
            className={errorScreenLinkClass}
            onClick={(event) => {
              event.preventDefault();
              reload();
            }}
          >
            Reload
          </a>
        </>
      }
    />
  );
}
