import fc from 'fast-check';
import { hostileHeaderValue, hostileString, hostileValue, toJsonText } from './hostile-values.ts';
import { fromJsonSchema } from './json-schema-arbitrary.ts';
import type { DocumentedRoute, JsonSchema } from './openapi-routes.ts';
import type { SampleRequest } from './route-samples.ts';

/**
 * How one fuzzed request departs from a route's valid sample. Plans are plain data, so fast-check
 * prints a failing one readably and shrinks it towards the sample.
 */
export type ValuePlan =
  | { keep: true }
  | { drop: true }
  | { set: unknown }
  | { fields: Record<string, ValuePlan>; extra?: [string, unknown] }
  | { firstItem: ValuePlan };

export type Encoding = 'as-sample' | 'duplicate-key' | 'wrong-content-type' | 'not-json' | 'empty';
export type Caller = 'owner' | 'intruder' | 'no-token' | 'bad-token';
export type StoreChoice = 'none' | 'owner' | 'owner-second' | 'intruder' | { hostile: string };

export interface RequestPlan {
  caller: Caller;
  store: StoreChoice;
  params: Record<string, ValuePlan>;
  query: Record<string, ValuePlan>;
  body: ValuePlan;
  encoding: Encoding;
  /** The content type (wrong-content-type), the text (not-json) or the duplicated value (duplicate-key). */
  encodingValue: unknown;
  /** Path values go out as typed, `%` included (malformed percent-encodings), not URL-encoded. */
  rawPath: boolean;
}

const keep = fc.constant<ValuePlan>({ keep: true });

function leafPlan(schema: JsonSchema | undefined, canDrop: boolean): fc.Arbitrary<ValuePlan>[] {
  return [
    keep,
    keep,
    fromJsonSchema(schema).map((set) => ({ set })),
    fromJsonSchema(schema).map((set) => ({ set })),
    hostileValue.map((set) => ({ set })),
    hostileValue.map((set) => ({ set })),
    ...(canDrop ? [fc.constant<ValuePlan>({ drop: true })] : []),
  ];
}

export function valuePlan(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<ValuePlan> {
  const leaves = leafPlan(schema, depth > 0);
  if (depth < 3 && schema?.type === 'object' && schema.properties) {
    const fields = fc.record(
      Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, valuePlan(s, depth + 1)])),
    );
    const extra = fc.option(fc.tuple(fc.oneof(hostileString, fc.constant('__proto__')), hostileValue), {
      nil: undefined,
    });
    const nested = fc
      .record({ fields, extra })
      .map(({ fields: f, extra: e }) => (e ? { fields: f, extra: e } : { fields: f }));
    return fc.oneof(...leaves, nested, nested, nested, nested);
  }
  if (depth < 3 && schema?.type === 'array' && schema.items) {
    const item = valuePlan(schema.items, depth + 1).map((firstItem) => ({ firstItem }));
    return fc.oneof(...leaves, item, item, item);
  }
  return fc.oneof(...leaves);
}

export function applyPlan(plan: ValuePlan, value: unknown): unknown {
  if ('set' in plan) return plan.set;
  if ('fields' in plan) {
    const base: Record<string, unknown> =
      value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as object) } : {};
    for (const [key, fieldPlan] of Object.entries(plan.fields)) {
      if ('drop' in fieldPlan) delete base[key];
      else {
        const next = applyPlan(fieldPlan, base[key]);
        if (next === undefined) delete base[key];
        else base[key] = next;
      }
    }
    if (plan.extra) Object.defineProperty(base, plan.extra[0], { value: plan.extra[1], enumerable: true });
    return base;
  }
  if ('firstItem' in plan) {
    if (!Array.isArray(value) || value.length === 0) return [applyPlan(plan.firstItem, undefined)];
    return [applyPlan(plan.firstItem, value[0]), ...value.slice(1)];
  }
  return value;
}

