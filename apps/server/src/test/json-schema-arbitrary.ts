import fc from 'fast-check';
import type { JsonSchema } from './openapi-routes.ts';

const SMALL = 2 ** 31 - 1;

function integers(min = -SMALL, max = SMALL): fc.Arbitrary<number> {
  const lo = Math.max(min, -Number.MAX_SAFE_INTEGER);
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
  const edges = fc.constantFrom(lo, hi);
  if (lo >= -SMALL && hi <= SMALL) return fc.oneof(fc.integer({ min: lo, max: hi }), edges);
  return fc.oneof(fc.integer({ min: Math.max(lo, -SMALL), max: Math.min(hi, SMALL) }), edges);
}

function strings(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 1000));
    } catch {
      // A pattern fast-check cannot read: plain strings within the length limits below.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    ...(schema.maxLength !== undefined ? [fc.constant('x'.repeat(schema.maxLength + 1))] : []),
  );
}

/**
 * Values that a JSON schema from the OpenAPI document describes, near its limits: the well-formed
 * half of the fuzzer's input (the other half is hostile-values.ts).
 */
export function fromJsonSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((s) => fromJsonSchema(s, depth + 1)));
  if (schema.allOf?.length) return fromJsonSchema(schema.allOf[0], depth + 1);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const arbitraries = types.map((type) => byType(type, schema, depth));
  if (schema.nullable) arbitraries.push(fc.constant(null));
  return arbitraries.length ? fc.oneof(...arbitraries) : fc.jsonValue({ maxDepth: 2 });
}

function byType(type: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return strings(schema);
    case 'integer':
      return integers(schema.minimum, schema.maximum);
    case 'number':
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromJsonSchema(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, fromJsonSchema(s, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
