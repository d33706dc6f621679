import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { priceSale, type ShopTransaction, type VirtualStore } from '@shopdesk/shared';
import { createUser, expectFieldErrors, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { createProduct, ean13 } from '../../test/products.ts';

/** Tax once per rate per receipt (product.md §5): the store's setting, the sale's own figures. */

const NTA = 'T7000012050002'; // The National Tax Agency's own registration number.

function settings(t: TestApp, u: TestUser, body: Record<string, unknown>) {
  return t.request<VirtualStore>('PUT', `/api/secure/virtual-store/${u.store.urlName}/sale-settings`, {
    token: u.token,
    body: { taxMode: 'INCLUSIVE', defaultTaxRate: 1000, cashRounding: 0, ...body },
  });
}

async function sell(t: TestApp, u: TestUser, lines: { code: string; quantity: number }[]): Promise<ShopTransaction> {
  const res = await t.request('POST', '/api/secure/shop/transaction', {
    token: u.token,
    body: {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines,
      payment: { method: 'CASH', currency: u.store.mainCurrency, amount: 10_000 },
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function refund(t: TestApp, u: TestUser, code: string, lines: { lineId: string; quantity: number }[]) {
  const res = await t.request('POST', `/api/secure/shop/transaction/${code}/refund`, {
    token: u.token,
    body: { clientId: randomUUID(), lines },
  });
  expect(res.status, res.text).toBe(201);
  const sale: ShopTransaction = res.body;
  return { sale, refund: sale.refunds.at(-1)! };
}

describe.each(engines)('tax per rate on %s', (engine) => {
  const t = useTestApp(engine);
  let yen: TestUser;
  let usd: TestUser;
  beforeAll(async () => {
    yen = await createUser(t, { mainCurrency: 'JPY', secondCurrency: null });
    usd = await createUser(t);
  });

  it('a yen store keeps its registration number, checked to the digit, and is then PER_RATE', async () => {
    // From a per-line yen store (a new one starts once per rate, rounded down: stores.test.ts).
    const perLine = await settings(t, yen, { taxCalculation: 'PER_LINE', taxRounding: 'HALF_UP' });
    expect(perLine.body).toMatchObject({
      taxCalculation: 'PER_LINE',
      taxRounding: 'HALF_UP',
      taxRegistrationNumber: null,
    });
    expectFieldErrors(await settings(t, yen, { taxRegistrationNumber: 'T7000012050003' }), ['taxRegistrationNumber']);
    expectFieldErrors(await settings(t, yen, { taxRegistrationNumber: 'T700001205000' }), ['taxRegistrationNumber']);
    // The API takes the normalised form only: the form normalises what a person types.
    expectFieldErrors(await settings(t, yen, { taxRegistrationNumber: 't 7000012050002' }), ['taxRegistrationNumber']);
    expectFieldErrors(await settings(t, yen, { taxRegistrationNumber: NTA, taxCalculation: 'PER_LINE' }), [
      'taxCalculation',
    ]);
    const bad = await settings(t, yen, { taxRegistrationNumber: 'T7000012050003' });
    expect((bad.body as unknown as { message: string }).message).toMatch(/check digit/);

    const set = await settings(t, yen, { taxRegistrationNumber: NTA, taxRounding: 'DOWN' });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ taxCalculation: 'PER_RATE', taxRounding: 'DOWN', taxRegistrationNumber: NTA });
    // Omitted: left as it is; and the store list reads what was stored.
    expect((await settings(t, yen, {})).body).toMatchObject({ taxRegistrationNumber: NTA, taxRounding: 'DOWN' });
    const list = await t.request<VirtualStore[]>('GET', '/api/secure/virtual-store', { token: yen.token });
    expect(list.body.find((s) => s.id === yen.store.id)).toMatchObject({
      taxCalculation: 'PER_RATE',
      taxRounding: 'DOWN',
      taxRegistrationNumber: NTA,
    });
    // With the number, per line is refused even alone; cleared, it is the owner's choice again.
    expectFieldErrors(await settings(t, yen, { taxCalculation: 'PER_LINE' }), ['taxCalculation']);
    const cleared = await settings(t, yen, { taxRegistrationNumber: null, taxCalculation: 'PER_LINE' });
    expect(cleared.body).toMatchObject({
      taxCalculation: 'PER_LINE',
      taxRegistrationNumber: null,
      taxRounding: 'DOWN',
    });
  });

  it("another currency's store keeps its number as written and chooses its calculation", async () => {
    const set = await settings(t, usd, { taxRegistrationNumber: 'GB 123-456/78', taxCalculation: 'PER_RATE' });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ taxCalculation: 'PER_RATE', taxRegistrationNumber: 'GB 123-456/78' });
    expectFieldErrors(await settings(t, usd, { taxRegistrationNumber: 'VAT#1' }), ['taxRegistrationNumber']);
    const perLine = await settings(t, usd, { taxCalculation: 'PER_LINE', taxRegistrationNumber: '' });
    expect(perLine.body).toMatchObject({ taxCalculation: 'PER_LINE', taxRegistrationNumber: null });
    expectFieldErrors(await settings(t, usd, { taxRounding: 'SIDEWAYS' }), ['taxRounding']);
  });

  it("refuses a currency the store's registration number is not for", async () => {
    const shop = await createUser(t);
    expect((await settings(t, shop, { taxRegistrationNumber: 'GB 123' })).status).toBe(200);
    const body = {
      name: shop.store.name,
      mainCurrency: 'JPY',
      secondCurrency: null,
      timezone: 'UTC',
      address: '',
      phone: '',
    };
    const refused = await t.request('PUT', `/api/secure/virtual-store/${shop.store.urlName}`, {
      token: shop.token,
      body,
    });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.details).toEqual([expect.objectContaining({ field: 'mainCurrency' })]);
    expect((await settings(t, shop, { taxRegistrationNumber: null })).status).toBe(200);
    const moved = await t.request('PUT', `/api/secure/virtual-store/${shop.store.urlName}`, {
      token: shop.token,
      body,
    });
    expect(moved.status, moved.text).toBe(200);
  });

  it('prices a PER_RATE sale once per rate (the NTA example), and older sales keep their figures', async () => {
    const shop = await createUser(t, { mainCurrency: 'JPY', secondCurrency: null });
    // Per line first, as a yen store was before it started per rate (stores.test.ts).
    expect((await settings(t, shop, { taxCalculation: 'PER_LINE', taxRounding: 'HALF_UP' })).status).toBe(200);
    const food = await Promise.all(
      [100, 100, 100].map((price) => createProduct(t, shop, { code: ean13(), price, taxRate: 800, quantity: 10 })),
    );
    const goods = await Promise.all(
      [105, 360].map((price) => createProduct(t, shop, { code: ean13(), price, quantity: 10 })),
    );
    const lines = [...food, ...goods].map((p) => ({ code: p.code, quantity: 1 }));
    const inputs = [...food, ...goods].map((p) => ({ unitPrice: p.price, quantity: 1, taxRate: p.taxRate ?? 1000 }));

    const before = await sell(t, shop, lines);
    // Per line: 7 + 7 + 7 at 8%, 10 + 33 at 10% (each line rounded half up on its own).
    expect(before).toMatchObject({ taxCalculation: 'PER_LINE', tax: 21 + 43 });
    expect(before.taxes).toEqual(priceSale(inputs, null, 'INCLUSIVE').taxes);

    expect((await settings(t, shop, { taxRegistrationNumber: NTA, taxRounding: 'DOWN' })).status).toBe(200);
    const sale = await sell(t, shop, lines);
    // ¥300 at 8% → ¥22, ¥465 at 10% → ¥42, each rate rounded down once (the NTA's example).
    expect(sale.taxes).toEqual([
      { rate: 800, base: 278, tax: 22 },
      { rate: 1000, base: 423, tax: 42 },
    ]);
    expect(sale).toMatchObject({ taxCalculation: 'PER_RATE', taxRounding: 'DOWN', tax: 64, total: 765 });
    const shared = priceSale(inputs, null, 'INCLUSIVE', { calculation: 'PER_RATE', rounding: 'DOWN' });
    expect(sale.lines.map((l) => l.tax)).toEqual(shared.lines.map((l) => l.tax));

    const reread = await t.request('GET', `/api/secure/shop/transaction/${before.code}`, { token: shop.token });
    // The detail adds who rang it up; every figure is as it was stored.
    expect(reread.body).toEqual({ ...before, servedBy: { userId: shop.user.userId, name: expect.any(String) } });

    // A refund of the older sale follows its own per-line figures: one ¥100 8% line gives back its ¥7.
    const old = await refund(t, shop, before.code, [{ lineId: before.lines[0]!.id, quantity: 1 }]);
    expect(old.refund).toMatchObject({ amount: 100, tax: 7 });

    // A PER_RATE sale's partial refunds: the rate applied once to what is refunded, never past the sale's.
    const first = await refund(t, shop, sale.code, [{ lineId: sale.lines[0]!.id, quantity: 1 }]);
    expect(first.refund).toMatchObject({ amount: 100, tax: 7 });
    const rest = await refund(
      t,
      shop,
      sale.code,
      sale.lines.slice(1, 3).map((l) => ({ lineId: l.id, quantity: 1 })),
    );
    expect(rest.refund).toMatchObject({ amount: 200, tax: 22 - 7 });
    const ten = await refund(t, shop, sale.code, [{ lineId: sale.lines[3]!.id, quantity: 1 }]);
    // ¥105 at 10%, rounded down: 9.54 → 9.
    expect(ten.refund).toMatchObject({ amount: 105, tax: 9 });
    const last = await refund(t, shop, sale.code, [{ lineId: sale.lines[4]!.id, quantity: 1 }]);
    expect(last.refund).toMatchObject({ amount: 360, tax: 42 - 9 });
    expect(last.sale.refunds.reduce((sum, r) => sum + r.tax, 0)).toBe(sale.tax);
    expect(last.sale.refundedAmount).toBe(sale.total);

    // The statistics count the stored figures: the older sale's 64 less its refund's 7, and the
    // PER_RATE sale's 64 given back in full.
    const from = before.soldAt.slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    const stats = await t.request(
      'GET',
      `/api/secure/shop/statistic/search/window/0/100?from=${from}&to=${to}&groupBy=day`,
      { token: shop.token },
    );
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.items.reduce((sum: number, day: { taxes: number }) => sum + day.taxes, 0)).toBe(64 - 7);
  });

  it('concurrent refunds of one PER_RATE sale give back exactly its tax, no more', async () => {
    const shop = await createUser(t, { mainCurrency: 'JPY', secondCurrency: null });
    // Rounded up, each refund alone would round up its own share: together they must not pass the sale's.
    expect((await settings(t, shop, { taxCalculation: 'PER_RATE', taxRounding: 'UP' })).status).toBe(200);
    const items = await Promise.all(
      Array.from({ length: 6 }, () => createProduct(t, shop, { code: ean13(), price: 101, taxRate: 800, quantity: 5 })),
    );
    const sale = await sell(
      t,
      shop,
      items.map((p) => ({ code: p.code, quantity: 1 })),
    );
    const answers = await Promise.all(
      sale.lines.map((l) =>
        t.request('POST', `/api/secure/shop/transaction/${sale.code}/refund`, {
          token: shop.token,
          body: { clientId: randomUUID(), lines: [{ lineId: l.id, quantity: 1 }] },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const after = await t.request('GET', `/api/secure/shop/transaction/${sale.code}`, { token: shop.token });
    const refunds = (after.body as ShopTransaction).refunds;
    expect(refunds.reduce((sum, r) => sum + r.tax, 0)).toBe(sale.tax);
    expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(sale.total);
  });

  it('a cart parked under per line is priced once per rate when it is completed after the switch', async () => {
    const shop = await createUser(t, { mainCurrency: 'JPY', secondCurrency: null });
    // Per line first, as a yen store was before it started per rate (stores.test.ts).
    expect((await settings(t, shop, { taxCalculation: 'PER_LINE', taxRounding: 'HALF_UP' })).status).toBe(200);
    const food = await Promise.all(
      [100, 100, 100].map((price) => createProduct(t, shop, { code: ean13(), price, taxRate: 800, quantity: 10 })),
    );
    const lines = food.map((p) => ({ code: p.code, quantity: 1 }));
    const parked = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: shop.token,
      body: { clientId: randomUUID(), status: 'PARKED', lines },
    });
    expect(parked.body).toMatchObject({ taxCalculation: 'PER_LINE', tax: 21 });
    expect((await settings(t, shop, { taxRegistrationNumber: NTA, taxRounding: 'DOWN' })).status).toBe(200);
    const done = await t.request<ShopTransaction>('PUT', `/api/secure/shop/transaction/${parked.body.code}`, {
      token: shop.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines,
        payment: { method: 'CASH', currency: 'JPY', amount: 300 },
      },
    });
    expect(done.status, done.text).toBe(200);
    // What the counter shows when it reopens the cart is what is stored: the store's calculation now.
    expect(done.body).toMatchObject({ taxCalculation: 'PER_RATE', taxRounding: 'DOWN', tax: 22 });
  });
});
