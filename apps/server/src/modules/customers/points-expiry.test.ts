import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createCustomer } from '../../test/customers.ts';
import { expectPointsConsistent } from '../../test/ledger.ts';
import { DAY } from '../../lib/clock.ts';
import { expirePoints, monthsBefore } from './points-expiry.ts';

describe('monthsBefore', () => {
  it('goes back calendar months, clamping the day', () => {
    expect(monthsBefore(new Date('2026-03-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(monthsBefore(new Date('2026-12-05T00:00:00Z'), 12).toISOString()).toBe('2025-12-05T00:00:00.000Z');
    expect(monthsBefore(new Date('2026-01-15T00:00:00Z'), 2).toISOString()).toBe('2025-11-15T00:00:00.000Z');
  });
});

describe.each(engines)('points expiry on %s', (engine) => {
  // Sessions outlive the months the clock moves here.
  const t = useTestApp(engine, { SESSION_DAYS: '3650' });
  const run = () => expirePoints({ db: t.db, clock: t.clock, log: t.app.log });

  async function withPoints(u: TestUser, name: string, points: number) {
    const c = await createCustomer(t, u, { name });
    const res = await t.request('POST', `/api/secure/customer/${c.id}/points`, {
      token: u.token,
      body: { points, reason: 'Opening balance' },
    });
    expect(res.status, res.text).toBe(200);
    return c;
  }
  const balance = async (u: TestUser, id: string) =>
    (await t.request('GET', `/api/secure/customer/${id}`, { token: u.token })).body.pointsBalance;
  const setLoyalty = (u: TestUser, expiryMonths: number | null, enabled = true) =>
    t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}/loyalty`, {
      token: u.token,
      body: { enabled, earnRate: 100, pointValue: 1, minRedeem: 0, expiryMonths },
    });

  it("expires the points of customers unseen for the store's expiry months, once a day, as ledger entries", async () => {
    const u = await createUser(t);
    const off = await createUser(t);
    expect((await setLoyalty(u, 6)).status).toBe(200);
    expect((await setLoyalty(off, null)).status).toBe(200);
    const idle = await withPoints(u, 'Idle Customer', 300);
    const regular = await withPoints(u, 'Regular Customer', 200);
    const noExpiry = await withPoints(off, 'Other Store', 50);
    await run();
    expect(await balance(u, idle.id)).toBe(300);

    t.clock.advance(200 * DAY);
    // The regular came in last week (the sale path keeps last_visit_at).
    await t.db
      .updateTable('customers')
      .set({ last_visit_at: new Date(t.clock.now().getTime() - 7 * DAY).toISOString() })
      .where('id', '=', regular.id)
      .execute();
    const newcomer = await withPoints(u, 'New Customer', 10);
    expect(await run()).toBe(1);
    expect(await balance(u, idle.id)).toBe(0);
    expect(await balance(u, regular.id)).toBe(200);
    expect(await balance(u, newcomer.id)).toBe(10);
    expect(await balance(off, noExpiry.id)).toBe(50);
    const history = await t.request('GET', `/api/secure/customer/${idle.id}/history`, { token: u.token });
    expect(history.body.items[0].entry).toMatchObject({ kind: 'EXPIRE', points: -300, userId: null });

    // Once per store per day: points given back the same day stay until tomorrow's run.
    t.clock.advance(60_000);
    await t.request('POST', `/api/secure/customer/${idle.id}/points`, {
      token: u.token,
      body: { points: 40, reason: 'Goodwill' },
    });
    expect(await run()).toBe(0);
    expect(await balance(u, idle.id)).toBe(40);
    t.clock.advance(DAY);
    expect(await run()).toBe(1);
    expect(await balance(u, idle.id)).toBe(0);
    const entries = await t.db
      .selectFrom('loyalty_entries')
      .select(['kind', 'points'])
      .where('customer_id', '=', idle.id)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.kind, Number(e.points)])).toEqual([
      ['ADJUST', 300],
      ['EXPIRE', -300],
      ['ADJUST', 40],
      ['EXPIRE', -40],
    ]);
    await expectPointsConsistent(t);
  });

  it('expires nothing while the programme is off', async () => {
    const u = await createUser(t);
    expect((await setLoyalty(u, 1, false)).status).toBe(200);
    const c = await withPoints(u, 'Dormant', 70);
    t.clock.advance(60 * DAY);
    await run();
    expect(await balance(u, c.id)).toBe(70);
  });
});
