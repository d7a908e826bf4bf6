import type { FieldErrors } from '@agora/shared';
import { ERROR_CODES, NON_FIELD_ERRORS, type ErrorCode } from './error-codes';

/**
 * The error services throw. The code decides the status; the message is shown to the member,
 * so it must be a sentence they can act on.
 *
 *   throw new AppError('not_found');
 *   throw new AppError('forbidden', 'Only the author can edit this post.');
 *   throw AppError.fields({ username: ['This username is already taken.'] });
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: FieldErrors | undefined;

  constructor(code: ErrorCode, message?: string, fieldErrors?: FieldErrors) {
    super(message ?? ERROR_CODES[code].message);
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.fieldErrors = fieldErrors;
  }

  /** A 400 naming the fields at fault: `{"<field>": ["message"]}`. */
  static fields(fieldErrors: FieldErrors): AppError {
    return new AppError('validation', undefined, fieldErrors);
  }

  /** The response body the API contract prescribes for this error. */
  toBody(): FieldErrors | { detail: string } {
    if (this.status !== 400) return { detail: this.message };
    return this.fieldErrors ?? { [NON_FIELD_ERRORS]: [this.message] };
  }
}
