const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const dateOnly = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "yesterday", then the date once it is over a week old. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return dateOnly.format(new Date(iso));
}

/** The exact moment, for a tooltip over a relative time. */
export function exactTime(iso: string): string {
  return fullDate.format(new Date(iso));
}

/** 1234 → "1.2K". */
export function compactCount(count: number): string {
  return compact.format(count);
}

/** "1 comment", "3 comments". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

const bytesUnits = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB": binary multiples, as the server counts its limits (100 MB = 100 × 2²⁰). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  // Compared once rounded as shown, so 1023.99 MB reads "1 GB" rather than "1,024 MB".
  const shown = (amount: number) => Number(amount.toFixed(amount < 10 ? 1 : 0));
  while (shown(value) >= 1024 && unit < bytesUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes.toLocaleString()} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return `${shown(value).toLocaleString()} ${bytesUnits[unit]}`;
}
