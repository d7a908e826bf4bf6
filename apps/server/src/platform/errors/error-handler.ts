import type {
  FastifyError,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { API_MESSAGES, type FieldErrors } from '@agora/shared';
import { AppError } from './app-error';
import { ERROR_CODES, NON_FIELD_ERRORS, type ErrorCode } from './error-codes';
import { fromDatabaseError } from './database-errors';

/** Plugins and Fastify itself signal client errors by status; map each to its code in the table. */
const CODE_BY_STATUS = new Map<number, ErrorCode>(
  Object.entries(ERROR_CODES).map(([code, { status }]) => [status, code as ErrorCode]),
);

/** `/tags/0` (JSON pointer from the schema validator) becomes `tags.0`; the root becomes nonFieldErrors. */
function fieldErrors(validation: FastifySchemaValidationError[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.') || NON_FIELD_ERRORS;
    (errors[field] ??= []).push(issue.message ?? ERROR_CODES.validation.message);
  }
  return errors;
}

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (error.validation) return AppError.fields(fieldErrors(error.validation));
  const databaseError = fromDatabaseError(error);
  if (databaseError) return databaseError;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new AppError('validation', API_MESSAGES.malformedJson);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = CODE_BY_STATUS.get(status);
    // A 400 from Fastify or a plugin already says what was wrong with the request.
    if (code && code !== 'validation') return new AppError(code);
    return new AppError('validation', error.message);
  }
  return new AppError('internal');
}

/** The one place errors become responses; 5xx detail stays in the log, keyed by request id. */
export function handleError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const appError = toAppError(error);
  if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
  return reply.code(appError.status).send(appError.toBody());
}
