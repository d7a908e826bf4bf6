import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long a poll stays open, short enough for a card: "closes in 3 h", "closes in 2 days",
 * "closed". Null for a poll without a closing time.
 */
export function closingLabel(
  closesAt: string | null,
  isClosed: boolean,
  now: number,
): string | null {
  if (isClosed) return 'Closed';
  if (closesAt === null) return null;
  const left = new Date(closesAt).getTime() - now;
  if (left <= 0) return 'Closed';
  if (left < MINUTE) return 'Closes in under a minute';
  if (left < HOUR) return `Closes in ${Math.ceil(left / MINUTE)} min`;
  if (left < DAY) return `Closes in ${Math.round(left / HOUR)} h`;
  const days = Math.round(left / DAY);
  return `Closes in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** Whether the poll is closed by now: the server said so, or its closing time has passed. */
export function closedBy(closesAt: string | null, isClosed: boolean, now: number): boolean {
  return isClosed || (closesAt !== null && new Date(closesAt).getTime() <= now);
}

/**
 * The current time, ticking every `step` ms while `active` (a poll with a closing time), so a
 * countdown moves and a poll closes on screen when its time comes.
 */
export function useNow(active: boolean, step = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), step);
    return () => clearInterval(timer);
  }, [active, step]);
  return now;
}
