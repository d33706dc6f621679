import { randomUUID } from 'node:crypto';
import { encodeWithRule, type BarcodeRule, type SaleLineInput, type ShopTransaction } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock.ts';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct, ean13 } from '../../test/products.ts';

/*
 * Prices are the server's (product.md §2): a cashier's own login and a crafted body cannot sell a
 * catalogue product below its price. A catalogue line is priced at the product's price in effect
 * at the sale's time (an offline sale made before a price change keeps its price); any other price,
 * and a label price the server cannot read from the scanned label, is an override needing
 * PRICE_OVERRIDE, stored as one with the catalogue price beside it, whatever the body claims.
 */
describe.each(engines)('prices are the server’s, on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let cashier: TestUser;
  let tea: string;
  let cheese: string;
  let bread: string;
  // A shop's scale: 21, 5 item digits (the product's PLU), a 5-digit price with 2 decimals.
  const rule: BarcodeRule = {
    prefix: '21',
    itemDigits: 5,
    valueDigits: 5,
    value: 'PRICE',
    decimals: 2,
    valueCheckDigit: false,
    position: 0,
  };

  beforeAll(async () => {
    owner = await createUser(t);
    cashier = await createUser(t);
    await addMember(t, owner.store, cashier, 'CASHIER');
    tea = (await createProduct(t, owner, { code: ean13(), name: 'Tea', price: 250, quantity: 100 })).code;
    cheese = (await createProduct(t, owner, { code: '00123', name: 'Cheese', price: 2500, unit: 'KG' })).code;
    bread = (await createProduct(t, owner, { code: '00456', name: 'Bread', price: 400, quantity: 20 })).code;
    const rules = await t.request('PUT', '/api/secure/barcode-rules', { token: owner.token, body: { rules: [rule] } });
    expect(rules.status, rules.text).toBe(200);
  });

  const sell = (user: TestUser, lines: SaleLineInput[], extra: Record<string, unknown> = {}) =>
    t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: user.token,
      headers: { 'x-store': owner.store.urlName },
      body: { clientId: randomUUID(), status: 'COMPLETED', lines, payments: [], ...extra },
    });
  const cash = (amount: number) => ({ payments: [{ method: 'CASH', currency: 'USD', amount }] });
  const refusedFor = (res: { status: number; body: unknown }) =>
    (res.body as { details?: { message: string }[] }).details?.map((d) => d.message);
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('shop_transactions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('store_id', '=', owner.store.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a cashier’s price of 0 for a catalogue product, whatever priceOverride says', async () => {
    const before = await count();
    // Nothing due at a price of 0: the sale needs no payment, as the attacker sent it.
    for (const [line, due] of [
      [{ code: tea, quantity: 1, unitPrice: 0 }, 0],
      [{ code: tea, quantity: 1, unitPrice: 0, priceOverride: false }, 0],
      [{ code: tea, quantity: 2, unitPrice: 249 }, 498],
    ] as const) {
      const res = await sell(cashier, [line], due ? cash(due) : {});
      expect(res.status, res.text).toBe(403);
      expect(refusedFor(res)).toContain('PRICE_OVERRIDE');
    }
    expect(await count()).toBe(before);
  });

  it('sells at the catalogue price, sent or not, and keeps that price beside each line', async () => {
    const res = await sell(
      cashier,
      [
        { code: tea, quantity: 2, unitPrice: 250 },
        { code: tea, quantity: 1 },
      ],
      cash(750),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.total).toBe(750);
    for (const line of res.body.lines)
      expect(line).toMatchObject({ unitPrice: 250, cataloguePrice: 250, priceOverride: false });
  });

  it('stores an owner’s changed price as an override beside the catalogue price', async () => {
    const res = await sell(owner, [{ code: tea, quantity: 1, unitPrice: 0 }]);
    expect(res.status, res.text).toBe(201);
    expect(res.body.lines[0]).toMatchObject({ unitPrice: 0, cataloguePrice: 250, priceOverride: true });
    const stored = await t.db
      .selectFrom('shop_transaction_lines')
      .select(['price_override', 'catalogue_price'])
      .where('store_id', '=', owner.store.id)
      .where('transaction_id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect([Number(stored.price_override), Number(stored.catalogue_price)]).toEqual([1, 250]);
  });

  it('takes a label price only when the server reads it from the scanned label', async () => {
    // 0.201 kg of cheese at 25.00/kg is 5.03: the scale prints 21 00123 00503 and its check digit.
    const label = encodeWithRule(rule, '00123', 503);
    const read = await sell(cashier, [{ code: cheese, quantity: 201, labelPrice: 503, label }], cash(503));
    expect(read.status, read.text).toBe(201);
    expect(read.body.lines[0]).toMatchObject({ total: 503, labelPrice: 503, priceOverride: false, label });

    // A label price with no label, another price than the label's, or another product's label.
    const forged = [
      { code: cheese, quantity: 201, labelPrice: 1 },
      { code: cheese, quantity: 201, labelPrice: 1, label },
      { code: cheese, quantity: 201, labelPrice: 503, label: encodeWithRule(rule, '00456', 503) },
    ];
    for (const line of forged) {
      const res = await sell(cashier, [line], cash(503));
      expect(res.status, res.text).toBe(403);
      expect(refusedFor(res)).toContain('PRICE_OVERRIDE');
    }

    // A piece's price label is its price: 3.50 for a loaf of bread the catalogue prices at 4.00.
    const loaf = encodeWithRule(rule, '00456', 350);
    const piece = await sell(cashier, [{ code: bread, quantity: 1, unitPrice: 350, label: loaf }], cash(350));
    expect(piece.status, piece.text).toBe(201);
    expect(piece.body.lines[0]).toMatchObject({
      unitPrice: 350,
      cataloguePrice: 400,
      priceOverride: false,
      label: loaf,
    });
    const typed = await sell(cashier, [{ code: bread, quantity: 1, unitPrice: 350 }], cash(350));
    expect(typed.status, typed.text).toBe(403);
  });

  it('prices an offline sale made before a price change at the price of its time', async () => {
    const jam = await createProduct(t, owner, { code: ean13(), name: 'Jam', price: 500, quantity: 50 });
    t.clock.advance(10 * MINUTE);
    const soldBefore = t.clock.now().toISOString();
    t.clock.advance(10 * MINUTE);
    const put = await t.request('PUT', `/api/secure/product/code/${jam.code}`, {
      token: owner.token,
      body: { code: jam.code, name: 'Jam', price: 600 },
    });
    expect(put.status, put.text).toBe(200);
    t.clock.advance(10 * MINUTE);

    // Sold offline at 5.00 before the change, synced after it: the price of its time, no override.
    const synced = await sell(cashier, [{ code: jam.code, quantity: 1, unitPrice: 500 }], {
      soldAt: soldBefore,
      ...cash(500),
    });
    expect(synced.status, synced.text).toBe(201);
    expect(synced.body.lines[0]).toMatchObject({ unitPrice: 500, cataloguePrice: 500, priceOverride: false });
    // The new price before the change is an override; after it, the old price is.
    const early = await sell(cashier, [{ code: jam.code, quantity: 1, unitPrice: 600 }], {
      soldAt: soldBefore,
      ...cash(600),
    });
    expect(early.status, early.text).toBe(403);
    const late = await sell(cashier, [{ code: jam.code, quantity: 1, unitPrice: 500 }], cash(500));
    expect(late.status, late.text).toBe(403);
    const now = await sell(cashier, [{ code: jam.code, quantity: 1 }], cash(600));
    expect(now.status, now.text).toBe(201);
    expect(now.body.lines[0]).toMatchObject({ unitPrice: 600, cataloguePrice: 600, priceOverride: false });
  });

  it('checks a held cart’s prices when it is completed, not when it is held', async () => {
    const held = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: cashier.token,
      headers: { 'x-store': owner.store.urlName },
      body: { clientId: randomUUID(), status: 'PARKED', lines: [{ code: tea, quantity: 1, unitPrice: 1 }] },
    });
    expect(held.status, held.text).toBe(201);
    expect(held.body.lines[0]).toMatchObject({ priceOverride: true, cataloguePrice: 250 });
    const completed = await t.request('PUT', `/api/secure/shop/transaction/${held.body.code}`, {
      token: cashier.token,
      headers: { 'x-store': owner.store.urlName },
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: tea, quantity: 1, unitPrice: 1 }],
        ...cash(1),
      },
    });
    expect(completed.status, completed.text).toBe(403);
    expect(refusedFor(completed)).toContain('PRICE_OVERRIDE');
  });
});
