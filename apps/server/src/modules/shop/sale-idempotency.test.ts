import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShopTransaction } from '@shopdesk/shared';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { createProduct, ean13 } from '../../test/products.ts';

/**
 * A clientId names one sale (or one completion of a held cart) and one content; a sale with nothing
 * due completes with no tender.
 */

type Body = Record<string, unknown>;
const cash = (currency: string, amount: number) => ({ method: 'CASH', currency, amount });

const post = (t: TestApp, u: TestUser, body: Body) =>
  t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', { token: u.token, body });

async function quantityOf(t: TestApp, u: TestUser, code: string): Promise<number> {
  return (await t.request('GET', `/api/secure/product/code/${code}`, { token: u.token })).body.quantity as number;
}

describe.each(engines)('clientIds of sales on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
  });

  it('the same clientId with the same body answers the first sale; with a different body 409 CLIENT_ID_REUSED', async () => {
    const tea = await createProduct(t, u, { code: ean13(), price: 200, quantity: 10 });
    const clientId = randomUUID();
    const body = { clientId, status: 'COMPLETED', lines: [{ code: tea.code, quantity: 1 }], payment: cash('USD', 200) };
    const first = await post(t, u, body);
    expect(first.status, first.text).toBe(201);
    // payments with one tender is the same content as payment.
    const again = await post(t, u, { ...body, payment: undefined, payments: [cash('USD', 200)] });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(first.body);

    const other = await post(t, u, { ...body, lines: [{ code: tea.code, quantity: 3 }], payment: cash('USD', 600) });
    expect(other.status, other.text).toBe(409);
    expect(other.body.code).toBe('CLIENT_ID_REUSED');
    expect(await quantityOf(t, u, tea.code)).toBe(9);
    await expectLedgerConsistent(t);
  });

  it('a retry answers its first sale also when its pricing would refuse it now, and is 409 with another body', async () => {
    const tea = await createProduct(t, u, { code: ean13(), price: 300, quantity: 10 });
    const body = {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code: tea.code, quantity: 2 }],
      payment: cash('USD', 600),
    };
    const first = await post(t, u, body);
    expect(first.status, first.text).toBe(201);
    // The product is gone since (a new sale of its code would be a 404): the device's retry of the
    // stored sale still gets that sale, not the refusal.
    const del = await t.request('DELETE', `/api/secure/product/code/${tea.code}`, { token: u.token });
    expect(del.status, del.text).toBe(204);
    const again = await post(t, u, body);
    expect(again.status, again.text).toBe(200);
    // As the sale reads now: its line keeps the code, without the deleted product's id.
    const { id, code, total } = first.body;
    expect(again.body).toMatchObject({ id, code, total, lines: [{ code: tea.code, productId: null, quantity: 2 }] });
    const other = await post(t, u, { ...body, lines: [{ code: tea.code, quantity: 3 }], payment: cash('USD', 900) });
    expect(other.status, other.text).toBe(409);
    expect(other.body.code).toBe('CLIENT_ID_REUSED');
    // A new sale of the deleted code is refused as before.
    const fresh = await post(t, u, { ...body, clientId: randomUUID() });
    expect(fresh.status, fresh.text).toBe(404);
  });

  it('completing a held cart carries a clientId: once, the same again answers it, another device gets 409', async () => {
    const tea = await createProduct(t, u, { code: ean13(), price: 250, quantity: 10 });
    const parked = await post(t, u, {
      clientId: randomUUID(),
      status: 'PARKED',
      lines: [{ code: tea.code, quantity: 1 }],
    });
    expect(parked.status, parked.text).toBe(201);
    const put = (body: Body) =>
      t.request('PUT', `/api/secure/shop/transaction/${parked.body.code}`, { token: u.token, body });

    const noId = await put({
      status: 'COMPLETED',
      lines: [{ code: tea.code, quantity: 1 }],
      payment: cash('USD', 250),
    });
    expect(noId.status, noId.text).toBe(400);
    expect(noId.body.details).toContainEqual(expect.objectContaining({ field: 'clientId' }));

    const mine = {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code: tea.code, quantity: 2 }],
      payment: cash('USD', 500),
    };
    const done = await put(mine);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ status: 'COMPLETED', total: 500 });
    const retry = await put(mine);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body).toMatchObject({ code: parked.body.code, status: 'COMPLETED', total: 500 });

    // Another device completed the same cart with other contents: told so, not "synced".
    const theirs = await put({
      ...mine,
      clientId: randomUUID(),
      lines: [{ code: tea.code, quantity: 5 }],
      payment: cash('USD', 1250),
    });
    expect(theirs.status, theirs.text).toBe(409);
    expect(theirs.body.code).toBe('ALREADY_COMPLETED');
    // This device's clientId again, but with a different body.
    const reused = await put({ ...mine, payment: cash('USD', 1000) });
    expect(reused.status, reused.text).toBe(409);
    expect(reused.body.code).toBe('CLIENT_ID_REUSED');

    expect(await quantityOf(t, u, tea.code)).toBe(8);
    await expectLedgerConsistent(t);
  });

  it('two devices completing the same held cart at once: one sale, the other 409 ALREADY_COMPLETED', async () => {
    const tea = await createProduct(t, u, { code: ean13(), price: 100, quantity: 10 });
    const parked = await post(t, u, {
      clientId: randomUUID(),
      status: 'PARKED',
      lines: [{ code: tea.code, quantity: 1 }],
    });
    const put = (quantity: number) =>
      t.request('PUT', `/api/secure/shop/transaction/${parked.body.code}`, {
        token: u.token,
        body: {
          clientId: randomUUID(),
          status: 'COMPLETED',
          lines: [{ code: tea.code, quantity }],
          payment: cash('USD', quantity * 100),
        },
      });
    const answers = await Promise.all([put(2), put(3)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('ALREADY_COMPLETED');
    const sold = answers.find((a) => a.status === 200)?.body as ShopTransaction;
    expect(await quantityOf(t, u, tea.code)).toBe(10 - (sold.lines[0]?.quantity ?? 0));
    await expectLedgerConsistent(t);
  });
});

