import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShopTransaction } from '@shopdesk/shared';
import { createCustomer } from '../../test/customers.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { expectStoredValueConsistent } from '../../test/ledger.ts';
import { createProduct, ean13 } from '../../test/products.ts';

/**
 * Refunds and stored value (product.md §5 "Gift cards and store credit"): what a sale took from a
 * card goes back to that card before any money, so no refund path pays a balance out in cash; a
 * card the sale sold is taken back only while unused; a refund can pay into the customer's store
 * credit, which is then spent like a card, by the customer's member code.
 */

type Body = Record<string, unknown>;
const cash = (amount: number) => ({ method: 'CASH', currency: 'USD', amount });
const card = (cardCode: string, amount: number) => ({ method: 'STORED_VALUE', currency: 'USD', amount, cardCode });

const post = (t: TestApp, u: TestUser, body: Body) =>
  t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', { token: u.token, body });
const refund = (t: TestApp, u: TestUser, code: string, body: Body) =>
  t.request<ShopTransaction>('POST', `/api/secure/shop/transaction/${code}/refund`, { token: u.token, body });

async function balanceOf(t: TestApp, storeId: string, code: string) {
  const row = await t.db
    .selectFrom('stored_value_accounts')
    .select(['balance', 'status'])
    .where('store_id', '=', storeId)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return { balance: Number(row.balance), status: row.status };
}

describe.each(engines)('refunds of gift card sales on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  let tea: { code: string };

  const sellCard = async (amount: number) => {
    const r = await post(t, u, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ quantity: 1, giftCard: { amount } }],
      payment: cash(amount),
    });
    expect(r.status, r.text).toBe(201);
    return { sale: r.body, code: r.body.lines[0]!.giftCardCode! };
  };
  const teas = (n: number, payments: unknown[], extra: Body = {}) =>
    post(t, u, {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code: tea.code, quantity: n }],
      payments,
      ...extra,
    });

  beforeAll(async () => {
    u = await createUser(t);
    tea = await createProduct(t, u, { code: ean13(), price: 1000, quantity: 10_000 });
  });

  it('gives back to the card first, then money for the rest; never more to the card than it paid', async () => {
    const { code } = await sellCard(3000);
    const sale = await teas(4, [card(code, 3000), cash(1000)]);
    expect(sale.status, sale.text).toBe(201);
    const lineId = sale.body.lines[0]!.id;
    const one = await refund(t, u, sale.body.code, { clientId: randomUUID(), lines: [{ lineId, quantity: 1 }] });
    expect(one.status, one.text).toBe(201);
    expect(one.body.refunds[0]!.tenders).toEqual([
      expect.objectContaining({ method: 'STORED_VALUE', applied: 1000, cardCode: code, cardBalance: 1000 }),
    ]);
    // Asking cash for everything left is refused: 2000 of it goes back to the card.
    const cashOut = await refund(t, u, sale.body.code, { clientId: randomUUID(), tenders: [cash(3000)] });
    expect(cashOut.status, cashOut.text).toBe(400);
    const rest = await refund(t, u, sale.body.code, { clientId: randomUUID(), tenders: [cash(1000)] });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.refunds[1]!.tenders).toEqual([
      expect.objectContaining({ method: 'STORED_VALUE', applied: 2000, cardCode: code, cardBalance: 3000 }),
      expect.objectContaining({ method: 'CASH', applied: 1000 }),
    ]);
    expect(await balanceOf(t, u.store.id, code)).toEqual({ balance: 3000, status: 'ACTIVE' });
    await expectStoredValueConsistent(t, u.store.id);
  });

  it('no refund path pays a card balance out in cash', async () => {
    const { code } = await sellCard(2000);
    const sale = await teas(2, [card(code, 2000)]);
    expect(sale.status, sale.text).toBe(201);
    const asCash = await refund(t, u, sale.body.code, { clientId: randomUUID(), tenders: [cash(2000)] });
    expect(asCash.status, asCash.text).toBe(400);
    const asCard = await refund(t, u, sale.body.code, {
      clientId: randomUUID(),
      tenders: [{ method: 'STORED_VALUE', currency: 'USD', amount: 2000 }],
    });
    expect(asCard.status, asCard.text).toBe(400);
    const toCredit = await refund(t, u, sale.body.code, { clientId: randomUUID(), toStoreCredit: true });
    expect(toCredit.status, toCredit.text).toBe(400);
    const plain = await refund(t, u, sale.body.code, { clientId: randomUUID() });
    expect(plain.status, plain.text).toBe(201);
    expect(plain.body.refunds[0]!.tenders.map((x) => x.method)).toEqual(['STORED_VALUE']);
    expect((await balanceOf(t, u.store.id, code)).balance).toBe(2000);
    await expectStoredValueConsistent(t, u.store.id);
  });

  it('takes back an unused card it sold (void), and refuses once the card was used', async () => {
    const unused = await sellCard(1500);
    const back = await refund(t, u, unused.sale.code, { clientId: randomUUID() });
    expect(back.status, back.text).toBe(201);
    expect(back.body.refunds[0]!.tenders).toEqual([expect.objectContaining({ method: 'CASH', applied: 1500 })]);
    expect(await balanceOf(t, u.store.id, unused.code)).toEqual({ balance: 0, status: 'BLOCKED' });
    const spendVoid = await teas(1, [card(unused.code, 1000)]);
    expect(spendVoid.status, spendVoid.text).toBe(409);

    const used = await sellCard(1500);
    expect((await teas(1, [card(used.code, 1000)])).status).toBe(201);
    const refused = await refund(t, u, used.sale.code, { clientId: randomUUID() });
    expect(refused.status, refused.text).toBe(409);
    const after = await t.request<ShopTransaction>('GET', `/api/secure/shop/transaction/${used.sale.code}`, {
      token: u.token,
    });
    expect(after.body.refunds).toEqual([]);
    expect(after.body.lines[0]!.refundedQuantity).toBe(0);
    await expectStoredValueConsistent(t, u.store.id);
  });

  it('pays a refund into store credit, spent later by the member code; a retry pays once', async () => {
    const customer = await createCustomer(t, u);
    const sale = await teas(3, [cash(3000)], { customerId: customer.id });
    expect(sale.status, sale.text).toBe(201);
    const body = {
      clientId: randomUUID(),
      lines: [{ lineId: sale.body.lines[0]!.id, quantity: 2 }],
      toStoreCredit: true,
    };
    const first = await refund(t, u, sale.body.code, body);
    expect(first.status, first.text).toBe(201);
    const again = await refund(t, u, sale.body.code, body);
    expect(again.status, again.text).toBe(200);
    const tender = first.body.refunds[0]!.tenders[0]!;
    expect(tender).toMatchObject({
      method: 'STORED_VALUE',
      applied: 2000,
      methodDefaultName: 'STORE_CREDIT',
      cardBalance: 2000,
    });
    expect(first.body.refunds[0]!.toStoreCredit).toBe(true);
    // The rest into the same account.
    const second = await refund(t, u, sale.body.code, { clientId: randomUUID(), toStoreCredit: true });
    expect(second.status, second.text).toBe(201);
    expect(second.body.refunds[1]!.tenders[0]).toMatchObject({ cardCode: tender.cardCode, cardBalance: 3000 });
    const spend = await teas(2, [card(customer.code, 2000)]);
    expect(spend.status, spend.text).toBe(201);
    expect(spend.body.payments[0]).toMatchObject({
      cardCode: tender.cardCode,
      cardBalance: 1000,
      methodDefaultName: 'STORE_CREDIT',
    });
    await expectStoredValueConsistent(t, u.store.id);
  });
});
