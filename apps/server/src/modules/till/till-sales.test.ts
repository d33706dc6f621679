import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';
import { approveOn, makeTill, onTill, setOwnPin, unlockOn, type TestTill } from '../../test/till-world.ts';

/*
 * Sales and refunds made on a till (product.md §2): recorded under the member its member token
 * proves and the till, and the member whose proven approval (a grant for that action) covered what
 * they lacked, checked when the action reaches the server, so a sale queued offline by a member who
 * lost SELL meanwhile is refused 403 naming it (the device keeps it queued with that reason).
 */
describe.each(engines)('sales on a till on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let manager: TestUser;
  let cashier: TestUser;
  let leaver: TestUser;
  let tea: string;
  let till: TestTill;
  let asCashier: string;
  let asLeaver: string;
  const PIN = { manager: '246810', cashier: '135790', leaver: '112233' };

  beforeAll(async () => {
    [owner, manager, cashier, leaver] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    await addMember(t, owner.store, manager, 'MANAGER');
    await addMember(t, owner.store, cashier, 'CASHIER');
    await addMember(t, owner.store, leaver, 'CASHIER');
    await setOwnPin(t, owner, manager, PIN.manager);
    await setOwnPin(t, owner, cashier, PIN.cashier);
    await setOwnPin(t, owner, leaver, PIN.leaver);
    tea = (await createProduct(t, owner, { name: 'Tea', price: 1000, quantity: 100 })).code;
    till = await makeTill(t, owner);
    asCashier = await unlockOn(t, till, cashier, PIN.cashier);
    asLeaver = await unlockOn(t, till, leaver, PIN.leaver);
  });

  const sale = (extra: Record<string, unknown> = {}) => ({
    clientId: randomUUID(),
    status: 'COMPLETED',
    lines: [{ code: tea, quantity: 1 }],
    payment: { method: 'CASH', currency: 'USD', amount: 1000 },
    ...extra,
  });
  const sell = (body: Record<string, unknown>, member = asCashier) =>
    onTill(t, till, 'POST', '/api/secure/shop/transaction', member, { body });
  const refund = (code: string, body: Record<string, unknown>) =>
    onTill(t, till, 'POST', `/api/secure/shop/transaction/${code}/refund`, asCashier, {
      body: { clientId: randomUUID(), ...body },
    });
  const approval = (permission: Parameters<typeof approveOn>[4], clientId: string) =>
    approveOn(t, till, manager, PIN.manager, permission, clientId);

  it("records a till's sale under the member who sold it, and the till", async () => {
    const res = await sell(sale());
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ userId: cashier.user.userId, approvedBy: null });
    const row = await t.db
      .selectFrom('shop_transactions')
      .where('store_id', '=', owner.store.id)
      .where('id', '=', res.body.id)
      .select(['user_id', 'device_id'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: cashier.user.userId, device_id: till.id });
    // Naming another member in the body is refused: the member token says who sells.
    const other = await sell(sale({ userId: manager.user.userId }));
    expect(other.status).toBe(403);
    // From a person's own session too: a body never names another member.
    const fromSession = await t.request('POST', '/api/secure/shop/transaction', {
      token: owner.token,
      headers: { 'x-store': owner.store.urlName },
      body: sale({ userId: cashier.user.userId }),
    });
    expect(fromSession.status).toBe(403);
  });

  it('refuses a bare approvedBy, from a till and from a session', async () => {
    const sold = await sell(sale());
    // Not an approval at all: the refund is refused for what the cashier lacks.
    const bare = await refund(sold.body.code, { approvedBy: manager.user.userId });
    expect(bare.status).toBe(403);
    expect(bare.body.details).toEqual([{ field: 'permission', message: 'REFUND' }]);
    const fromSession = await t.request('POST', `/api/secure/shop/transaction/${sold.body.code}/refund`, {
      token: cashier.token,
      headers: { 'x-store': owner.store.urlName },
      body: { clientId: randomUUID(), approvedBy: manager.user.userId },
    });
    expect(fromSession.status).toBe(403);
    const noApproval = await refund(sold.body.code, {});
    expect(noApproval.status).toBe(403);
    expect(noApproval.body).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'permission', message: 'REFUND' }] });
  });

  it("takes a manager's grant for a refund the cashier lacks, once, for that action only, for 10 minutes", async () => {
    const sold = await sell(sale());
    const clientId = randomUUID();
    const grant = await approval('REFUND', clientId);
    // A grant for another action is refused.
    const otherAction = await refund(sold.body.code, { approval: grant });
    expect(otherAction.status).toBe(403);
    expect(otherAction.body.message).toMatch(/another action/);
    // A cashier's PIN approves nothing they lack.
    const cashierGrant = await onTill(t, till, 'POST', '/api/secure/till/unlock', undefined, {
      body: { userId: cashier.user.userId, pin: PIN.cashier, approve: 'REFUND', clientId: randomUUID() },
    });
    expect(cashierGrant.status).toBe(403);
    const approved = await refund(sold.body.code, { clientId, approval: grant });
    expect(approved.status, approved.text).toBe(201);
    expect(approved.body.refunds[0]).toMatchObject({ userId: cashier.user.userId, approvedBy: manager.user.userId });
    const row = await t.db
      .selectFrom('shop_refunds')
      .where('store_id', '=', owner.store.id)
      .where('transaction_id', '=', sold.body.id)
      .select(['user_id', 'approved_by', 'approval_mode', 'device_id'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      user_id: cashier.user.userId,
      approved_by: manager.user.userId,
      approval_mode: 'ONLINE',
      device_id: till.id,
    });
    // The same grant again, for another sale's refund with the same clientId: spent (and the
    // clientId's own rule answers a repeat of the same refund).
    const again = await sell(sale());
    const replay = await refund(again.body.code, { clientId: randomUUID(), approval: grant });
    expect(replay.status).toBe(403);
    // After 10 minutes a grant is refused.
    const late = randomUUID();
    const old = await approval('REFUND', late);
    t.clock.advance(10 * 60_000 + 1);
    const expired = await refund(again.body.code, { clientId: late, approval: old });
    expect(expired.status).toBe(403);
    expect(expired.body.message).toMatch(/expired/);
  });

  it('refuses a forged grant and a grant of another store', async () => {
    const sold = await sell(sale());
    const clientId = randomUUID();
    const grant = await approval('REFUND', clientId);
    if (grant.kind !== 'online') throw new Error('an online grant');
    const [payload, mac] = grant.grant.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, p: 'REFUND', a: owner.user.userId })).toString('base64url');
    const res = await refund(sold.body.code, { clientId, approval: { kind: 'online', grant: `${forged}.${mac}` } });
    expect(res.status).toBe(403);
  });

  it('needs approval for a discount above the member’s maximum, and stores the approver with the sale', async () => {
    const big = {
      discount: { kind: 'PERCENT', basisPoints: 2000 },
      payment: { method: 'CASH', currency: 'USD', amount: 800 },
    };
    const refused = await sell(sale(big));
    expect(refused.status).toBe(403);
    expect(refused.body.details[0].message).toBe('DISCOUNT');
    const small = {
      discount: { kind: 'PERCENT', basisPoints: 1000 },
      payment: { method: 'CASH', currency: 'USD', amount: 900 },
    };
    expect((await sell(sale(small))).status).toBe(201);
    const clientId = randomUUID();
    const approved = await sell(sale({ ...big, clientId, approval: await approval('DISCOUNT', clientId) }));
    expect(approved.status, approved.text).toBe(201);
    expect(approved.body).toMatchObject({ userId: cashier.user.userId, approvedBy: manager.user.userId });
  });

  it('needs PRICE_OVERRIDE for a price changed by hand and OPEN_PRICE for an open-price item, or an approver', async () => {
    const changed = {
      lines: [{ code: tea, unitPrice: 700, priceOverride: true, quantity: 1 }],
      payment: { method: 'CASH', currency: 'USD', amount: 700 },
    };
    const refused = await sell(sale(changed));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'FORBIDDEN',
      details: [{ field: 'permission', message: 'PRICE_OVERRIDE' }],
    });
    const shown = { lines: [{ code: tea, unitPrice: 1000, quantity: 1 }] };
    expect((await sell(sale(shown))).status).toBe(201);
    const clientId = randomUUID();
    const approved = await sell(sale({ ...changed, clientId, approval: await approval('PRICE_OVERRIDE', clientId) }));
    expect(approved.status, approved.text).toBe(201);
    expect(approved.body.lines[0]).toMatchObject({ unitPrice: 700, priceOverride: true });
    const open = {
      lines: [{ name: 'Gift wrap', unitPrice: 300, quantity: 1 }],
      payment: { method: 'CASH', currency: 'USD', amount: 300 },
    };
    const openRefused = await sell(sale(open));
    expect(openRefused.status).toBe(403);
    expect(openRefused.body.details[0].message).toBe('OPEN_PRICE');
  });

  it('voids a held cart: a cashier needs an approval, the log keeps it with the till', async () => {
    const parked = await sell({ clientId: randomUUID(), status: 'PARKED', lines: [{ code: tea, quantity: 3 }] });
    expect(parked.status, parked.text).toBe(201);
    const voidIt = (code: string, body: Record<string, unknown>) =>
      onTill(t, till, 'POST', `/api/secure/shop/transaction/${code}/void`, asCashier, { body });
    const refused = await voidIt(parked.body.code, {});
    expect(refused.status).toBe(403);
    expect(refused.body.details[0].message).toBe('VOID_PARKED');
    const done = await voidIt(parked.body.code, { approval: await approval('VOID_PARKED', randomUUID()) });
    expect(done.status, done.text).toBe(204);
    const log = await t.request(
      'GET',
      `/api/secure/virtual-store/${owner.store.urlName}/audit/window/0/10?action=VOID_PARKED`,
      { token: owner.token },
    );
    expect(log.body.items).toEqual([
      expect.objectContaining({ entityCode: parked.body.code, userId: cashier.user.userId, approvedBy: manager.user.userId }),
    ]);
    const row = await t.db
      .selectFrom('audit_events')
      .where('store_id', '=', owner.store.id)
      .where('action', '=', 'VOID_PARKED')
      .select(['device_id', 'approval_mode'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ device_id: till.id, approval_mode: 'ONLINE' });
  });

  it('refuses at sync an offline sale by a member who lost SELL, or left, before it arrived', async () => {
    const soldAt = new Date(t.clock.now().getTime() - 60 * 60_000).toISOString();
    await t.db
      .updateTable('store_members')
      .set({ permissions: JSON.stringify(['SHIFTS']) })
      .where('store_id', '=', owner.store.id)
      .where('user_id', '=', leaver.user.userId)
      .execute();
    const queued = sale({ soldAt });
    const refused = await sell(queued, asLeaver);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'permission', message: 'SELL' }] });
    await t.db
      .deleteFrom('store_members')
      .where('store_id', '=', owner.store.id)
      .where('user_id', '=', leaver.user.userId)
      .execute();
    const gone = await sell(queued, asLeaver);
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

  it('refuses a forged member token: whoever holds the till cannot act as a member without their PIN', async () => {
    const [userId, issuedAt, proof] = asCashier.split('.');
    const forged = `${manager.user.userId}.${issuedAt}.${proof}`;
    const res = await sell(sale(), forged);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TILL_LOCKED');
    expect(userId).toBe(cashier.user.userId);
    // Without a member token, the till only reads its roster and checks PINs.
    expect((await sell(sale(), '')).body.code).toBe('TILL_LOCKED');
  });
});
