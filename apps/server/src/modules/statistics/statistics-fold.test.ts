import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { createProduct, ean13, productBody } from '../../test/products.ts';
import { expectedSummary, storeEvents } from './statistics-brute-force.ts';
import { down, up } from '../../db/migrations/202611291400-stat-products-pending.ts';
import { foldProducts } from './statistics-fold.ts';

/**
 * SQLite's product figures wait in `stat_products_pending` until the fold adds them into the day
 * and month rows (statistics-fold.ts); reports read both, so folding changes no figure.
 */

// Whole months, partial months, a month less a few days (month rows minus day rows), one day.
const RANGES = [
  { from: '2026-12-01', to: '2027-01-31' },
  { from: '2026-12-15', to: '2027-01-10' },
  { from: '2026-12-01', to: '2027-01-30' },
  { from: '2026-12-31', to: '2026-12-31' },
  { from: '2027-01-02', to: '2027-01-02' },
];

async function pendingRows(t: TestApp, storeId: string) {
  return t.db.selectFrom('stat_products_pending').selectAll().where('store_id', '=', storeId).orderBy('seq').execute();
}

async function reports(t: TestApp, token: string) {
  const read = RANGES.map((r) =>
    t.request('GET', `/api/secure/shop/statistic/summary?from=${r.from}&to=${r.to}&top=50`, { token }),
  );
  return (await Promise.all(read)).map((res) => {
    expect(res.status, res.text).toBe(200);
    return res.body;
  });
}

