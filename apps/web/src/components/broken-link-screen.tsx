import Link from '@mui/material/Link';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import { MESSAGES } from '@agora/shared';
import { ErrorScreen } from './error-screen';

interface BrokenLinkScreenProps {
  /** Injected so tests can observe it; browsers reload the page. */
  reload?: () => void;
}

/** SPEC §2 broken-link screen, shown for unknown addresses. */
export function BrokenLinkScreen({
  reload = () => window.location.reload(),
}: BrokenLinkScreenProps) {
  return (
    <ErrorScreen
      icon={LinkOffRounded}
      title={MESSAGES.brokenLinkTitle}
      text={MESSAGES.brokenLinkText}
      actions={
        <Link
          href={window.location.href}
          onClick={(event) => {
            event.preventDefault();
            reload();
          }}
          sx={{ fontSize: '1.05rem', fontWeight: 600 }}
        >
          Reload
        </Link>
      }
    />
  );
}
