import { randomUUID } from 'node:crypto';
import type { ItemGrid, ItemSalesReport, ItemStockReport, StatisticSummary } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { insertItem, type SeededItem } from '../../test/items.ts';
import { createProduct, ean13 } from '../../test/products.ts';
import { sellForCash } from '../../test/sales.ts';

describe.each(engines)('reports by item and by variant on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  let shirt: SeededItem;
  let teaCode: string;
  let from: string;
  let to: string;
  const code = (values: string[]) => shirt.variants.find((v) => v.values.join() === values.join())!.code;
  const get = async <T>(path: string) => {
    const res = await t.request<T>('GET', path, { token: u.token });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    u = await createUser(t);
    const day = (offset: number) => new Date(t.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    [from, to] = [day(-1), day(1)];
    shirt = await insertItem(
      t,
      u.store.id,
      {
        name: 'T-shirt',
        handle: 'tee',
        options: [
          { name: 'Size', values: ['S', 'M', 'L'] },
          { name: 'Colour', values: ['Red', 'Blue'] },
        ],
      },
      [
        { values: ['S', 'Red'], price: 2000, cost: 800, quantity: 10 },
        { values: ['S', 'Blue'], price: 2000, cost: 800, quantity: 4, reorderLevel: 5 },
        { values: ['M', 'Red'], price: 2200, cost: 900, quantity: 6 },
        { values: ['M', 'Blue'], price: 2200, cost: 900, quantity: 0, retired: true },
        { values: ['L', 'Red'], price: 2400, cost: 1000, quantity: 3 },
      ],
    );
    teaCode = (await createProduct(t, u, { code: ean13(), name: 'Tea', price: 300, cost: 100, quantity: 50 })).code;
    await sellForCash(t, u, code(['S', 'Red']), 2);
    await sellForCash(t, u, code(['M', 'Red']), 1);
    await sellForCash(t, u, code(['S', 'Red']), 1);
    await sellForCash(t, u, teaCode, 5);
  });

  it('adds the period’s sales up by variant and by item, each as the summary counts its products', async () => {
    const summary = await get<StatisticSummary>(`/api/secure/shop/statistic/summary?from=${from}&to=${to}&top=50`);
    const byProduct = new Map(summary.topProducts.byRevenue.map((p) => [p.code, p]));
    const variants = await get<ItemSalesReport>(`/api/secure/shop/statistic/items?from=${from}&to=${to}&by=variant`);
    expect(variants.by).toBe('variant');
    expect(variants.rows.map((r) => [r.code, r.name, r.quantity])).toEqual(
      expect.arrayContaining([
        [code(['S', 'Red']), 'T-shirt (S, Red)', 3],
        [code(['M', 'Red']), 'T-shirt (M, Red)', 1],
        [teaCode, 'Tea', 5],
      ]),
    );
    expect(variants.rows).toHaveLength(3);
    for (const row of variants.rows) {
      const p = byProduct.get(row.code)!;
      expect([row.revenue, row.cost, row.profit]).toEqual([p.revenue, p.cost, p.profit]);
    }
    // Highest revenue first.
    expect(variants.rows.map((r) => r.revenue)).toEqual([...variants.rows.map((r) => r.revenue)].sort((a, b) => b - a));
    expect(variants.rows.find((r) => r.code === code(['S', 'Red']))).toMatchObject({
      itemId: shirt.id,
      optionValues: ['S', 'Red'],
      variantCount: 1,
      cost: 2400,
    });

    const items = await get<ItemSalesReport>(`/api/secure/shop/statistic/items?from=${from}&to=${to}`);
    expect(items.by).toBe('item');
    const tee = items.rows.find((r) => r.itemId === shirt.id)!;
    const teeVariants = variants.rows.filter((r) => r.itemId === shirt.id);
    expect(tee).toMatchObject({
      productId: null,
      code: null,
      name: 'T-shirt',
      optionValues: [],
      variantCount: 2,
      quantity: 4,
      revenue: teeVariants.reduce((s, r) => s + r.revenue, 0),
      cost: 2400 + 900,
    });
    expect(tee.profit).toBe(tee.revenue - tee.cost!);
    expect(items.rows).toHaveLength(2);
    expect(items.more).toBe(0);
    // The summary rolls its top products up by item too.
    expect(summary.topItems).toEqual(items.rows);
    // `top` lists the best and counts the rest.
    const one = await get<ItemSalesReport>(`/api/secure/shop/statistic/items?from=${from}&to=${to}&top=1&by=variant`);
    expect([one.rows.length, one.more]).toEqual([1, 2]);
    // A period without sales has no rows.
    const empty = await get<ItemSalesReport>('/api/secure/shop/statistic/items?from=2001-01-01&to=2001-12-31');
    expect(empty).toMatchObject({ rows: [], more: 0 });
  });

  it('values stock at cost and price and tells low stock, by variant and by item', async () => {
    const variants = await get<ItemStockReport>('/api/secure/shop/statistic/item-stock?by=variant');
    const row = (c: string) => variants.rows.find((r) => r.code === c)!;
    // S/Red: 10 − 3 sold = 7 on hand.
    expect(row(code(['S', 'Red']))).toMatchObject({ quantity: 7, valueAtCost: 7 * 800, valueAtPrice: 7 * 2000 });
    expect(row(code(['S', 'Blue']))).toMatchObject({ quantity: 4, reorderLevel: 5, lowStockVariants: 1 });
    expect(row(teaCode)).toMatchObject({ quantity: 45, valueAtPrice: 45 * 300, reorderLevel: null });

    const items = await get<ItemStockReport>('/api/secure/shop/statistic/item-stock');
    const tee = items.rows.find((r) => r.itemId === shirt.id)!;
    // 7 S/Red, 4 S/Blue, 5 M/Red, 0 M/Blue, 3 L/Red.
    expect(tee).toMatchObject({
      productId: null,
      name: 'T-shirt',
      variantCount: 5,
      quantity: 19,
      valueAtCost: 7 * 800 + 4 * 800 + 5 * 900 + 3 * 1000,
      valueAtPrice: 7 * 2000 + 4 * 2000 + 5 * 2200 + 3 * 2400,
      reorderLevel: 5,
      lowStockVariants: 1,
    });
    expect(items.totals).toEqual({
      valueAtCost: tee.valueAtCost! + 45 * 100,
      valueAtPrice: tee.valueAtPrice + 45 * 300,
      lowStockVariants: 1,
    });
    const low = await get<ItemStockReport>('/api/secure/shop/statistic/item-stock?lowStock=true');
    expect(low.rows.map((r) => r.itemId)).toEqual([shirt.id]);
    expect(low.more).toBe(0);
    expect(low.totals).toEqual(items.totals);
  });

  it('lays an item out as size × colour with each variant’s stock and sales, and totals', async () => {
    const grid = await get<ItemGrid>(`/api/secure/item/${shirt.id}/grid?from=${from}&to=${to}`);
    expect(grid).toMatchObject({
      itemId: shirt.id,
      name: 'T-shirt',
      rowOption: 'Size',
      columnOption: 'Colour',
      rows: ['S', 'M', 'L'],
      columns: ['Red', 'Blue'],
    });
    const cell = (r: number, c: number) => grid.cells.find((x) => x.row === r && x.column === c);
    expect(cell(0, 0)).toMatchObject({ code: code(['S', 'Red']), quantity: 7, soldQuantity: 3, retired: false });
    expect(cell(1, 1)).toMatchObject({ quantity: 0, soldQuantity: 0, revenue: 0, retired: true });
    // L/Blue was never made: no cell.
    expect(cell(2, 1)).toBeUndefined();
    const sold = await get<ItemSalesReport>(`/api/secure/shop/statistic/items?from=${from}&to=${to}&by=variant`);
    expect(cell(0, 0)!.revenue).toBe(sold.rows.find((r) => r.code === code(['S', 'Red']))!.revenue);
    expect(grid.rowTotals.map((r) => [r.quantity, r.soldQuantity])).toEqual([
      [11, 3],
      [5, 1],
      [3, 0],
    ]);
    expect(grid.columnTotals.map((c) => [c.quantity, c.soldQuantity])).toEqual([
      [15, 4],
      [4, 0],
    ]);
    expect(grid.total).toEqual({
      quantity: 19,
      soldQuantity: 4,
      revenue: grid.cells.reduce((s, c) => s + c.revenue, 0),
    });

    // A product without options is an item of its own: one cell.
    const tea = await t.request<{ id: string }>('GET', `/api/secure/product/code/${teaCode}`, { token: u.token });
    const own = await get<ItemGrid>(`/api/secure/item/${tea.body.id}/grid?from=${from}&to=${to}`);
    expect(own).toMatchObject({ rowOption: null, columnOption: null, rows: [''], columns: [''] });
    expect(own.cells).toEqual([expect.objectContaining({ row: 0, column: 0, quantity: 45, soldQuantity: 5 })]);

    // A one-option item: one column.
    const cap = await insertItem(
      t,
      u.store.id,
      { name: 'Cap', options: [{ name: 'Colour', values: ['Navy', 'Sand'] }] },
      [
        { values: ['Navy'], quantity: 2 },
        { values: ['Sand'], quantity: 1 },
      ],
    );
    await sellForCash(t, u, cap.variants[1]!.code, 1);
    const capGrid = await get<ItemGrid>(`/api/secure/item/${cap.id}/grid?from=${from}&to=${to}`);
    expect(capGrid).toMatchObject({ rows: ['Navy', 'Sand'], columns: [''], columnOption: null });
    expect(capGrid.rowTotals.map((r) => [r.quantity, r.soldQuantity])).toEqual([
      [2, 0],
      [0, 1],
    ]);
  });

  it('answers 404 for an item of another store or none, and 400 for a bad period', async () => {
    const other = await createUser(t);
    const res = await t.request('GET', `/api/secure/item/${shirt.id}/grid?from=${from}&to=${to}`, {
      token: other.token,
    });
    expect(res.status).toBe(404);
    const none = await t.request('GET', `/api/secure/item/${randomUUID()}/grid?from=${from}&to=${to}`, {
      token: u.token,
    });
    expect(none.status).toBe(404);
    const backwards = await t.request('GET', `/api/secure/item/${shirt.id}/grid?from=${to}&to=${from}`, {
      token: u.token,
    });
    expect(backwards.status).toBe(400);
  });
});
