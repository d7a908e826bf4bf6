import { exactTime, timeAgo } from '../lib/format';

/**
 * When something happened, one way everywhere: relative while recent ("5 minutes ago"), the
 * date once a week old, and the exact moment on hover. The browser's own tooltip (`title`), as
 * the home's rows do: a list of cards then needs no popper to show its dates.
 */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {timeAgo(iso)}
    </time>
  );
}
