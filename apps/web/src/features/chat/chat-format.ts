/** Dates and names as the chat page shows them, in the member's own locale and time zone. */

const clock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short' });
const shortDate = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const shortDateWithYear = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const longDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});
const longDayWithYear = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight (local time) of the day `date` falls on. */
function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole local days between `date` and `now`: 0 today, 1 yesterday. */
function daysAgo(date: Date, now: Date): number {
  return Math.round((startOfDay(now) - startOfDay(date)) / DAY_MS);
}

export function isSameDay(a: string, b: string): boolean {
  return startOfDay(new Date(a)) === startOfDay(new Date(b));
}

/** The time beside a chat in the list: the hour today, then "Yesterday", a weekday, a date. */
export function listTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const days = daysAgo(date, now);
  if (days <= 0) return clock.format(date);
  if (days === 1) return 'Yesterday';
  if (days < 7) return weekday.format(date);
  return date.getFullYear() === now.getFullYear()
    ? shortDate.format(date)
    : shortDateWithYear.format(date);
}

/** The separator above the first message of a day. */
export function dayLabel(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const days = daysAgo(date, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return date.getFullYear() === now.getFullYear()
    ? longDay.format(date)
    : longDayWithYear.format(date);
}

/** The hour under a message bubble. */
export function messageTime(iso: string): string {
  return clock.format(new Date(iso));
}

/** A chat whose other member left shows no name; it still needs one to be listed. */
export function chatName(displayName: string): string {
  return displayName.trim() || 'Former member';
}
