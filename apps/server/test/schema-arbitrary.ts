import fc from 'fast-check';

/** The JSON Schema keywords the OpenAPI document uses for request bodies and parameters. */
export interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

/**
 * Strings a member could send, the hostile ones included (every UTF-16 code unit: NUL, lone
 * surrogates, bidi overrides), around the schema's length bounds.
 */
function text(schema: Schema): fc.Arbitrary<string> {
  const maxLength = Math.min((schema.maxLength ?? 40) + 2, 300);
  const anyUnits = fc.string({ unit: 'binary', maxLength });
  const plain = fc.string({ minLength: schema.minLength ?? 0, maxLength });
  if (schema.format === 'date-time') {
    return fc.oneof(
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      plain,
    );
  }
  return fc.oneof({ weight: 3, arbitrary: plain }, { weight: 1, arbitrary: anyUnits });
}

function numeric(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.minimum ?? schema.exclusiveMinimum ?? -5;
  const high = schema.maximum ?? low + 1000;
  const near = integer
    ? fc.integer({ min: Math.trunc(low) - 2, max: Math.trunc(high) + 2 })
    : fc.double({ min: low - 2, max: high + 2, noNaN: true });
  // Also the far edges: 0, negatives, and numbers past PostgreSQL's integer.
  const far = integer
    ? fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER)
    : fc.constantFrom(0, -1, 1e308);
  return fc.oneof({ weight: 4, arbitrary: near }, { weight: 1, arbitrary: far });
}

/** Values shaped like `schema` (often valid, sometimes just past its bounds). */
export function shapedLike(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const own = shapedBySchema(schema, depth);
  return schema.nullable ? fc.oneof(own, fc.constant(null)) : own;
}

function shapedBySchema(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => shapedLike(choice, depth)));
  if (schema.enum?.length) {
    return fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...schema.enum) },
      { weight: 1, arbitrary: text({}) },
    );
  }
  switch (schema.type) {
    case 'string':
      return text(schema);
    case 'integer':
      return numeric(schema, true);
    case 'number':
      return numeric(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = schema.items && depth < 4 ? shapedLike(schema.items, depth + 1) : fc.jsonValue();
      return fc.array(item, {
        minLength: Math.max(0, (schema.minItems ?? 0) - 1),
        maxLength: Math.min((schema.maxItems ?? 5) + 1, 25),
      });
    }
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (!properties.length || depth >= 4) return fc.dictionary(fc.string(), fc.jsonValue());
      return fc.record(
        Object.fromEntries(
          properties.map(([name, property]) => [name, shapedLike(property, depth + 1)]),
        ),
        // Required fields are left out now and then too.
        { requiredKeys: [] },
      );
    }
    default:
      return fc.jsonValue();
  }
}

/** A request body for `schema`: mostly shaped like it, sometimes anything JSON at all. */
export function bodyFor(schema: Schema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.constant({}), fc.jsonValue());
  return fc.oneof(
    { weight: 5, arbitrary: shapedLike(schema) },
    { weight: 1, arbitrary: fc.jsonValue() },
  );
}
