import { randomUUID } from 'node:crypto';
import type { PaymentMethod, ShopTransaction, TransactionWindow } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';

/*
 * The sales list filtered by member and by named tender (issue 41, "as met in the walk"): `member`
 * narrows to one member's sales and never widens what a member without REPORTS sees; `method` is
 * a payment method id of the store, an id of another store's method matching nothing.
 */
describe.each(engines)('sales list filters by member and payment method, on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let manager: TestUser;
  let cashier: TestUser;
  let other: TestUser;
  let stranger: TestUser;
  let voucherId: string;
  let strangersMethodId: string;
  /** A catalogue product: a line of a name and price is an open price, which a cashier lacks. */
  let bento: string;
  /** The sales made here: who made each and with which method ids. */
  const made: { code: string; by: TestUser; methods: string[] }[] = [];

  const as = (user: TestUser) => ({ token: user.token, headers: { 'x-store': owner.store.urlName } });

  async function addVoucher(user: TestUser, name: string): Promise<string> {
    const path = `/api/secure/virtual-store/${user.store.urlName}/payment-methods`;
    const list = await t.request<PaymentMethod[]>('GET', path, { token: user.token });
    const methods = [
      ...list.body,
      {
        name,
        defaultName: null,
        kind: 'VOUCHER',
        needsReference: false,
        opensDrawer: false,
        enabled: true,
        position: 9,
      },
    ];
    const saved = await t.request<PaymentMethod[]>('PUT', path, { token: user.token, body: { methods } });
    expect(saved.status, saved.text).toBe(200);
    return saved.body.find((m) => m.name === name)!.id;
  }

  async function sell(user: TestUser, payments: { method: string; methodId: string; amount: number }[]) {
    const res = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      ...as(user),
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: bento, quantity: 1 }],
        payments: payments.map((p) => ({ ...p, currency: 'JPY' })),
      },
    });
    expect(res.status, res.text).toBe(201);
    made.push({ code: res.body.code, by: user, methods: payments.map((p) => p.methodId) });
  }

  beforeAll(async () => {
    const yen = { mainCurrency: 'JPY' as const, secondCurrency: null };
    [owner, manager, cashier, other, stranger] = [
      await createUser(t, yen),
      await createUser(t),
      await createUser(t),
      await createUser(t),
      await createUser(t, yen),
    ];
    await addMember(t, owner.store, manager, 'MANAGER');
    // A cashier who may sell without a shift: the store works without shifts (the default).
    await addMember(t, owner.store, cashier, 'CASHIER');
    await addMember(t, owner.store, other, 'CASHIER');
    voucherId = await addVoucher(owner, 'Gift voucher');
    strangersMethodId = await addVoucher(stranger, 'Their voucher');
    bento = (await createProduct(t, owner, { name: 'Bento', price: 1000, quantity: 1000 })).code;

    const cash = { method: 'CASH', methodId: 'CASH', amount: 1000 };
    const voucher = { method: 'OTHER', methodId: voucherId, amount: 1000 };
    await sell(owner, [cash]);
    await sell(owner, [voucher]);
    await sell(cashier, [cash]);
    await sell(cashier, [
      { ...voucher, amount: 400 },
      { ...cash, amount: 600 },
    ]);
    await sell(other, [voucher]);
    await sell(manager, [{ method: 'OTHER', methodId: 'PAYPAY', amount: 1000 }]);
    // The stranger's store sells with its own voucher: never listed in the owner's store.
    const theirs = await t.request('POST', '/api/secure/shop/transaction', {
      token: stranger.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ name: 'Tea', unitPrice: 500, quantity: 1 }],
        payments: [{ method: 'OTHER', methodId: strangersMethodId, currency: 'JPY', amount: 500 }],
      },
    });
    expect(theirs.status, theirs.text).toBe(201);
  });

  const today = () => t.clock.now().toISOString().slice(0, 10);

  /** The codes `user` lists with `query`, by dates and by month (both must agree), sorted. */
  async function listed(user: TestUser, query: Record<string, string>): Promise<string[]> {
    const from = new Date(t.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    const to = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const byDate = await t.request<TransactionWindow>(
      'GET',
      `/api/secure/shop/transaction/range/by-date?${new URLSearchParams({ from, to, size: '100', ...query })}`,
      as(user),
    );
    expect(byDate.status, byDate.text).toBe(200);
    expect(byDate.body.total).toBe(byDate.body.items.length);
    const byMonth = await t.request<TransactionWindow>(
      'GET',
      `/api/secure/shop/transaction/range/by-month?${new URLSearchParams({ month: today().slice(0, 7), size: '100', ...query })}`,
      as(user),
    );
    expect(byMonth.status, byMonth.text).toBe(200);
    const codes = byDate.body.items.map((s) => s.code).sort();
    expect(byMonth.body.items.map((s) => s.code).sort()).toEqual(codes);
    return codes;
  }

  const codesWhere = (keep: (s: (typeof made)[number]) => boolean) =>
    made
      .filter(keep)
      .map((s) => s.code)
      .sort();

  it("lists one member's sales for a member with REPORTS", async () => {
    expect(await listed(manager, { member: cashier.user.userId })).toEqual(codesWhere((s) => s.by === cashier));
    expect(await listed(owner, { member: owner.user.userId })).toEqual(codesWhere((s) => s.by === owner));
    // The earlier name of the filter still works, and both at once must name the same member.
    expect(await listed(owner, { userId: other.user.userId })).toEqual(codesWhere((s) => s.by === other));
    expect(await listed(owner, { member: other.user.userId, userId: other.user.userId })).toEqual(
      codesWhere((s) => s.by === other),
    );
  });

  it('lists the sales with a tender of one payment method, a split sale under each of its methods', async () => {
    expect(await listed(owner, { method: voucherId })).toEqual(codesWhere((s) => s.methods.includes(voucherId)));
    expect(await listed(owner, { method: 'CASH' })).toEqual(codesWhere((s) => s.methods.includes('CASH')));
    expect(await listed(owner, { method: 'PAYPAY' })).toEqual(codesWhere((s) => s.methods.includes('PAYPAY')));
  });

  it('combines both filters', async () => {
    expect(await listed(manager, { member: cashier.user.userId, method: voucherId })).toEqual(
      codesWhere((s) => s.by === cashier && s.methods.includes(voucherId)),
    );
    expect(await listed(manager, { member: other.user.userId, method: 'CASH' })).toEqual([]);
  });

  it("matches nothing for another store's method, an unknown method or someone who is not a member", async () => {
    expect(await listed(owner, { method: strangersMethodId })).toEqual([]);
    expect(await listed(owner, { method: 'NO_SUCH_METHOD' })).toEqual([]);
    expect(await listed(owner, { member: stranger.user.userId })).toEqual([]);
    expect(await listed(owner, { member: randomUUID() })).toEqual([]);
  });

  it("never widens a cashier's view: another member's sales are nothing, their own stay their own", async () => {
    const own = codesWhere((s) => s.by === cashier);
    expect(await listed(cashier, {})).toEqual(own);
    expect(await listed(cashier, { member: other.user.userId })).toEqual([]);
    expect(await listed(cashier, { member: owner.user.userId, method: voucherId })).toEqual([]);
    expect(await listed(cashier, { userId: manager.user.userId })).toEqual([]);
    expect(await listed(cashier, { member: cashier.user.userId })).toEqual(own);
    expect(await listed(cashier, { method: voucherId })).toEqual(
      codesWhere((s) => s.by === cashier && s.methods.includes(voucherId)),
    );
  });

  it('answers malformed filters 400 with a message naming the field, never a 5xx', async () => {
    const base = `/api/secure/shop/transaction/range/by-date?from=${today()}&to=${today()}`;
    for (const [query, field] of [
      ['member=not-a-user', 'member'],
      ['method=has%20spaces', 'method'],
      [`method=${'M'.repeat(41)}`, 'method'],
      [`member=${cashier.user.userId}&userId=${other.user.userId}`, 'member'],
    ] as const) {
      const res = await t.request<{ code: string; message: string; details?: { field: string }[] }>(
        'GET',
        `${base}&${query}`,
        as(owner),
      );
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(
        res.body.details?.map((d) => d.field),
        query,
      ).toContain(field);
    }
  });
});
