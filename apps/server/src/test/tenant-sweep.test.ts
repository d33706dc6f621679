import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from './factories.ts';
import { engines, useTestApp, type ApiResponse } from './harness.ts';
import { documentedRoutes, expectEverySampled, type DocumentedRoute } from './openapi-routes.ts';
import { routeSamples, type RouteSample, type SampleRequest } from './route-samples.ts';
import { SWEEP_WORLD_ENV, buildSweepWorld, freshProduct, ownerView, tokenFor, type SweepWorld } from './sweep-world.ts';

const secureRoutes = Object.entries(routeSamples).filter(([key]) => key.split(' ')[1]!.startsWith('/api/secure/'));

/**
 * Tenant isolation of every `/api/secure` route: a second user with a valid session and a store of
 * their own tries the first user's objects through path parameters and through X-Store, and gets
 * 404 (or, for routes on their own data, only their own data), while the owner's data stays exactly
 * as it was.
 */
describe.each(engines)('tenant sweep on %s', (engine) => {
  // The demo payment provider, so the subscription routes succeed for the caller.
  const t = useTestApp(engine, SWEEP_WORLD_ENV);
  let routes: DocumentedRoute[];
  let w: SweepWorld;
  beforeAll(async () => {
    routes = await documentedRoutes(t);
    w = await buildSweepWorld(t);
  });

  function send(
    method: string,
    entry: RouteSample,
    caller: TestUser,
    req: SampleRequest,
    store?: string,
  ): Promise<ApiResponse> {
    const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
    return t.request(method, req.path + query, {
      token: tokenFor(w, entry, caller),
      body: req.body,
      raw: req.raw,
      headers: { ...req.headers, ...(store ? { 'x-store': store } : {}) },
    });
  }

  /** Nothing of the owner's in the answer, except what the request itself named. */
  function expectNoOwnerData(res: ApiResponse, req: SampleRequest): void {
    const asked = JSON.stringify([req.path, req.body ?? null]);
    const leaked = w.ownerMarkers.filter((m) => !asked.includes(m) && res.text.includes(m));
    expect(leaked, res.text).toEqual([]);
  }

  function expectNotFound(res: ApiResponse, req: SampleRequest): void {
    expect(res.status, res.text).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expectNoOwnerData(res, req);
  }

  it('has a sample request for every documented route, and none for routes that are gone', () => {
    expectEverySampled(routes);
    expect(routes.filter((r) => r.path.startsWith('/api/secure/')).length).toBe(secureRoutes.length);
  });

  it.each(secureRoutes)('%s answers the owner only', async (key: string, entry: RouteSample) => {
    const method = key.split(' ')[0]!;
    await freshProduct(w);
    const before = await ownerView(w);
    const intruder = entry.throwawayCaller ? await createUser(t) : w.intruder;

    if (entry.storeScoped) {
      for (const store of [w.owner.store.urlName, w.ownerSecondStore.urlName]) {
        const req = entry.sample(w, intruder);
        expectNotFound(await send(method, entry, intruder, req, store), req);
      }
    }
    const req = entry.sample(w, intruder);
    const res = await send(method, entry, intruder, req);
    if (entry.tenancy === 'owned') expectNotFound(res, req);
    else {
      expect(res.status, res.text).toBeLessThan(300);
      expectNoOwnerData(res, req);
    }
    expect(await ownerView(w), 'the owner sees their data unchanged').toEqual(before);

    if (entry.tenancy === 'owned') {
      // The same request from the owner succeeds: the 404 above came from the tenant check.
      const control = await send(method, entry, w.owner, entry.sample(w, w.owner));
      expect(control.status, control.text).toBeLessThan(300);
    }
  });
});
