import { RetryAlert as ListRetryAlert } from '../../../components/load-more-list';
import type { Placement } from '../../../components/load-more-list';

interface RetryAlertProps {
  message: string;
  onRetry: () => void;
  sx?: Placement;
}

/** A list or panel that failed to load says so in its own place, with a way to try again. */
export function RetryAlert({ message, onRetry, sx }: RetryAlertProps) {
  return (
    <ListRetryAlert onRetry={onRetry} retryLabel="Retry" sx={sx}>
      {message}
    </ListRetryAlert>
  );
}
