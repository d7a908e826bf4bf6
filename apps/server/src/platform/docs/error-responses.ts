import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDetailError, ZFieldErrors } from '@agora/shared';

type Document = ReturnType<SwaggerTransformObject>;
type Answer = { description: string; content?: unknown };

/** The part of an operation this module reads and writes. */
interface Operation {
  responses?: Record<string, Partial<Answer>>;
}

const json = (name: string) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${name}` } },
});

/** The error handler's two shapes, as each status uses them. */
const ERROR_ANSWERS = {
  400: {
    description:
      'Refused: each field named with its messages (`nonFieldErrors` when no single field), or a `detail`.',
    content: {
      'application/json': {
        schema: {
          anyOf: [
            { $ref: '#/components/schemas/FieldErrors' },
            { $ref: '#/components/schemas/DetailError' },
          ],
        },
      },
    },
  },
  401: {
    description: 'Not signed in, or the access token has expired.',
    content: json('DetailError'),
  },
  403: { description: 'Signed in, but not allowed to do this.', content: json('DetailError') },
  404: {
    description: 'No such object, or not one this member may see.',
    content: json('DetailError'),
  },
  429: {
    description: 'Too many requests; the `Retry-After` header says how many seconds to wait.',
    content: json('DetailError'),
  },
} satisfies Record<number, Answer>;
type ErrorStatus = keyof typeof ERROR_ANSWERS;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The errors a route can answer, from what it takes and the hooks it runs. */
function errorsOf(app: FastifyInstance, route: RouteOptions): ErrorStatus[] {
  const { schema } = route;
  const hooks = [route.onRequest ?? []].flat();
  const signedIn = hooks.some(
    (hook) => hook === app.authenticate || hook === app.authenticateOptional,
  );
  const takesInput = Boolean(schema?.params || schema?.querystring || schema?.body);
  const writes = [route.method].flat().some((method) => !READS.has(method));
  const statuses: ErrorStatus[] = [];
  if (takesInput) statuses.push(400);
  // A stale token is refused even where signing in is optional, so the client refreshes it.
  if (signedIn) statuses.push(401, 403);
  if (takesInput) statuses.push(404);
  if (writes) statuses.push(429);
  return statuses;
}

/** Fastify's `/a/:id/` as the document writes it, `/a/{id}/`. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * Makes the OpenAPI document describe every real answer, so a schema-checking client accepts
 * them: a 204 carries no body (route schemas say `null`, which would read as a JSON `null`), and
 * each operation declares the errors it can answer, with their shapes. `transform` notes each
 * route's errors as @fastify/swagger walks the routes; `transformObject` writes them in.
 */
export function answerDescriber(app: FastifyInstance): {
  transform: SwaggerTransform;
  transformObject: SwaggerTransformObject;
} {
  const errors = new Map<string, ErrorStatus[]>();
  const key = (method: string, path: string) => `${method.toLowerCase()} ${path}`;

  const transform: SwaggerTransform = (input) => {
    const transformed = jsonSchemaTransform(input);
    for (const method of [input.route.method].flat()) {
      errors.set(key(method, documentPath(transformed.url)), errorsOf(app, input.route));
    }
    return transformed;
  };

  const transformObject: SwaggerTransformObject = (input) => {
    if (!('openapiObject' in input)) return input.swaggerObject;
    const document: Document & { openapi?: string } = input.openapiObject;
    if (!('openapi' in document)) return document;
    document.components = {
      ...document.components,
      schemas: {
        ...document.components?.schemas,
        FieldErrors: z.toJSONSchema(ZFieldErrors, { target: 'openapi-3.0' }),
        DetailError: z.toJSONSchema(ZDetailError, { target: 'openapi-3.0' }),
      },
    } as typeof document.components;
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, value] of Object.entries(item ?? {})) {
        const statuses = errors.get(key(method, path));
        if (!statuses) continue;
        const operation = value as Operation;
        const responses = (operation.responses ??= {});
        const noContent = responses['204'];
        if (noContent) responses['204'] = { description: noContent.description ?? 'Done.' };
        for (const status of statuses) responses[status] ??= ERROR_ANSWERS[status];
      }
    }
    return document;
  };

  return { transform, transformObject };
}
