import { parseCsvRows, type ExceptionRow, type StaffFigures } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { customerReportWorld, type CustomerReportWorld } from '../../test/customer-report-world.ts';

/*
 * Points in the exceptions and staff reports (issue 42): sales that redeemed points, offline sales
 * that redeemed more than the balance at sync, owners' adjustments with their reason; a member
 * without REPORTS sees their own; the staff report counts each member's redemptions.
 */
describe.each(engines)('points in the exceptions and staff reports on %s', (engine) => {
  const t = useTestApp(engine);
  let w: CustomerReportWorld;
  const as = (u: TestUser) => ({ token: u.token, headers: { 'x-store': w.owner.store.urlName } });
  const pointRows = (rows: ExceptionRow[]) => rows.filter((r) => r.kind.startsWith('POINTS_'));

  beforeAll(async () => {
    w = await customerReportWorld(t);
  });

  it('lists redemptions, adjustments and overdrawn offline sales with their points and customer', async () => {
    const res = await t.request('GET', `/api/secure/report/exceptions?from=${w.day}&to=${w.day}`, as(w.owner));
    expect(res.status, res.text).toBe(200);
    const { a, b, c } = w.customers;
    expect(pointRows(res.body.rows).map((r) => [r.kind, r.userName, r.amount, r.points, r.saleCode, r.detail])).toEqual(
      [
        ['POINTS_ADJUST', 'Olive Owner', null, 100, null, `${c.code} ${c.name}: Welcome gift`],
        // One sale: its rows share the sale's time, in the order of their keys.
        ...[
          ['POINTS_REDEEM', 'Cass Cashier', 60, 30, w.saleCodes.bCashier, `${b.code} ${b.name}`],
          ['POINTS_OVERDRAWN', 'Cass Cashier', 60, 30, w.saleCodes.bCashier, `${b.code} ${b.name}`],
        ].sort((x, y) => String(y[0]).localeCompare(String(x[0]))),
        ['POINTS_REDEEM', 'Olive Owner', 10, 5, w.saleCodes.aDay, `${a.code} ${a.name}`],
      ],
    );
    expect(
      res.body.rows
        .filter((r: ExceptionRow) => !r.kind.startsWith('POINTS_'))
        .every((r: ExceptionRow) => r.points === null),
    ).toBe(true);
    const totals = Object.fromEntries(
      res.body.totals.map((x: { kind: string; count: number; amount: number }) => [x.kind, [x.count, x.amount]]),
    );
    expect(totals).toMatchObject({ POINTS_REDEEM: [2, 70], POINTS_ADJUST: [1, 0], POINTS_OVERDRAWN: [1, 60] });
  });

  it('shows a cashier their own points rows only; the CSV has the points column', async () => {
    const own = await t.request('GET', `/api/secure/report/exceptions?from=${w.day}&to=${w.day}`, as(w.cashier));
    expect(own.status, own.text).toBe(200);
    expect(
      pointRows(own.body.rows)
        .map((r) => r.kind)
        .sort(),
    ).toEqual(['POINTS_OVERDRAWN', 'POINTS_REDEEM']);
    const file = await t.request('GET', `/api/secure/report/exceptions.csv?from=${w.day}&to=${w.day}`, as(w.owner));
    const [header, ...lines] = parseCsvRows(file.text);
    expect(header?.at(-1)).toBe('points');
    expect(lines.find((l) => l[1] === 'POINTS_ADJUST')?.slice(2)).toEqual([
      'Olive Owner',
      '',
      '',
      '',
      '',
      '',
      '',
      `${w.customers.c.code} ${w.customers.c.name}: Welcome gift`,
      '100',
    ]);
    expect(lines.find((l) => l[1] === 'POINTS_OVERDRAWN')?.slice(6)).toEqual([
      '0.60',
      '',
      w.saleCodes.bCashier,
      `${w.customers.b.code} ${w.customers.b.name}`,
      '30',
    ]);
  });

  it("counts each member's point redemptions in the staff report", async () => {
    const res = await t.request('GET', `/api/secure/shop/statistic/by-member?from=${w.day}&to=${w.day}`, as(w.owner));
    expect(res.status, res.text).toBe(200);
    const by = (u: TestUser) => res.body.find((r: StaffFigures) => r.userId === u.user.userId);
    expect(by(w.owner)).toMatchObject({ pointsRedemptions: 1, pointsRedeemed: 5, pointsDiscount: 10 });
    expect(by(w.cashier)).toMatchObject({ pointsRedemptions: 1, pointsRedeemed: 30, pointsDiscount: 60 });
  });
});
