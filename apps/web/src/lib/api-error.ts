import { MESSAGES } from '@agora/shared';
import { ResponseError, TokenRefreshError } from './http-client';

export { ResponseError };

function isCanceled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The parsed error body of a failed call, if the server answered. */
export function errorBody(error: unknown): unknown {
  return error instanceof ResponseError ? error.data : undefined;
}

/**
 * The first message in an error body, depth first: `{"field": ["msg"]}` and
 * `{"detail": "msg"}` both give "msg". Anything else (an HTML error page, an empty
 * object) has no message a member could act on.
 */
export function firstBodyMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  for (const value of Object.values(body)) {
    const message = typeof value === 'string' ? value : firstBodyMessage(value);
    if (message?.trim()) return message;
  }
  return undefined;
}

/** The first `nonFieldErrors` message of an error body. */
function nonFieldMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('nonFieldErrors' in body)) return undefined;
  return firstBodyMessage({ nonFieldErrors: body.nonFieldErrors });
}

function messageOf(
  error: unknown,
  fromBody: (body: unknown) => string | undefined,
  fallback: string,
): string {
  if (isCanceled(error)) return MESSAGES.canceled;
  if (error instanceof TokenRefreshError) return error.message;
  return fromBody(errorBody(error)) ?? fallback;
}

/** SPEC §8: most calls fail with the first value of the server's error body. */
export function errorMessage(error: unknown, fallback: string = MESSAGES.generic): string {
  return messageOf(error, firstBodyMessage, fallback);
}

/**
 * SPEC §8: profile and notification calls fail with the first `nonFieldErrors` message;
 * a body without one (a field error, a `detail`) still gives its first message.
 */
export function nonFieldErrorMessage(error: unknown, fallback: string = MESSAGES.generic): string {
  return messageOf(error, nonFieldBodyMessage, fallback);
}

/** `nonFieldErrorMessage` for an error body already read (an RTK Query error's `data`). */
export function nonFieldBodyMessage(body: unknown): string | undefined {
  return nonFieldMessage(body) ?? firstBodyMessage(body);
}

/** The body and message of a failed RTK Query call (`.unwrap()` rejects with these). */
export function apiFailure(error: unknown): {
  status: number | null;
  data: unknown;
  message: string;
} {
  if (typeof error !== 'object' || error === null) {
    return { status: null, data: undefined, message: MESSAGES.generic };
  }
  const status = 'status' in error && typeof error.status === 'number' ? error.status : null;
  const data = 'data' in error ? error.data : undefined;
  const message =
    'message' in error && typeof error.message === 'string' && error.message
      ? error.message
      : MESSAGES.generic;
  return { status, data, message };
}
