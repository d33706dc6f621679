import { beforeAll, describe, expect, it } from 'vitest';
import { engines, useTestApp, type ApiResponse } from './harness.ts';
import { documentedRoutes, type DocumentedRoute } from './openapi-routes.ts';
import { routeSamples, type RouteSample } from './route-samples.ts';
import { SWEEP_WORLD_ENV, TILL_PIN, buildSweepWorld, freshProduct, ownerView, type SweepWorld } from './sweep-world.ts';
import { makeTill, onTill, unlockOn, type TestTill } from './till-world.ts';

const secureRoutes = Object.entries(routeSamples).filter(([key]) => key.split(' ')[1]!.startsWith('/api/secure/'));

/**
 * A till is a device, not the owner's session (product.md §2): its token, even with the owner
 * unlocked on it, reaches only the routes that declare `till` (counter work), generated from the
 * route table like the permission matrix. Every other route answers 403 NOT_ON_TILL and changes
 * nothing; a route for a member answers 401 TILL_LOCKED with nobody unlocked; a revoked till is
 * answered 401 TILL_REVOKED everywhere.
 */
describe.each(engines)('till confinement on %s', (engine) => {
  const t = useTestApp(engine, SWEEP_WORLD_ENV);
  let routes: Map<string, DocumentedRoute>;
  let w: SweepWorld;
  let till: TestTill;
  let asOwner: string;
  beforeAll(async () => {
    routes = new Map((await documentedRoutes(t)).map((r) => [r.key, r]));
    w = await buildSweepWorld(t);
    till = w.tills.owner;
    asOwner = await unlockOn(t, till, w.owner, TILL_PIN);
  });

  function send(key: string, entry: RouteSample, member: string | undefined, on = till): Promise<ApiResponse> {
    const method = key.split(' ')[0]!;
    const req = entry.sample(w, w.owner);
    const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
    // Always with the till's own store (X-Store), which a till token needs; leaving, on its own till.
    const via = entry.credential === 'leaving-till' ? w.tills.ownerLeaving : on;
    return onTill(t, via, method, req.path + query, member, { body: req.body, raw: req.raw, headers: req.headers });
  }

  it.each(secureRoutes)('%s answers a till by what it declares', async (key: string, entry: RouteSample) => {
    const declared = routes.get(key)?.till;
    // Unlocked again each time: a route before may have set the owner's PIN, which ends older member tokens.
    asOwner = await unlockOn(t, till, w.owner, TILL_PIN);
    await freshProduct(w);
    const before = await ownerView(w);
    const res = await send(key, entry, asOwner);
    if (!declared) {
      expect(res.status, res.text).toBe(403);
      expect(res.body.code).toBe('NOT_ON_TILL');
      expect(await ownerView(w), 'a refused call changes nothing').toEqual(before);
      return;
    }
    expect([401, 403], `${key} declares till ${declared}: ${res.status} ${res.text}`).not.toContain(res.status);
    if (declared === 'member') {
      await freshProduct(w);
      const locked = await send(key, entry, undefined);
      expect(locked.status, locked.text).toBe(401);
      expect(locked.body.code).toBe('TILL_LOCKED');
    }
  });

  it('answers a revoked till 401 TILL_REVOKED, on its routes and off them', async () => {
    const doomed = await makeTill(t, w.owner, 'Doomed till');
    const member = await unlockOn(t, doomed, w.owner, TILL_PIN);
    const revoke = await t.request('DELETE', `/api/secure/till/device/${doomed.id}`, {
      token: w.owner.token,
      headers: { 'x-store': w.owner.store.urlName },
    });
    expect(revoke.status, revoke.text).toBe(204);
    for (const path of ['/api/secure/till/device/current', '/api/secure/product', '/api/secure/virtual-store']) {
      const res = await onTill(t, doomed, 'GET', path, member);
      expect(res.status, `${path}: ${res.text}`).toBe(401);
      expect(res.body.code).toBe('TILL_REVOKED');
    }
    // Listed as revoked.
    const list = await t.request('GET', '/api/secure/till/device', {
      token: w.owner.token,
      headers: { 'x-store': w.owner.store.urlName },
    });
    expect(list.body.tills.find((x: { id: string }) => x.id === doomed.id).revokedAt).not.toBeNull();
  });
});
