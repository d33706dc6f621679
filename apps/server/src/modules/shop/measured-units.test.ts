import { randomUUID } from 'node:crypto';
import type { Product, ShopTransaction, StatisticSummary } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { createProduct, ean13 } from '../../test/products.ts';

/**
 * Weighed goods: a KG product's quantities are integer thousandths everywhere, so a sale of
 * 0.342 kg takes exactly 342 from the stock and a refund of 0.100 kg gives exactly 100 back;
 * the line costs unit price × thousandths / 1000, half up, or the price of its label.
 */
describe.each(engines)('measured products on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
  });

  const sell = (lines: unknown[], amount = 100_000) =>
    t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: u.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines,
        payment: { method: 'CASH', currency: 'USD', amount },
      },
    });
  const fieldOf = (res: { body: unknown }) => (res.body as { details: Array<{ field: string }> }).details[0]?.field;
  const stockOf = async (code: string) =>
    (await t.request<Product>('GET', `/api/secure/product/code/${code}`, { token: u.token })).body.quantity;

  it('sells 0.342 kg off the stock exactly and a partial refund of 0.100 kg restores exactly 100', async () => {
    const beef = await createProduct(t, u, {
      code: ean13(),
      name: 'Beef',
      price: 1980,
      cost: 1200,
      unit: 'KG',
      quantity: 5000,
    });
    expect(beef).toMatchObject({ unit: 'KG', quantity: 5000, price: 1980 });

    const sold = await sell([{ code: beef.code, quantity: 342 }]);
    expect(sold.status, sold.text).toBe(201);
    const line = sold.body.lines[0]!;
    // 1980 × 0.342 = 677.16 → 677.
    expect(line).toMatchObject({ unit: 'KG', quantity: 342, unitPrice: 1980, total: 677, labelPrice: null });
    expect(await stockOf(beef.code)).toBe(5000 - 342);
    // The sales list counts the weighing as one item, not 342.
    const month = t.clock.now().toISOString().slice(0, 7);
    const listed = await t.request(
      'GET',
      `/api/secure/shop/transaction/range/by-month?month=${month}&page=0&size=100`,
      {
        token: u.token,
      },
    );
    const summary = (listed.body.items as { code: string; itemCount: number }[]).find((s) => s.code === sold.body.code);
    expect(summary?.itemCount).toBe(1);

    const refund = await t.request<ShopTransaction>('POST', `/api/secure/shop/transaction/${sold.body.code}/refund`, {
      token: u.token,
      body: { clientId: randomUUID(), lines: [{ lineId: line.id, quantity: 100 }], restock: true },
    });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.body.refunds[0]!.lines[0]).toMatchObject({ quantity: 100, restocked: 100 });
    // 677 × 100 / 342 = 197.95 → 198.
    expect(refund.body.refunds[0]!.amount).toBe(198);
    expect(await stockOf(beef.code)).toBe(5000 - 342 + 100);
    expect(refund.body.lines[0]!.refundedQuantity).toBe(100);
    await expectLedgerConsistent(t, u.store.id);

    // The statistics' product figures say the unit, so 0.242 kg is never read as 242 pieces.
    const day = (offset: number) => new Date(t.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const stats = await t.request<StatisticSummary>(
      'GET',
      `/api/secure/shop/statistic/summary?from=${day(-1)}&to=${day(1)}&top=50`,
      { token: u.token },
    );
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.topProducts.byQuantity.find((p) => p.code === beef.code)).toMatchObject({
      quantity: 242,
      refundedQuantity: 100,
      unit: 'KG',
      // The cost is per kg: 1200 × 0.342 = 410.4 → 410 sold, 1200 × 0.100 = 120 given back.
      cost: 290,
    });
    // The weighing is one item sold and one given back, not 342 and 100.
    expect(stats.body.totals).toMatchObject({ itemsSold: 1, itemsRefunded: 1, cost: 290 });

    // Ranked by the quantity shown: 2 jars before 0.242 kg of beef (not 242 "pieces" first).
    const jar = await createProduct(t, u, { code: ean13(), name: 'Jar', price: 100, quantity: 10 });
    expect((await sell([{ code: jar.code, quantity: 2 }])).status).toBe(201);
    const ranked = await t.request<StatisticSummary>(
      'GET',
      `/api/secure/shop/statistic/summary?from=${day(-1)}&to=${day(1)}&top=50`,
      { token: u.token },
    );
    expect(ranked.body.topProducts.byQuantity.map((p) => p.code)).toEqual([jar.code, beef.code]);
  });

  it('charges a price-embedded label its printed price, and keeps EACH lines to whole pieces', async () => {
    const cheese = await createProduct(t, u, { code: ean13(), name: 'Cheese', price: 2500, unit: 'KG' });
    const tea = await createProduct(t, u, { code: ean13(), name: 'Tea', price: 300, quantity: 5 });

    const labelled = await sell([{ code: cheese.code, quantity: 201, labelPrice: 503 }]);
    expect(labelled.status, labelled.text).toBe(201);
    expect(labelled.body.lines[0]).toMatchObject({ quantity: 201, total: 503, labelPrice: 503 });
    expect(await stockOf(cheese.code)).toBe(-201);

    const tooMany = await sell([{ code: tea.code, quantity: 10_000 }]);
    expect(tooMany.status, tooMany.text).toBe(400);
    expect(fieldOf(tooMany)).toBe('lines.0.quantity');
    const pieceLabel = await sell([{ code: tea.code, quantity: 1, labelPrice: 250 }]);
    expect(pieceLabel.status, pieceLabel.text).toBe(400);
    expect(fieldOf(pieceLabel)).toBe('lines.0.labelPrice');
    const openPrice = await sell([{ name: 'Bag', unitPrice: 10, quantity: 10_000 }]);
    expect(openPrice.status, openPrice.text).toBe(400);
    expect(await stockOf(tea.code)).toBe(5);
  });

  it('keeps the unit on edit when omitted, and changes it only while the stock is 0', async () => {
    const rice = await createProduct(t, u, { code: ean13(), name: 'Rice', price: 800, quantity: 3 });
    expect(rice.unit).toBe('EACH');
    const body = { code: rice.code, name: 'Rice', price: 800 };
    const kept = await t.request('PUT', `/api/secure/product/code/${rice.code}`, { token: u.token, body });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.unit).toBe('EACH');
    const refused = await t.request('PUT', `/api/secure/product/code/${rice.code}`, {
      token: u.token,
      body: { ...body, unit: 'KG' },
    });
    expect(refused.status, refused.text).toBe(409);
    expect(fieldOf(refused)).toBe('unit');

    const empty = await createProduct(t, u, { code: ean13(), name: 'Flour', price: 400 });
    const changed = await t.request('PUT', `/api/secure/product/code/${empty.code}`, {
      token: u.token,
      body: { code: empty.code, name: 'Flour', price: 400, unit: 'KG' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.unit).toBe('KG');
  });
});
