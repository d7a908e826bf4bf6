/*
 * Dates and counts in English, as the rest of the interface, written out here rather than with
 * Intl: a page's first Intl formatter costs 40-130 ms of the main thread on this machine while
 * ICU loads its locale data (a phone pays several times that), and every first load that shows a
 * date or a count would pay it.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 1234567 → "1,234,567". */
export function grouped(count: number): string {
  const [whole = '', fraction] = String(count).split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
}

const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/** "just now", "5 minutes ago", "yesterday", then the date ("Nov 27, 2026") once a week old. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const then = new Date(iso);
  const elapsed = now - then.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days < 7) return days === 1 ? 'yesterday' : ago(days, 'day');
  return `${MONTHS[then.getMonth()]?.slice(0, 3)} ${then.getDate()}, ${then.getFullYear()}`;
}

/** The exact moment, for a tooltip over a relative time: "November 27, 2026 at 3:04 PM". */
export function exactTime(iso: string): string {
  const moment = new Date(iso);
  const hours = moment.getHours();
  const clock = `${hours % 12 || 12}:${String(moment.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${MONTHS[moment.getMonth()]} ${moment.getDate()}, ${moment.getFullYear()} at ${clock}`;
}

const COMPACT_UNITS = ['', 'K', 'M', 'B', 'T'] as const;

/** 1234 → "1.2K", 999950 → "1M": one decimal at most, a larger unit once it rounds to 1,000. */
export function compactCount(count: number): string {
  let value = count;
  let unit = 0;
  const rounded = (amount: number) => Math.round(amount * 10) / 10;
  while (unit < COMPACT_UNITS.length - 1 && Math.abs(rounded(value)) >= 1000) {
    value /= 1000;
    unit += 1;
  }
  return `${grouped(rounded(value))}${COMPACT_UNITS[unit]}`;
}

/** "1 comment", "1,234 comments". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${grouped(count)} ${count === 1 ? one : many}`;
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
