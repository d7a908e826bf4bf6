export { AppError } from './app-error';
export { isNotNullViolation } from './database-errors';
export { ERROR_CODES, NON_FIELD_ERRORS, type ErrorCode } from './error-codes';
export { errorsPlugin } from './errors.plugin';