export function requestPlan(route: DocumentedRoute): fc.Arbitrary<RequestPlan> {
  const of = (where: string) => route.parameters.filter((p) => p.in === where);
  const stringPlans = (params: typeof route.parameters, canDrop: boolean) =>
    fc.record(
      Object.fromEntries(
        params.map((p) => [
          p.name,
          fc.oneof(
            keep,
            keep,
            fromJsonSchema(p.schema).map((set) => ({ set })),
            hostileValue.map((set) => ({ set })),
            ...(canDrop ? [fc.constant<ValuePlan>({ drop: true })] : []),
          ),
        ]),
      ),
    );
  return fc.record({
    caller: fc.oneof(
      { weight: 12, arbitrary: fc.constant<Caller>('owner') },
      { weight: 1, arbitrary: fc.constantFrom<Caller>('intruder', 'no-token', 'bad-token') },
    ),
    store: fc.oneof(
      { weight: 10, arbitrary: fc.constant<StoreChoice>('none') },
      { weight: 1, arbitrary: fc.constantFrom<StoreChoice>('owner', 'owner-second', 'intruder') },
      { weight: 1, arbitrary: hostileHeaderValue.map((hostile): StoreChoice => ({ hostile })) },
    ),
    params: stringPlans(of('path'), false),
    query: stringPlans(of('query'), true),
    body: route.body ? valuePlan(route.body) : keep,
    encoding: fc.oneof(
      { weight: 12, arbitrary: fc.constant<Encoding>('as-sample') },
      { weight: 1, arbitrary: fc.constantFrom<Encoding>('duplicate-key', 'wrong-content-type', 'not-json', 'empty') },
    ),
    rawPath: fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    encodingValue: fc.oneof(
      hostileValue,
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=latin1',
        '{"a":',
        "{'a':1}",
        '[1,2',
      ),
    ),
  });
}

/** Turns a value into a path or query string as a client would, lone surrogates made well-formed. */
function asText(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined ? '' : toJsonText(value);
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

export interface FuzzedRequest {
  path: string;
  headers: Record<string, string>;
  raw?: string | Uint8Array;
}

/** The HTTP request a plan makes of a route's sample (`template` is the OpenAPI path). */
export function buildRequest(route: DocumentedRoute, sample: SampleRequest, plan: RequestPlan): FuzzedRequest {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const matcher = new RegExp(`^${route.path.replace(/\{\w+\}/g, '([^/]*)')}$`);
  const found = matcher.exec(sample.path)?.slice(1) ?? [];
  const filled = names.map((name, i) => {
    const p = plan.params[name] ?? { keep: true };
    if (!('set' in p)) return found[i] ?? '';
    const text = asText(p.set);
    return plan.rawPath ? text.replace(/[/?#\s\p{Cc}]/gu, encodeURIComponent) : encodeURIComponent(text);
  });
  let index = 0;
  const path = route.path.replace(/\{\w+\}/g, () => filled[index++] ?? '');

  const query = new URLSearchParams(sample.query ?? {});
  for (const [name, p] of Object.entries(plan.query)) {
    if ('drop' in p) query.delete(name);
    else if ('set' in p) query.set(name, asText(p.set));
  }
  const search = query.toString();
  const headers: Record<string, string> = { ...sample.headers };
  let raw: string | Uint8Array | undefined = sample.raw;
  if (route.body || sample.body !== undefined) {
    const body = applyPlan(plan.body, sample.body);
    raw = toJsonText(body);
    headers['content-type'] = 'application/json';
  }
  if (raw !== undefined) {
    switch (plan.encoding) {
      case 'duplicate-key':
        if (typeof raw === 'string' && raw.startsWith('{"')) {
          const key = raw.slice(1, raw.indexOf('":') + 1);
          raw = `{${key}:${toJsonText(plan.encodingValue)},${raw.slice(1)}`;
        }
        break;
      case 'wrong-content-type':
        // A header can carry only Latin-1 without CR, LF or NUL; fetch refuses anything else itself.
        headers['content-type'] =
          typeof plan.encodingValue === 'string' && /^[\x20-\x7e\xa0-\xff]*$/.test(plan.encodingValue)
            ? plan.encodingValue
            : 'text/plain';
        break;
      case 'not-json':
        raw = asText(plan.encodingValue);
        break;
      case 'empty':
        raw = '';
        break;
    }
  }
  return { path: search ? `${path}?${search}` : path, headers, raw };
}
