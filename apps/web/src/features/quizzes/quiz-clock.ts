import { useEffect, useState } from 'react';

/**
 * The current time, ticking every `step` ms while `active` (a running time limit, a closing
 * time ahead), so a time bar moves and a quiz closes on screen when its time comes.
 */
export function useNow(active: boolean, step: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), step);
    return () => clearInterval(timer);
  }, [active, step]);
  return now;
}

/**
 * Milliseconds left before `deadline` (the server's, start + limit), never more than the limit:
 * a device clock running behind the server's cannot hand out extra time on screen.
 */
export function timeLeft(deadline: string, limitSeconds: number, now: number): number {
  const left = new Date(deadline).getTime() - now;
  return Math.max(0, Math.min(left, limitSeconds * 1000));
}

/** Whether the quiz is closed by now: the server said so, or its closing time has passed. */
export function closedBy(closesAt: string | null, isClosed: boolean, now: number): boolean {
  return isClosed || (closesAt !== null && new Date(closesAt).getTime() <= now);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Closes in 3 h", "Closes in 2 days", "Closed"; null for a quiz without a closing time. */
export function closingLabel(
  closesAt: string | null,
  isClosed: boolean,
  now: number,
): string | null {
  if (closedBy(closesAt, isClosed, now)) return 'Closed';
  if (closesAt === null) return null;
  const left = new Date(closesAt).getTime() - now;
  if (left < MINUTE) return 'Closes in under a minute';
  if (left < HOUR) return `Closes in ${Math.ceil(left / MINUTE)} min`;
  if (left < DAY) return `Closes in ${Math.round(left / HOUR)} h`;
  const days = Math.round(left / DAY);
  return `Closes in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** "45 seconds", "2 min", "1 min 30 s": a time limit as a member reads it. */
export function limitLabel(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
