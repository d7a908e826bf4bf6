import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

interface RetryAlertProps {
  message: string;
  onRetry: () => void;
  sx?: SxProps<Theme>;
}

/** A list or panel that failed to load says so in its own place, with a way to try again. */
export function RetryAlert({ message, onRetry, sx }: RetryAlertProps) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
