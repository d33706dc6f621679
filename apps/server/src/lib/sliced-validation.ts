import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { invalidFields } from './error-handler.ts';

/** Items checked between two turns of the event loop. */
const SLICE = 100;

type ZodRoute = Parameters<typeof validatorCompiler>[0];
type Validate = ReturnType<FastifySchemaCompiler<unknown>>;

/**
 * A route's `validatorCompiler` for a body carrying one large array (a CSV import's 1,000 rows):
 * the route keeps its full body schema (OpenAPI, types), but the body is checked with `envelope`
 * (the same schema with the array's items left unchecked), then `items` in slices of 100 with a
 * turn of the event loop between them, so other requests run in between. The parsed items replace
 * the raw ones in the body, as a schema's own parse would. A bad item answers the same 400 as the
 * full schema (`rows.5.price: …`, every bad item listed); other parts of the request (headers,
 * params, query) are checked as usual.
 */
export function slicedBodyValidator(
  key: string,
  envelope: z.ZodObject,
  item: z.ZodType,
): FastifySchemaCompiler<unknown> {
  return (route) => {
    const zodRoute = route as ZodRoute;
    if (route.httpPart !== 'body') return validatorCompiler(zodRoute);
    const checkEnvelope = validatorCompiler({ ...zodRoute, schema: envelope }) as (data: unknown) => {
      error?: Error | FastifySchemaValidationError[];
      value?: Record<string, unknown>;
    };
    // Fastify awaits a validator's promise (as for Ajv's async schemas): resolved passes, rejected fails.
    const checkAll = validatorCompiler(zodRoute);
    const validate = (data: unknown) => {
      const checked = checkEnvelope(data);
      // A bad envelope: the full schema lists every error at once, the rows' too, as it always did.
      if (checked.error || !checked.value) return checkAll(data);
      return checkItems(data as Record<string, unknown>, checked.value, key, item);
    };
    return validate as Validate;
  };
}

/** Checks `envelope[key]`'s items in slices; writes the parsed body into `body`, or throws the 400. */
async function checkItems(
  body: Record<string, unknown>,
  envelope: Record<string, unknown>,
  key: string,
  item: z.ZodType,
): Promise<true> {
  const raw = envelope[key] as unknown[];
  const parsed: unknown[] = new Array(raw.length);
  const details: Array<{ field: string; message: string }> = [];
  for (let start = 0; start < raw.length; start += SLICE) {
    if (start > 0) await nextTurn();
    for (let i = start; i < Math.min(start + SLICE, raw.length); i++) {
      const result = item.safeParse(raw[i]);
      if (result.success) parsed[i] = result.data;
      else
        for (const issue of result.error.issues)
          details.push({ field: [key, i, ...issue.path].join('.'), message: issue.message });
    }
  }
  if (details.length > 0) throw invalidFields(details);
  for (const name of Object.keys(body)) if (!(name in envelope)) delete body[name];
  Object.assign(body, envelope, { [key]: parsed });
  return true;
}
