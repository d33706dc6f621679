import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { closeShift, enableShifts, openShift, readShift } from './shifts.test-helpers.ts';

/*
 * Drawer openings without a sale in the X and Z reports: counted live while the shift is open,
 * frozen with its Z report, and one made while no shift is open counts in the next.
 */
describe.each(engines)('no sales in the shift reports on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createUser(t, { secondCurrency: undefined });
    await enableShifts(t, owner);
  });

  const noSale = async () => {
    const res = await t.request('POST', '/api/secure/shop/no-sale', {
      token: owner.token,
      body: { clientId: randomUUID() },
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { entityCode: string };
  };

  it('counts them in the X report, freezes them in the Z report and gives the next shift those between', async () => {
    const shift = await openShift(t, owner, [{ currency: 'USD', amount: 0 }]);
    expect(shift.status, shift.text).toBe(201);
    expect((await readShift(t, owner, shift.body.id)).body.noSaleCount).toBe(0);
    expect((await noSale()).entityCode).toBe(String(shift.body.number));
    await noSale();
    expect((await readShift(t, owner, shift.body.id)).body.noSaleCount).toBe(2);

    const closed = await closeShift(t, owner, shift.body.id, [{ currency: 'USD', denominations: [] }]);
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.noSaleCount).toBe(2);

    // Opened while no shift is open: recorded under none, then adopted by the next shift.
    expect((await noSale()).entityCode).toBe('');
    expect((await readShift(t, owner, shift.body.id)).body.noSaleCount).toBe(2);
    const next = await openShift(t, owner, [{ currency: 'USD', amount: 0 }]);
    expect(next.status, next.text).toBe(201);
    expect(next.body.noSaleCount).toBe(1);
  });
});