describe.each(engines)('the product figures fold on %s', (engine) => {
  // The app's own fold is off: this test folds when it chooses.
  const t = useTestApp(engine, { FREE_TRANSACTION_LIMIT: '1000000' }, { productFold: false });
  let u: TestUser;
  let token = '';
  beforeAll(async () => {
    u = await createUser(t, { secondCurrency: null });
  });

  const at = async (iso: string) => {
    t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
    token = await login(t, u.email);
  };
  const sell = async (lines: object[]) => {
    const res = await t.request('POST', '/api/secure/shop/transaction', {
      token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines,
        payment: { method: 'CASH', currency: 'USD', amount: 100_000 },
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  };

  it("reports the same figures before and after the fold, each product under today's name", async () => {
    const start = t.clock.now();
    try {
      const tea = ean13();
      const soap = ean13();
      await createProduct(t, u, { code: tea, name: 'Tea', price: 450, cost: 200, quantity: 100 });
      await createProduct(t, u, { code: soap, name: 'Soap', price: 300, cost: 100, quantity: 100 });
      await at('2026-12-31T10:00:00Z');
      const first = await sell([
        { code: tea, quantity: 3 },
        { code: soap, quantity: 1 },
        { name: 'Gift wrap', unitPrice: 100, quantity: 1 },
      ]);
      await sell([{ code: tea, quantity: 1 }]);
      const renamed = await t.request('PUT', `/api/secure/product/code/${tea}`, {
        token,
        body: productBody({ code: tea, name: 'Green tea', price: 450, cost: 200 }),
      });
      expect(renamed.status, renamed.text).toBe(200);
      await sell([{ code: tea, quantity: 2 }]);
      await at('2027-01-02T10:00:00Z');
      await sell([{ code: soap, quantity: 4 }]);
      const refund = await t.request('POST', `/api/secure/shop/transaction/${first.code}/refund`, {
        token,
        body: { clientId: randomUUID(), lines: [{ lineId: first.lines[0].id, quantity: 2 }] },
      });
      expect(refund.status, refund.text).toBe(201);

      const pending = await pendingRows(t, u.store.id);
      if (engine === 'sqlite') {
        // Three sales' lines on the 31st, one sale and a refund on the 2nd (a line's row keeps the
        // name it was sold under), numbered in the order written.
        const rows = pending.map((r) => [r.business_date, r.name, Number(r.quantity), Number(r.refunded_quantity)]);
        expect(rows.sort()).toEqual([
          ['2026-12-31', 'Gift wrap', 1, 0],
          ['2026-12-31', 'Green tea', 2, 0],
          ['2026-12-31', 'Soap', 1, 0],
          ['2026-12-31', 'Tea', 1, 0],
          ['2026-12-31', 'Tea', 3, 0],
          ['2027-01-02', 'Soap', 4, 0],
          ['2027-01-02', 'Tea', 0, 2],
        ]);
        expect(pending.map((r) => Number(r.seq))).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(
          await t.db.selectFrom('stat_products_day').selectAll().where('store_id', '=', u.store.id).execute(),
        ).toEqual([]);
      } else {
        // PostgreSQL adds to the day and month rows directly.
        expect(pending).toEqual([]);
      }

      const events = await storeEvents(t.db, u.store.id, 'UTC');
      const before = await reports(t, token);
      for (const [i, range] of RANGES.entries()) {
        const expected = expectedSummary(events, range.from, range.to);
        expect(before[i].totals).toMatchObject(expected.totals);
        const products = [...expected.products.values()];
        expect(before[i].topProducts.byRevenue.map((p: { revenue: number }) => p.revenue)).toEqual(
          products.map((p) => p.revenue).sort((a, b) => b - a),
        );
      }

      // Renamed since it sold, the tea shows under its new name.
      expect(before[0].topProducts.byQuantity.map((p: { name: string }) => p.name).sort()).toEqual([
        'Gift wrap',
        'Green tea',
        'Soap',
      ]);

      const foldedRows = await t.db.transaction().execute((trx) => foldProducts(trx));
      expect(foldedRows).toBe(engine === 'sqlite' ? 7 : 0);
      expect(await pendingRows(t, u.store.id)).toEqual([]);
      expect(await reports(t, token)).toEqual(before);

      // The rows keep the latest name each day or month was sold under (for a product deleted since).
      const folded = async (table: string, period: string) => {
        const { rows } = await sql<{ period: string; name: string; quantity: number; refunded_quantity: number }>`
          select ${sql.ref(period)} as period, name, quantity, refunded_quantity from ${sql.table(table)}
          where store_id = ${u.store.id}`.execute(t.db);
        return rows.map((r) => [r.period, r.name, Number(r.quantity), Number(r.refunded_quantity)]).sort();
      };
      expect(await folded('stat_products_day', 'business_date')).toEqual([
        ['2026-12-31', 'Gift wrap', 1, 0],
        ['2026-12-31', 'Green tea', 6, 0],
        ['2026-12-31', 'Soap', 1, 0],
        ['2027-01-02', 'Soap', 4, 0],
        // A refund's figures carry the name its line was sold under.
        ['2027-01-02', 'Tea', 0, 2],
      ]);
      expect(await folded('stat_products_month', 'month')).toEqual([
        ['2026-12', 'Gift wrap', 1, 0],
        ['2026-12', 'Green tea', 6, 0],
        ['2026-12', 'Soap', 1, 0],
        ['2027-01', 'Soap', 4, 0],
        ['2027-01', 'Tea', 0, 2],
      ]);

      // Sales after a fold add to the folded rows; a second fold of them, and an empty one, change no figure.
      await sell([{ code: soap, quantity: 2 }]);
      const more = await reports(t, token);
      expect(more[0].totals.itemsSold).toBe(before[0].totals.itemsSold + 2);
      await t.db.transaction().execute((trx) => foldProducts(trx));
      expect(await t.db.transaction().execute((trx) => foldProducts(trx))).toBe(0);
      expect(await reports(t, token)).toEqual(more);
    } finally {
      t.clock.advance(start.getTime() - t.clock.now().getTime());
    }
  });

  it('loses no pending figure when its migration is undone (it folds them first)', async () => {
    const start = t.clock.now();
    try {
      const code = ean13();
      await createProduct(t, u, { code, name: 'Rice', price: 900, cost: 500, quantity: 100 });
      await at('2026-12-31T18:00:00Z');
      await sell([{ code, quantity: 5 }]);
      const before = await reports(t, token);
      expect((await pendingRows(t, u.store.id)).length).toBe(engine === 'sqlite' ? 1 : 0);
      await down(t.db as never);
      await up(t.db as never);
      expect(await pendingRows(t, u.store.id)).toEqual([]);
      expect(await reports(t, token)).toEqual(before);
    } finally {
      t.clock.advance(start.getTime() - t.clock.now().getTime());
    }
  });
});

describe.runIf(engines.includes('sqlite'))('the app folds on its own on sqlite', () => {
  const t = useTestApp('sqlite');

  it('empties the pending rows within a few seconds of a sale', async () => {
    const u = await createUser(t, { secondCurrency: null });
    const code = ean13();
    await createProduct(t, u, { code, name: 'Tea', price: 450, cost: 200, quantity: 100 });
    const sale = await t.request('POST', '/api/secure/shop/transaction', {
      token: u.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code, quantity: 2 }],
        payment: { method: 'CASH', currency: 'USD', amount: 900 },
      },
    });
    expect(sale.status, sale.text).toBe(201);
    await expect
      .poll(async () => (await pendingRows(t, u.store.id)).length, { timeout: 10_000, interval: 200 })
      .toBe(0);
    const day = await t.db
      .selectFrom('stat_products_day')
      .select(['name', 'quantity'])
      .where('store_id', '=', u.store.id)
      .execute();
    expect(day.map((r) => [r.name, Number(r.quantity)])).toEqual([['Tea', 2]]);
  });
});
