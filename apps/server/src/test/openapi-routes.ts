import { expect } from 'vitest';
import type { TestApp } from './harness.ts';
import { routeSamples } from './route-samples.ts';

/** A JSON schema as the OpenAPI document carries it (from the routes' zod schemas). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
}

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface DocumentedRoute {
  /** `METHOD path`, e.g. `GET /api/secure/product/code/{code}`. */
  key: string;
  method: string;
  path: string;
  parameters: OpenApiParameter[];
  body?: JsonSchema;
  /** What the route declares it needs (`config.permission`, shown as `x-permission`), if anything. */
  permission?: string;
  /** What a till token may do there (`config.till`, shown as `x-till`): `device`, `member`, or nothing. */
  till?: string;
}

interface OpenApiOperation {
  'x-permission'?: string;
  'x-till'?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every route of the app's OpenAPI document, as the public endpoint serves it. */
export async function documentedRoutes(t: TestApp): Promise<DocumentedRoute[]> {
  const res = await t.request<{ paths: Record<string, Record<string, OpenApiOperation>> }>(
    'GET',
    '/api/public/openapi.json',
  );
  expect(res.status).toBe(200);
  return Object.entries(res.body.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
      permission: op['x-permission'],
      till: op['x-till'],
    })),
  );
}

/** Fails, naming them, when a documented route has no sample or a sample names no route. */
export function expectEverySampled(routes: DocumentedRoute[]): void {
  const documented = routes.map((r) => r.key);
  const missing = documented.filter((key) => !(key in routeSamples));
  const stale = Object.keys(routeSamples).filter((key) => !documented.includes(key));
  expect(missing, 'routes without an entry in apps/server/src/test/route-samples.ts').toEqual([]);
  expect(stale, 'entries in route-samples.ts for routes the API does not have').toEqual([]);
}
