import { hasControlCharacter, TEXT_MESSAGES } from '@agora/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { NON_FIELD_ERRORS } from './error-codes';

/**
 * A field of the request (path parameters, query or body) holding a control character other
 * than tab and line breaks, as a 400 names it (`tags.0`); undefined if none. Keys are checked
 * as well as values: PostgreSQL refuses U+0000 in a jsonb key too. Walked with a stack, so a
 * deeply nested body cannot overflow the call stack.
 */
function fieldWithControlCharacter(request: FastifyRequest): string | undefined {
  const pending: { path: string; value: unknown }[] = [
    { path: '', value: request.body },
    { path: '', value: request.query },
    { path: '', value: request.params },
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { path, value } = next;
    if (typeof value === 'string') {
      if (hasControlCharacter(value)) return path || NON_FIELD_ERRORS;
    } else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (hasControlCharacter(key)) return path || NON_FIELD_ERRORS;
        pending.push({ path: itemPath, value: item });
      }
    }
  }
  return undefined;
}

/**
 * The safety net under the shared text schemas: a string no schema describes (a path parameter
 * declared inline, a form field read by hand, a route added without `zText()`) is still refused
 * before its handler could hand it to PostgreSQL, which answers U+0000 with error 22021.
 * It runs after validation, so it sees what the handler would: a search query already cleaned.
 */
export async function refuseControlCharacters(request: FastifyRequest): Promise<void> {
  const field = fieldWithControlCharacter(request);
  if (field) throw AppError.fields({ [field]: [TEXT_MESSAGES.control] });
}
