import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { pino, type DestinationStream } from 'pino';
import type { LogLevel } from '../../config';

/** Query parameters that carry credentials (socket tokens, OAuth callbacks). */
const SECRET_QUERY_PARAMS = /([?&](?:token|access_token|refresh_token)=)[^&#]*/gi;

/** Path segments that are credentials: mailed two-factor and password-reset links. */
const SECRET_PATHS = [
  /(\/auth\/verify-2fa\/)[^/?#]+/gi,
  /(\/auth\/password\/reset\/confirm\/[^/?#]+\/)[^/?#]+/gi,
];

export function redactUrl(url: string): string {
  let redacted = url.replace(SECRET_QUERY_PARAMS, '$1[REDACTED]');
  for (const pattern of SECRET_PATHS) redacted = redacted.replace(pattern, '$1[REDACTED]');
  return redacted;
}

/** Only what helps to trace a request; headers (Authorization, Cookie) are never logged. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

function serializeError(error: Error) {
  if (error instanceof DrizzleQueryError) {
    // Its message and stack embed the query parameters (emails, password hashes): keep the SQL
    // and the driver's own error only.
    return {
      ...pino.stdSerializers.err(error.cause ?? new Error('Query failed')),
      query: error.query,
    };
  }
  return pino.stdSerializers.err(error);
}

export function createLogger(level: LogLevel, destination?: DestinationStream): FastifyBaseLogger {
  const options = { level, serializers: { req: serializeRequest, err: serializeError } };
  return destination ? pino(options, destination) : pino(options);
}
