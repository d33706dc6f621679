import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';

/*
 * Sales and refunds made on a till (product.md §2): recorded under the member unlocked there
 * (`userId`) and the member whose PIN approved what they lacked (`approvedBy`), checked when the
 * action reaches the server, so a sale queued offline by a member who lost SELL meanwhile is
 * refused 403 naming it (the device keeps it queued with that reason).
 */
describe.each(engines)('sales on a till on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let manager: TestUser;
  let cashier: TestUser;
  let leaver: TestUser;
  let tea: string;

  beforeAll(async () => {
    [owner, manager, cashier, leaver] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    await addMember(t, owner.store, manager, 'MANAGER');
    await addMember(t, owner.store, cashier, 'CASHIER');
    await addMember(t, owner.store, leaver, 'CASHIER');
    tea = (await createProduct(t, owner, { name: 'Tea', price: 1000, quantity: 100 })).code;
  });

  const sale = (extra: Record<string, unknown> = {}) => ({
    clientId: randomUUID(),
    status: 'COMPLETED',
    lines: [{ code: tea, quantity: 1 }],
    payment: { method: 'CASH', currency: 'USD', amount: 1000 },
    ...extra,
  });
  const sell = (body: Record<string, unknown>, token = owner.token) =>
    t.request('POST', '/api/secure/shop/transaction', {
      token,
      headers: { 'x-store': owner.store.urlName },
      body,
    });
  const refund = (code: string, body: Record<string, unknown>) =>
    t.request('POST', `/api/secure/shop/transaction/${code}/refund`, {
      token: owner.token,
      headers: { 'x-store': owner.store.urlName },
      body: { clientId: randomUUID(), ...body },
    });

  it("records a till's sale under the member who sold it", async () => {
    const res = await sell(sale({ userId: cashier.user.userId }));
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ userId: cashier.user.userId, approvedBy: null });
    const read = await t.request('GET', `/api/secure/shop/transaction/${res.body.code}`, {
      token: owner.token,
      headers: { 'x-store': owner.store.urlName },
    });
    expect(read.body).toMatchObject({ userId: cashier.user.userId, approvedBy: null });
    // Without userId, the session's user, as before.
    expect((await sell(sale())).body.userId).toBe(owner.user.userId);
  });

  it("asks for an approver's PIN for a refund the cashier lacks, and records both", async () => {
    const sold = await sell(sale({ userId: cashier.user.userId }));
    const refused = await refund(sold.body.code, { userId: cashier.user.userId });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'permission', message: 'REFUND' }] });
    // A cashier cannot approve what they lack either.
    const badApprover = await refund(sold.body.code, { userId: cashier.user.userId, approvedBy: leaver.user.userId });
    expect(badApprover.status).toBe(403);
    const approved = await refund(sold.body.code, { userId: cashier.user.userId, approvedBy: manager.user.userId });
    expect(approved.status, approved.text).toBe(201);
    expect(approved.body.refunds[0]).toMatchObject({ userId: cashier.user.userId, approvedBy: manager.user.userId });
    const row = await t.db
      .selectFrom('shop_refunds')
      .where('store_id', '=', owner.store.id)
      .where('transaction_id', '=', sold.body.id)
      .select(['user_id', 'approved_by'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: cashier.user.userId, approved_by: manager.user.userId });
  });

  it('needs approval for a discount above the member’s maximum, and stores the approver with the sale', async () => {
    const big = {
      discount: { kind: 'PERCENT', basisPoints: 2000 },
      payment: { method: 'CASH', currency: 'USD', amount: 800 },
    };
    const refused = await sell(sale({ ...big, userId: cashier.user.userId }));
    expect(refused.status).toBe(403);
    expect(refused.body.details[0].message).toBe('DISCOUNT');
    const small = {
      discount: { kind: 'PERCENT', basisPoints: 1000 },
      payment: { method: 'CASH', currency: 'USD', amount: 900 },
    };
    expect((await sell(sale({ ...small, userId: cashier.user.userId }))).status).toBe(201);
    const approved = await sell(sale({ ...big, userId: cashier.user.userId, approvedBy: manager.user.userId }));
    expect(approved.status, approved.text).toBe(201);
    expect(approved.body).toMatchObject({ userId: cashier.user.userId, approvedBy: manager.user.userId });
    const row = await t.db
      .selectFrom('shop_transactions')
      .where('store_id', '=', owner.store.id)
      .where('id', '=', approved.body.id)
      .select(['user_id', 'approved_by'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: cashier.user.userId, approved_by: manager.user.userId });
  });

  it('needs PRICE_OVERRIDE for a price changed by hand and OPEN_PRICE for an open-price item, or an approver', async () => {
    const changed = {
      lines: [{ code: tea, unitPrice: 700, priceOverride: true, quantity: 1 }],
      payment: { method: 'CASH', currency: 'USD', amount: 700 },
    };
    const refused = await sell(sale({ ...changed, userId: cashier.user.userId }));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'FORBIDDEN',
      details: [{ field: 'permission', message: 'PRICE_OVERRIDE' }],
    });
    // The shown price alone is no override: the product's own price at 1000 or a label's needs SELL only.
    const shown = { lines: [{ code: tea, unitPrice: 1000, quantity: 1 }] };
    expect((await sell(sale({ ...shown, userId: cashier.user.userId }))).status).toBe(201);
    const approved = await sell(sale({ ...changed, userId: cashier.user.userId, approvedBy: manager.user.userId }));
    expect(approved.status, approved.text).toBe(201);
    expect(approved.body).toMatchObject({ userId: cashier.user.userId, approvedBy: manager.user.userId });
    expect(approved.body.lines[0]).toMatchObject({ unitPrice: 700, priceOverride: true });

    const open = {
      lines: [{ name: 'Gift wrap', unitPrice: 300, quantity: 1 }],
      payment: { method: 'CASH', currency: 'USD', amount: 300 },
    };
    const openRefused = await sell(sale({ ...open, userId: cashier.user.userId }));
    expect(openRefused.status).toBe(403);
    expect(openRefused.body.details[0].message).toBe('OPEN_PRICE');
    // An approver must hold every permission the sale lacks: a cashier approves nothing of it.
    const both = {
      lines: [...changed.lines, ...open.lines],
      payment: { method: 'CASH', currency: 'USD', amount: 1000 },
    };
    expect((await sell(sale({ ...both, userId: cashier.user.userId, approvedBy: leaver.user.userId }))).status).toBe(
      403,
    );
    const bothApproved = await sell(sale({ ...both, userId: cashier.user.userId, approvedBy: manager.user.userId }));
    expect(bothApproved.status, bothApproved.text).toBe(201);
    expect(bothApproved.body.lines.map((l: { priceOverride: boolean }) => l.priceOverride)).toEqual([true, false]);
  });

  it('parks a held cart with a changed price, keeps the mark, and asks for the approval when it is completed', async () => {
    const header = { 'x-store': owner.store.urlName };
    const lines = [{ code: tea, unitPrice: 500, priceOverride: true, quantity: 2 }];
    const parked = await sell({ clientId: randomUUID(), status: 'PARKED', lines, userId: cashier.user.userId });
    expect(parked.status, parked.text).toBe(201);
    const read = await t.request('GET', `/api/secure/shop/transaction/${parked.body.code}`, {
      token: owner.token,
      headers: header,
    });
    expect(read.body.lines[0]).toMatchObject({ unitPrice: 500, priceOverride: true });
    const complete = (extra: Record<string, unknown>) =>
      t.request('PUT', `/api/secure/shop/transaction/${parked.body.code}`, {
        token: owner.token,
        headers: header,
        body: {
          clientId: randomUUID(),
          status: 'COMPLETED',
          lines,
          payment: { method: 'CASH', currency: 'USD', amount: 1000 },
          userId: cashier.user.userId,
          ...extra,
        },
      });
    const refused = await complete({});
    expect(refused.status).toBe(403);
    expect(refused.body.details[0].message).toBe('PRICE_OVERRIDE');
    const done = await complete({ approvedBy: manager.user.userId });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ status: 'COMPLETED', total: 1000, approvedBy: manager.user.userId });
  });

  it('voids a held cart: a cashier needs an approver, the log keeps it, a completed sale cannot be voided', async () => {
    const header = { 'x-store': owner.store.urlName };
    const parked = await sell({ clientId: randomUUID(), status: 'PARKED', lines: [{ code: tea, quantity: 3 }] });
    expect(parked.status, parked.text).toBe(201);
    const stockBefore = await t.request('GET', `/api/secure/product/code/${tea}`, {
      token: owner.token,
      headers: header,
    });
    const voidIt = (code: string, body: Record<string, unknown>) =>
      t.request('POST', `/api/secure/shop/transaction/${code}/void`, { token: owner.token, headers: header, body });

    const refused = await voidIt(parked.body.code, { userId: cashier.user.userId });
    expect(refused.status).toBe(403);
    expect(refused.body.details[0].message).toBe('VOID_PARKED');
    const done = await voidIt(parked.body.code, { userId: cashier.user.userId, approvedBy: manager.user.userId });
    expect(done.status, done.text).toBe(204);
    const gone = await t.request('GET', `/api/secure/shop/transaction/${parked.body.code}`, {
      token: owner.token,
      headers: header,
    });
    expect(gone.status).toBe(404);
    expect((await voidIt(parked.body.code, {})).status).toBe(404);
    const stockAfter = await t.request('GET', `/api/secure/product/code/${tea}`, {
      token: owner.token,
      headers: header,
    });
    expect(stockAfter.body.quantity).toBe(stockBefore.body.quantity);
    const log = await t.request(
      'GET',
      `/api/secure/virtual-store/${owner.store.urlName}/audit/window/0/10?action=VOID_PARKED`,
      { token: owner.token },
    );
    expect(log.body.items).toEqual([
      expect.objectContaining({
        entityCode: parked.body.code,
        userId: cashier.user.userId,
        approvedBy: manager.user.userId,
        amount: 3000,
        summary: 'Tea',
      }),
    ]);

    const completed = await sell(sale());
    const notHeld = await voidIt(completed.body.code, {});
    expect(notHeld.status).toBe(409);
    expect(notHeld.body.code).toBe('ALREADY_COMPLETED');
  });

  it('refuses at sync an offline sale by a member who lost SELL, or left, before it arrived', async () => {
    const soldAt = new Date(t.clock.now().getTime() - 60 * 60_000).toISOString();
    await t.db
      .updateTable('store_members')
      .set({ permissions: JSON.stringify(['SHIFTS']) })
      .where('store_id', '=', owner.store.id)
      .where('user_id', '=', leaver.user.userId)
      .execute();
    const queued = sale({ userId: leaver.user.userId, soldAt });
    const refused = await sell(queued);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'permission', message: 'SELL' }] });
    await t.db
      .deleteFrom('store_members')
      .where('store_id', '=', owner.store.id)
      .where('user_id', '=', leaver.user.userId)
      .execute();
    const gone = await sell(queued);
    expect(gone.status).toBe(403);
    expect(gone.body.message).toMatch(/no longer a member/);
    const stored = await t.db
      .selectFrom('shop_transactions')
      .where('store_id', '=', owner.store.id)
      .where('client_id', '=', queued.clientId as string)
      .selectAll()
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses a sale in the name of someone who is not a member of the store', async () => {
    // A stranger's member id in the owner's own till is refused as not a member.
    const stranger = await createUser(t);
    const res = await sell(sale({ userId: stranger.user.userId }));
    expect(res.status).toBe(403);
  });
});
