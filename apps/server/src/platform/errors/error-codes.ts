import { API_MESSAGES } from '@agora/shared';

/**
 * The one table of error codes: each fixes the HTTP status and the default message.
 * 400 answers with field errors (`{"<field>": ["…"]}` or `nonFieldErrors`), every other
 * status with `{"detail": "…"}`.
 */
export const ERROR_CODES = {
  validation: { status: 400, message: 'The request is not valid.' },
  unauthenticated: { status: 401, message: API_MESSAGES.unauthenticated },
  forbidden: { status: 403, message: 'You do not have permission to perform this action.' },
  not_found: { status: 404, message: API_MESSAGES.notFound },
  method_not_allowed: { status: 405, message: API_MESSAGES.methodNotAllowed },
  conflict: { status: 409, message: 'This conflicts with the current state of the object.' },
  payload_too_large: { status: 413, message: API_MESSAGES.payloadTooLarge },
  unsupported_media_type: { status: 415, message: API_MESSAGES.unsupportedMediaType },
  rate_limited: { status: 429, message: API_MESSAGES.tooManyRequests },
  internal: { status: 500, message: API_MESSAGES.internal },
  unavailable: {
    status: 503,
    message: 'This service is not available right now. Please try again in a moment.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Key for 400 messages that belong to the request as a whole rather than to one field. */
export const NON_FIELD_ERRORS = 'nonFieldErrors';
