const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const date = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

const STEPS: readonly [limitSeconds: number, unit: Intl.RelativeTimeFormatUnit, seconds: number][] =
  [
    [60, 'second', 1],
    [3600, 'minute', 60],
    [86_400, 'hour', 3600],
    [7 * 86_400, 'day', 86_400],
    [30 * 86_400, 'week', 7 * 86_400],
  ];

/** "5 minutes ago", "yesterday", "2 weeks ago"; a date once it is over a month old. */
export function timeAgo(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 45) return 'just now';
  for (const [limit, unit, size] of STEPS) {
    if (seconds < limit) return relative.format(-Math.round(seconds / size), unit);
  }
  return date.format(then);
}
