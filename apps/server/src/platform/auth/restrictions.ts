import { AppError } from '../errors';
import type { Silence } from './session-cache';

const UNTIL = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** "3 December 2026 at 14:00 UTC": messages name one time zone, since members live in many. */
export const untilText = (until: Date) => `${UNTIL.format(until)} UTC`;

const because = (reason: string) => (reason ? ` The reason given: ${reason}` : '');

/** What a silenced member is told when they try to post, comment, chat, upload or change their profile. */
const silencedMessage = (silence: Silence) =>
  `Staff have silenced your account until ${untilText(silence.until)}: you can read, but not post, comment, chat, upload or change your profile.${because(silence.reason)}`;

/** What a suspended member is told when they try to sign in. */
export const suspendedMessage = (until: Date, reason: string) =>
  `Staff have suspended your account until ${untilText(until)}.${because(reason)}`;

/** Refuses a write a silence stops (403, with the end and the reason) while it lasts. */
export function refuseWhileSilenced(silence: Silence | null, now = new Date()): void {
  if (silence && silence.until > now) throw new AppError('forbidden', silencedMessage(silence));
}