describe.each(engines)('sales with nothing due on %s', (engine) => {
  const t = useTestApp(engine);

  it('complete with no tender: a 100% discount, an open price of 0, CHF cash rounding to 0', async () => {
    const u = await createUser(t);
    const tea = await createProduct(t, u, { code: ean13(), price: 300, quantity: 5 });
    const free = await post(t, u, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code: tea.code, quantity: 1 }],
      discount: { kind: 'PERCENT', basisPoints: 10_000 },
      payments: [],
    });
    expect(free.status, free.text).toBe(201);
    expect(free.body).toMatchObject({ status: 'COMPLETED', total: 0, due: 0, payments: [] });
    expect(await quantityOf(t, u, tea.code)).toBe(4);

    const zero = await post(t, u, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ name: 'Sample', unitPrice: 0, quantity: 1 }],
    });
    expect(zero.status, zero.text).toBe(201);
    expect(zero.body).toMatchObject({ total: 0, due: 0, payments: [] });

    // Something due and no tender: short, as before.
    const short = await post(t, u, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ name: 'Sample', unitPrice: 1, quantity: 1 }],
    });
    expect(short.status, short.text).toBe(400);
    expect(short.body.code).toBe('PAYMENT_SHORT');

    const chf = await createUser(t, { mainCurrency: 'CHF', secondCurrency: null });
    const settings = await t.request('PUT', `/api/secure/virtual-store/${chf.store.urlName}/sale-settings`, {
      token: chf.token,
      body: { taxMode: 'NONE', defaultTaxRate: 0, cashRounding: 5 },
    });
    expect(settings.status, settings.text).toBe(200);
    const rounded = await post(t, chf, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ name: 'Sweet', unitPrice: 2, quantity: 1 }],
      payments: [],
    });
    expect(rounded.status, rounded.text).toBe(201);
    expect(rounded.body).toMatchObject({ total: 2, due: 0, rounding: -2, payments: [] });
    await expectLedgerConsistent(t);
  });
});
