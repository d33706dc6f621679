import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShopTransaction } from '@shopdesk/shared';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { createProduct, ean13 } from '../../test/products.ts';

/**
 * A refund's clientId names one refund of one sale and one content, as a sale's does
 * (sale-idempotency.test.ts): the same body again answers the first result, another body is a
 * 409 CLIENT_ID_REUSED, another sale a 409 CONFLICT; nothing is written either way.
 */

type Body = Record<string, unknown>;
const cash = (currency: string, amount: number) => ({ method: 'CASH', currency, amount });

const refund = (t: TestApp, u: TestUser, code: string, body: Body) =>
  t.request('POST', `/api/secure/shop/transaction/${code}/refund`, { token: u.token, body });

const read = async (t: TestApp, u: TestUser, code: string) =>
  (await t.request<ShopTransaction>('GET', `/api/secure/shop/transaction/${code}`, { token: u.token })).body;

async function quantityOf(t: TestApp, u: TestUser, code: string): Promise<number> {
  return (await t.request('GET', `/api/secure/product/code/${code}`, { token: u.token })).body.quantity as number;
}

describe.each(engines)('clientIds of refunds on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
  });

  /** A completed sale of 4 tea (100 each) and 2 cake (250 each), paid in cash; stock left 6 and 8. */
  async function twoLineSale() {
    const tea = await createProduct(t, u, { code: ean13(), price: 100, quantity: 10 });
    const cake = await createProduct(t, u, { code: ean13(), price: 250, quantity: 10 });
    const res = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: u.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [
          { code: tea.code, quantity: 4 },
          { code: cake.code, quantity: 2 },
        ],
        payment: cash('USD', 900),
      },
    });
    expect(res.status, res.text).toBe(201);
    const [teaLine, cakeLine] = res.body.lines;
    return { tea, cake, sale: res.body, teaLine: teaLine!.id, cakeLine: cakeLine!.id };
  }

  it('the same clientId with the same body answers the first refund, stored once, whatever the key or line order', async () => {
    const { tea, cake, sale, teaLine, cakeLine } = await twoLineSale();
    const clientId = randomUUID();
    const body = {
      clientId,
      lines: [
        { lineId: teaLine, quantity: 1 },
        { lineId: cakeLine, quantity: 1 },
      ],
      restock: true,
      note: 'Wrong size',
    };
    const first = await refund(t, u, sale.code, body);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 350 });

    // The same content written otherwise: keys and lines in another order, restock left to its default.
    const again = await refund(t, u, sale.code, {
      note: 'Wrong size',
      lines: [
        { quantity: 1, lineId: cakeLine },
        { quantity: 1, lineId: teaLine },
      ],
      clientId,
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(first.body);

    const after = await read(t, u, sale.code);
    expect(after.refunds).toHaveLength(1);
    expect(after.refundedAmount).toBe(350);
    expect(await quantityOf(t, u, tea.code)).toBe(7);
    expect(await quantityOf(t, u, cake.code)).toBe(9);
    await expectLedgerConsistent(t);
  });

  it('the same clientId with another body is a 409 CLIENT_ID_REUSED and changes nothing', async () => {
    const { tea, cake, sale, teaLine } = await twoLineSale();
    const clientId = randomUUID();
    const body = { clientId, lines: [{ lineId: teaLine, quantity: 1 }] };
    const first = await refund(t, u, sale.code, body);
    expect(first.status, first.text).toBe(201);

    const variants: Body[] = [
      { ...body, lines: [{ lineId: teaLine, quantity: 2 }] },
      { ...body, restock: false },
      { ...body, tenders: [{ method: 'CARD', currency: 'USD', amount: 100 }] },
      { clientId }, // everything that remains
    ];
    for (const variant of variants) {
      const reused = await refund(t, u, sale.code, variant);
      expect(reused.status, reused.text).toBe(409);
      expect(reused.body.code).toBe('CLIENT_ID_REUSED');
      expect(reused.body.message).toMatch(/different refund/);
      expect(reused.body.details).toContainEqual(expect.objectContaining({ field: 'clientId' }));
    }

    const after = await read(t, u, sale.code);
    expect(after.refunds).toHaveLength(1);
    expect(after.refundedAmount).toBe(100);
    expect(after.lines.map((l) => l.refundedQuantity)).toEqual([1, 0]);
    expect(await quantityOf(t, u, tea.code)).toBe(7);
    expect(await quantityOf(t, u, cake.code)).toBe(8);
    // The first body still answers the first refund.
    const retry = await refund(t, u, sale.code, body);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.refunds).toHaveLength(1);
    await expectLedgerConsistent(t);
  });

  it('the same clientId on another sale is a 409 CONFLICT, as before, and changes nothing', async () => {
    const one = await twoLineSale();
    const other = await twoLineSale();
    const clientId = randomUUID();
    const first = await refund(t, u, one.sale.code, { clientId, lines: [{ lineId: one.teaLine, quantity: 1 }] });
    expect(first.status, first.text).toBe(201);

    const elsewhere = await refund(t, u, other.sale.code, {
      clientId,
      lines: [{ lineId: other.teaLine, quantity: 1 }],
    });
    expect(elsewhere.status, elsewhere.text).toBe(409);
    expect(elsewhere.body.code).toBe('CONFLICT');
    expect(elsewhere.body.message).toMatch(/another sale/);
    const untouched = await read(t, u, other.sale.code);
    expect(untouched).toMatchObject({ status: 'COMPLETED', refundedAmount: 0, refunds: [] });
    expect(await quantityOf(t, u, other.tea.code)).toBe(6);
    await expectLedgerConsistent(t);
  });

  it('two requests with one clientId and different bodies at once: one refund, the other 409 CLIENT_ID_REUSED', async () => {
    const { tea, sale, teaLine } = await twoLineSale();
    const clientId = randomUUID();
    const answers = await Promise.all(
      [1, 3].map((quantity) => refund(t, u, sale.code, { clientId, lines: [{ lineId: teaLine, quantity }] })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('CLIENT_ID_REUSED');
    const stored = answers.find((a) => a.status === 201)!.body;
    const units = stored.lines[0]!.refundedQuantity;
    const after = await read(t, u, sale.code);
    expect(after.refunds).toHaveLength(1);
    expect(after.refundedAmount).toBe(units * 100);
    expect(await quantityOf(t, u, tea.code)).toBe(6 + units);
    await expectLedgerConsistent(t);
  });

  it('a refund stored before fingerprints (request_hash NULL) answers the first result for any body, as before', async () => {
    const { tea, sale, teaLine } = await twoLineSale();
    const clientId = randomUUID();
    const first = await refund(t, u, sale.code, { clientId, lines: [{ lineId: teaLine, quantity: 1 }] });
    expect(first.status, first.text).toBe(201);
    // What migration 202611271600-refund-fingerprints leaves on a refund stored before it.
    await t.db.updateTable('shop_refunds').set({ request_hash: null }).where('client_id', '=', clientId).execute();

    const other = await refund(t, u, sale.code, {
      clientId,
      lines: [{ lineId: teaLine, quantity: 3 }],
      restock: false,
    });
    expect(other.status, other.text).toBe(200);
    expect(other.body).toEqual(first.body);
    const after = await read(t, u, sale.code);
    expect(after.refunds).toHaveLength(1);
    expect(after.refundedAmount).toBe(100);
    expect(await quantityOf(t, u, tea.code)).toBe(7);
    await expectLedgerConsistent(t);
  });
});
