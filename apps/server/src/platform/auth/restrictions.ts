import type { Silence } from './session-cache';

const UNTIL = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** "3 December 2026 at 14:00 UTC": messages name one time zone, since members live in many. */
export const untilText = (until: Date) => `${UNTIL.format(until)} UTC`;

const because = (reason: string) => (reason ? ` The reason given: ${reason}` : '');

/** What a silenced member is told when they try to post, comment, chat or upload. */
export const silencedMessage = (silence: Silence) =>
  `Staff have silenced your account until ${untilText(silence.until)}: you can read, but not post, comment, chat or upload.${because(silence.reason)}`;

/** What a suspended member is told when they try to sign in. */
export const suspendedMessage = (until: Date, reason: string) =>
  `Staff have suspended your account until ${untilText(until)}.${because(reason)}`;
