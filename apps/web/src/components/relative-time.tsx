import Tooltip from '@mui/material/Tooltip';
import { exactTime, timeAgo } from '../lib/format';

/**
 * When something happened, one way everywhere: relative while recent ("5 minutes ago"), the
 * date once a week old, and the exact moment on hover or focus.
 */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <Tooltip title={exactTime(iso)}>
      <time dateTime={iso}>{timeAgo(iso)}</time>
    </Tooltip>
  );
}
