import fc from 'fast-check';
import { ApiErrorSchema, ErrorCode } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './factories.ts';
import { buildRequest, requestPlan, type RequestPlan } from './fuzz-plan.ts';
import { engines, useTestApp } from './harness.ts';
import { documentedRoutes, expectEverySampled, type DocumentedRoute } from './openapi-routes.ts';
import { routeSamples, type RouteSample } from './route-samples.ts';
import { SWEEP_WORLD_ENV, buildSweepWorld, freshProduct, tokenFor, type SweepWorld } from './sweep-world.ts';

/**
 * Schema-driven fuzzing of every route: each request is a route's valid sample with fields replaced
 * by values from the route's own schema (from the OpenAPI document) or by hostile ones. No answer
 * may be a 5xx, and every 4xx has the error shape. `npm test` runs a short pass with a fixed seed;
 * `npm run fuzz` (FUZZ=long) a long one with a random seed, which it prints.
 */
const LONG = process.env.FUZZ === 'long';
const SEED = Number(process.env.FUZZ_SEED ?? (LONG ? Math.floor(Math.random() * 2 ** 31) : 20260104));
const RUNS = Number(process.env.FUZZ_RUNS ?? (LONG ? 400 : 20));
if (LONG) console.log(`schema fuzzer: seed ${SEED}, ${RUNS} runs per route (FUZZ_SEED=${SEED} repeats it)`);

const routeKeys = Object.keys(routeSamples);
const short = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);
/** The API's own codes: a framework code such as FST_ERR_… means an error escaped the error handler. */
const API_CODES = new Set<string>(Object.values(ErrorCode));

describe.each(engines)('schema fuzzer on %s', (engine) => {
  // Thousands of products: the free plan's limit would turn every later create into a 402.
  const t = useTestApp(engine, SWEEP_WORLD_ENV);
  let routes: DocumentedRoute[];
  let w: SweepWorld;
  beforeAll(async () => {
    routes = await documentedRoutes(t);
    w = await buildSweepWorld(t);
  });

  it('has a sample request for every documented route', () => expectEverySampled(routes));

  async function callerFor(plan: RequestPlan, entry: RouteSample): Promise<string | undefined> {
    if (plan.caller === 'no-token') return undefined;
    if (plan.caller === 'bad-token') return 'not.a.token';
    const throwaway = entry.throwawayCaller === true && plan.caller === 'owner';
    const user: TestUser = throwaway ? await createUser(t) : plan.caller === 'owner' ? w.owner : w.intruder;
    return tokenFor(w, entry, user);
  }

  function storeFor(plan: RequestPlan): Record<string, string> {
    const s = plan.store;
    if (s === 'none') return {};
    if (typeof s === 'object') return { 'x-store': s.hostile };
    const urlName = {
      owner: w.owner.store.urlName,
      'owner-second': w.ownerSecondStore.urlName,
      intruder: w.intruder.store.urlName,
    }[s];
    return { 'x-store': urlName };
  }

  it.each(routeKeys.map((key, i) => [key, i] as const))(
    '%s: no 5xx, every 4xx in the error shape',
    { timeout: LONG ? 3_600_000 : 120_000 },
    async (key, index) => {
      const route = routes.find((r) => r.key === key);
      expect(route, `${key} is in the OpenAPI document`).toBeDefined();
      const entry = routeSamples[key]!;
      await freshProduct(w);
      await fc.assert(
        fc.asyncProperty(requestPlan(route!), async (plan) => {
          const token = await callerFor(plan, entry);
          const sample = entry.sample(w, w.owner);
          const req = buildRequest(route!, sample, plan);
          // The harness throws on any 5xx, with the answer: that fails the property.
          const res = await t.request(route!.method, req.path, {
            token,
            raw: req.raw,
            headers: { ...req.headers, ...storeFor(plan) },
          });
          if (res.status >= 400) {
            const error = ApiErrorSchema.safeParse(res.body);
            if (!error.success || !API_CODES.has(error.data.code)) {
              throw new Error(
                `${route!.method} ${short(req.path)} answered ${res.status} without the error shape: ${short(res.text)}`,
              );
            }
          }
        }),
        { seed: SEED + index, numRuns: RUNS },
      );
    },
  );
});
