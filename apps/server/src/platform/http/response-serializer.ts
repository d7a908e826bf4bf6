import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';

type JsonSchema = { [keyword: string]: unknown };

const isJsonSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod's JSON Schema made fit for writing:
 * - `additionalProperties: false` goes. fast-json-stringify skips undeclared properties anyway,
 *   but it chooses a union's member by validating the value against each, and a handler's
 *   object may carry more than the schema declares (zod's encoder strips it).
 * - `anyOf: [X, {type: 'null'}]`, which zod writes for every `.nullable()`, becomes X with
 *   `nullable: true`, so no validator runs to choose between the two, for every nullable
 *   field of every item.
 */
function forWriting(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forWriting);
  if (!isJsonSchema(schema)) return schema;
  const entries = Object.entries(schema)
    .filter(([keyword, value]) => !(keyword === 'additionalProperties' && value === false))
    .map(([keyword, value]) => [keyword, forWriting(value)]);
  const plain: JsonSchema = Object.fromEntries(entries);
  const { anyOf, ...rest } = plain;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return plain;
  const others = anyOf.filter((branch) => !(isJsonSchema(branch) && branch.type === 'null'));
  const [other] = others;
  if (others.length !== 1 || !isJsonSchema(other)) return plain;
  return { ...rest, ...other, nullable: true };
}

/**
 * Writes a route's responses with fast-json-stringify, compiled from the JSON Schema of its zod
 * response schema. It writes only the declared properties, so nothing a handler leaves on an
 * object reaches the client, as with zod's encoder; but it costs about a third as much as
 * encoding with zod and then `JSON.stringify` (a 20-discussion page: 55 µs against 153 µs).
 * It checks less: a float in an integer field is truncated, formats and lengths are not
 * checked. The route's types already hold handlers to the schema, and a missing required field
 * or a value of the wrong type still fails the response. A schema that JSON Schema cannot
 * express (a `z.date()`) is encoded by zod as before.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  let jsonSchema: unknown;
  try {
    jsonSchema = toJSONSchema(route.schema, { io: 'output', target: 'draft-7' });
  } catch {
    return zodSerializerCompiler(route);
  }
  return fastJsonStringify(forWriting(jsonSchema) as Schema);
};
