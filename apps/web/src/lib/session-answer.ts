import type { TokenPair, TwoFactorPending } from '@agora/shared';

/*
 * The answers that start or renew a session are checked before their tokens are stored, though
 * the server writes them through their schemas as it does every answer (http-client.ts): a
 * session saved without a usable token would fail every later call rather than this one. The
 * check is by hand, not with the shared schemas, because the session code is on every page's
 * first load and zod is not.
 */

const isToken = (value: unknown) => typeof value === 'string' && value.length > 0;

/** Whether `value` carries the two tokens of a session. */
export function hasTokenPair(value: unknown): value is TokenPair {
  return (
    typeof value === 'object' &&
    value !== null &&
    'access' in value &&
    'refresh' in value &&
    isToken(value.access) &&
    isToken(value.refresh)
  );
}

/** Whether `value` is a login's "check your mail" answer for an account with two-factor on. */
export function isTwoFactorPending(value: unknown): value is TwoFactorPending {
  return typeof value === 'object' && value !== null && 'twoFa' in value && value.twoFa === true;
}

/** An answer that should have opened a session and cannot. */
export class SessionAnswerError extends Error {
  constructor() {
    super('The sign-in answer carried no session.');
    this.name = 'SessionAnswerError';
  }
}

/** `answer` when it opens a session (tokens and the member), else a SessionAnswerError. */
export function sessionAnswer<T extends TokenPair>(answer: T): T {
  const user = 'user' in answer ? answer.user : undefined;
  if (hasTokenPair(answer) && typeof user === 'object' && user !== null) return answer;
  throw new SessionAnswerError();
}
