import Button from '@mui/material/Button';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { MESSAGES } from '@agora/shared';
import { ErrorScreen } from './error-screen';

/**
 * SPEC §2 fallback error screen. Its link is a plain anchor (a full page load), because it
 * also renders outside the router when the app itself has failed.
 */
export function SomethingWentWrongScreen() {
  return (
    <ErrorScreen
      icon={ErrorOutlineRounded}
      title={MESSAGES.somethingWrongTitle}
      text={MESSAGES.somethingWrongText}
      actions={
        <Button variant="contained" href="/">
          Go to the home page
        </Button>
      }
    />
  );
}
