import { MESSAGES } from '@agora/shared';
import { plainButton } from './plain/button';
import { ErrorScreen } from './error-screen';

/**
 * SPEC §2 fallback error screen. Its link is a plain anchor (a full page load), because it
 * also renders outside the router when the app itself has failed.
 */
export function SomethingWentWrongScreen() {
  return (
    <ErrorScreen
      icon="errorOutlineRounded"
      title={MESSAGES.somethingWrongTitle}
      text={MESSAGES.somethingWrongText}
      actions={
        <a href="/" className={plainButton({ variant: 'contained' })}>
          Go to the home page
        </a>
      }
    />
  );
}
