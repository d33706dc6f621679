import { isPermission } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { engines, useTestApp, type ApiResponse } from './harness.ts';
import { documentedRoutes } from './openapi-routes.ts';
import { allows, MatrixMembers, type MatrixCaller } from './permission-world.ts';
import { routeSamples, type RouteSample } from './route-samples.ts';
import { SWEEP_WORLD_ENV, buildSweepWorld, freshProduct, ownerView, type SweepWorld } from './sweep-world.ts';

const secureRoutes = Object.entries(routeSamples).filter(([key]) => key.split(' ')[1]!.startsWith('/api/secure/'));

/**
 * Routes whose sample asks for more than the route declares, because the service decides the rest
 * by what the request names (modules/files imagePermission).
 */
const SAMPLE_NEEDS: Record<string, string> = {
  // A product image.
  'PUT /api/secure/file/data/{storeUrl}/{uuid}': 'PRODUCTS',
  // The owner's profile picture: another member's picture is the owner's alone.
  'DELETE /api/secure/file/data/{storeUrl}/{uuid}': 'OWNER',
};

/**
 * Routes whose answer depends on who the caller is beyond the declared permission, with their
 * declaration: an invitation is accepted only by its own address, and a member's rights are edited
 * only by someone holding every right given (members.test.ts shows who may and may not), and a
 * PIN is set by its member or by one with MEMBERS (till.test.ts).
 */
const IDENTITY_BOUND = new Map([
  // SETTINGS from a person's session; on a till, SETTINGS of the member or a SETTINGS member's
  // approval (till-sales.test.ts, till-devices.test.ts).
  ['PUT /api/secure/till/settings', 'MEMBER'],
  ['POST /api/secure/invite/{token}', 'ACCOUNT'],
  ['PUT /api/secure/virtual-store/{urlName}/member/{userId}', 'MEMBERS'],
  // A member sets their own PIN; another's needs MEMBERS (till.test.ts).
  ['PUT /api/secure/virtual-store/{urlName}/member/{userId}/pin', 'MEMBER'],
]);

const undeclaredMessage = (key: string) =>
  `${key} declares no permission. Add \`config: { permission: ... }\` next to its schema ` +
  '(a permission of product.md §2, MEMBER, OWNER or ACCOUNT; see modules/access/rights.ts).';

/**
 * The permission matrix, generated from the route table: every `/api/secure` route is called by the
 * owner, a manager and a cashier with their roles' defaults, a cashier given exactly the permission
 * the route declares, and a stranger. A caller the declaration allows never gets 403 or 404; one it
 * does not gets 403 FORBIDDEN naming the permission, and changes nothing; the stranger gets 404
 * (or, on a route about their own account, their own answer).
 */
describe.each(engines)('permission matrix on %s', (engine) => {
  const t = useTestApp(engine, SWEEP_WORLD_ENV);
  let declared: Map<string, string | undefined>;
  let w: SweepWorld;
  let members: MatrixMembers;
  beforeAll(async () => {
    const routes = (await documentedRoutes(t)).filter((r) => r.path.startsWith('/api/secure/'));
    declared = new Map(routes.map((r) => [r.key, r.permission]));
    w = await buildSweepWorld(t);
    members = await MatrixMembers.create(w);
  });

  it('finds a declared permission on every /api/secure route', () => {
    const undeclared = [...declared].filter(([, permission]) => !permission).map(([key]) => undeclaredMessage(key));
    expect(undeclared).toEqual([]);
    expect([...declared.keys()].sort()).toEqual(secureRoutes.map(([key]) => key).sort());
  });

  function send(key: string, entry: RouteSample, caller: MatrixCaller, account: boolean): Promise<ApiResponse> {
    const method = key.split(' ')[0]!;
    // A member acts in the owner's store; a route about the caller's own account names no store.
    const acting = account ? caller.user : { ...caller.user, store: w.owner.store };
    const req = entry.sample(w, acting);
    const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
    return t.request(method, req.path + query, {
      token: caller.user.token,
      body: req.body,
      raw: req.raw,
      headers: { ...req.headers, ...(account ? {} : { 'x-store': w.owner.store.urlName }) },
    });
  }

  it.each(secureRoutes)('%s answers by its declared permission', async (key: string, entry: RouteSample) => {
    const permission = declared.get(key);
    if (!permission) expect.fail(undeclaredMessage(key));
    if (IDENTITY_BOUND.has(key)) {
      expect(permission).toBe(IDENTITY_BOUND.get(key));
      return;
    }
    const method = key.split(' ')[0]!;
    if (permission === 'TILL') {
      // A till token's alone: every person's session is refused, naming TILL (till-confinement.test.ts
      // calls these with a till token).
      for (const caller of [members.owner, members.manager, members.cashier]) {
        const res = await send(key, entry, caller, false);
        expect(res.status, `${caller.label}: ${res.text}`).toBe(403);
        expect(res.body.details).toEqual([{ field: 'permission', message: 'TILL' }]);
      }
      expect((await send(key, entry, members.stranger, false)).status).toBe(404);
      return;
    }
    const account = permission === 'ACCOUNT';
    const needs = SAMPLE_NEEDS[key] ?? permission;
    const plus = isPermission(needs) ? [await members.cashierWith(needs)] : [];
    let callers = [members.owner, members.manager, members.cashier, ...plus, members.stranger];
    if (entry.throwawayCaller) {
      callers = await Promise.all(callers.map((c) => (account ? members.throwaway(c) : members.freshSession(c))));
    }
    const refused = callers.filter((c) => c.rights && !allows(c.rights, needs));
    const allowed = callers.filter((c) => c.rights && allows(c.rights, needs));

    await freshProduct(w);
    const before = await ownerView(w);
    for (const caller of refused) {
      const res = await send(key, entry, caller, account);
      expect(res.status, `${caller.label}: ${res.text}`).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      expect(res.body.details).toEqual([{ field: 'permission', message: needs }]);
    }
    if (refused.length > 0) expect(await ownerView(w), 'a refused call changes nothing').toEqual(before);

    const stranger = await send(key, entry, callers.at(-1)!, account);
    if (account && entry.tenancy === 'own') expect(stranger.status, stranger.text).toBeLessThan(300);
    else {
      expect(stranger.status, `stranger: ${stranger.text}`).toBe(404);
      expect(stranger.body.code).toBe('NOT_FOUND');
    }

    for (const caller of allowed) {
      // A write may use up what the sample names (a sale refunded, a shift closed): fresh ones.
      if (method !== 'GET' && !account) await freshProduct(w);
      const res = await send(key, entry, caller, account);
      expect([401, 403, 404], `${caller.label} is allowed ${needs}: ${res.status} ${res.text}`).not.toContain(
        res.status,
      );
    }
    // The owner is always allowed: their answer is the route's success, not a domain refusal.
    expect(allowed.map((c) => c.rights!.role)).toContain('OWNER');
  });
});
