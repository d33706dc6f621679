import { parseCsvRows, type CustomerSales } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldErrors, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { customerReportWorld, type CustomerReportWorld } from '../../test/customer-report-world.ts';

/*
 * The customers report (issue 42): sales by customer with the top first, new versus returning,
 * sales without a customer and the points liability at the end of a period of a Tokyo store's days;
 * REPORTS only; the period is bounded; the CSV lists every customer.
 */
describe.each(engines)('customers report on %s', (engine) => {
  const t = useTestApp(engine);
  let w: CustomerReportWorld;
  const as = (u: TestUser) => ({ token: u.token, headers: { 'x-store': w.owner.store.urlName } });
  const report = (u: TestUser, from = w.day, to = w.day, top?: number) =>
    t.request('GET', `/api/secure/shop/statistic/customers?from=${from}&to=${to}${top ? `&top=${top}` : ''}`, as(u));
  const csv = (u: TestUser, from = w.day, to = w.day) =>
    t.request('GET', `/api/secure/shop/statistic/customers.csv?from=${from}&to=${to}`, as(u));

  beforeAll(async () => {
    w = await customerReportWorld(t);
  });

  it('lists the customers by net sales, top first, with what was refunded in the period', async () => {
    const res = await report(w.owner);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ from: w.day, to: w.day, customerCount: 2 });
    const { a, b } = w.customers;
    expect(res.body.topCustomers).toEqual([
      {
        customerId: b.id,
        code: b.code,
        name: b.name,
        salesCount: 2,
        total: 1140,
        refunded: 0,
        net: 1140,
        newInPeriod: true,
      },
      // A's sale of the day before was refunded in the period: it counts against A, not as a sale.
      {
        customerId: a.id,
        code: a.code,
        name: a.name,
        salesCount: 1,
        total: 1990,
        refunded: 1000,
        net: 990,
        newInPeriod: false,
      },
    ]);
    const top1 = await report(w.owner, w.day, w.day, 1);
    expect(top1.body.topCustomers.map((c: CustomerSales) => c.code)).toEqual([b.code]);
    expect(top1.body.customerCount).toBe(2);
  });

  it('splits the sales into new customers, returning customers and sales without one', async () => {
    const res = await report(w.owner);
    expect(res.body.newCustomers).toEqual({ customers: 1, salesCount: 2, total: 1140 });
    expect(res.body.returningCustomers).toEqual({ customers: 1, salesCount: 1, total: 1990 });
    expect(res.body.anonymous).toEqual({ customers: 0, salesCount: 1, total: 300 });
    // Over both days A's first sale is in the period: A is new too, and the refund nets it out;
    // D's sale was unlinked when D was anonymised: a sale without a customer.
    const both = await report(w.owner, w.before, w.day);
    expect(both.body.newCustomers).toEqual({ customers: 2, salesCount: 4, total: 4130 });
    expect(both.body.returningCustomers).toEqual({ customers: 0, salesCount: 0, total: 0 });
    expect(both.body.anonymous).toEqual({ customers: 0, salesCount: 2, total: 800 });
    expect(both.body.topCustomers.map((c: CustomerSales) => [c.code, c.net])).toEqual([
      [w.customers.a.code, 1990],
      [w.customers.b.code, 1140],
    ]);
  });

  it('values the points customers hold at the end of the period, with its movements', async () => {
    const res = await report(w.owner);
    // A 10 − 5 + 19 − 10 − 2 = 12, B 5 − 30 + 6 = −19 (overdrawn offline), C 100; D was anonymised
    // before the end; B's later sale is after it.
    expect(res.body.points).toEqual({
      enabled: true,
      pointValue: 2,
      outstanding: 93,
      liability: 186,
      holders: 2,
      earned: 30,
      redeemed: -35,
      reversed: -10,
      adjusted: 100,
      expired: -2,
    });
    // The day before: A's 10; D's 5 were earned that day but D was anonymised the same day.
    const first = await report(w.owner, w.before, w.before);
    expect(first.body.points).toMatchObject({ outstanding: 10, liability: 20, holders: 1, earned: 15 });
    const later = await report(w.owner, w.after, w.after);
    expect(later.body.points).toMatchObject({ outstanding: 102, earned: 9, redeemed: 0 });
  });

  it('is for REPORTS: a cashier gets 403, a stranger 404, a manager the same report', async () => {
    expect((await report(w.cashier)).status).toBe(403);
    expect((await csv(w.cashier)).status).toBe(403);
    expect((await report(w.stranger)).status).toBe(404);
    const managers = await report(w.manager);
    expect(managers.status, managers.text).toBe(200);
    expect(managers.body.points.outstanding).toBe(93);
  });

  it('bounds the period: real dates, in order, at most 366 days, top 1–100', async () => {
    const empty = await report(w.owner, '2020-01-01', '2020-01-31');
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body).toMatchObject({ customerCount: 0, topCustomers: [] });
    expect(empty.body.points.outstanding).toBe(0);
    expect((await report(w.owner, '2024-01-01', '2024-12-31')).status).toBe(200);
    const tooLong = await report(w.owner, '2023-01-01', '2024-01-02');
    expectFieldErrors(tooLong, ['to']);
    expect(tooLong.body.message).toMatch(/366 days/);
    expectFieldErrors(await report(w.owner, w.day, '2020-01-01'), ['to']);
    expectFieldErrors(await report(w.owner, '2026-02-30', '2026-03-01'), ['from']);
    expectFieldErrors(await report(w.owner, w.day, w.day, 101), ['top']);
    expectFieldErrors(await csv(w.owner, '2023-01-01', '2024-01-02'), ['to']);
  });

  it('exports every customer of the period as CSV, top first, named by store and period', async () => {
    const res = await csv(w.owner);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="customers-${w.owner.store.urlName}-${w.day}_${w.day}.csv"`,
    );
    expect(parseCsvRows(res.text)).toEqual([
      ['member_code', 'name', 'sales', 'total', 'refunded', 'net', 'customer_type'],
      [w.customers.b.code, 'Ben Brown', '2', '11.40', '0.00', '11.40', 'NEW'],
      [w.customers.a.code, 'Aiko Abe', '1', '19.90', '10.00', '9.90', 'RETURNING'],
    ]);
  });
});
