import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, inviteMember, type TestUser } from '../../test/factories.ts';
import { createCustomer } from '../../test/customers.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { expectStoredValueConsistent } from '../../test/ledger.ts';
import { insertStoreCredit, sellGiftCard } from '../../test/stored-value.ts';

/**
 * Managing gift cards and store credit (product.md §5, §6): a card by its code or a member code,
 * what a seller sees of it, block and unblock, the owner's adjustment, a customer's credit. Every
 * scenario leaves the ledger consistent.
 */

const detail = (t: TestApp, u: TestUser, code: string, store?: string) =>
  t.request('GET', `/api/secure/stored-value/code/${encodeURIComponent(code)}`, {
    token: u.token,
    ...(store ? { headers: { 'x-store': store } } : {}),
  });
const post = (t: TestApp, u: TestUser, path: string, body: unknown) =>
  t.request('POST', `/api/secure/stored-value/code/${path}`, { token: u.token, body });

async function auditActions(t: TestApp, storeId: string, code: string) {
  const rows = await t.db
    .selectFrom('audit_events')
    .select(['action', 'summary', 'amount'])
    .where('store_id', '=', storeId)
    .where('entity_code', '=', code)
    .execute();
  // Events of one (manual clock) millisecond: their ids do not tell their order.
  return rows.map((r) => [r.action, r.summary, r.amount === null ? null : Number(r.amount)]).sort();
}

describe.each(engines)('stored value management on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let cashier: TestUser;
  beforeAll(async () => {
    owner = await createUser(t);
    cashier = await inviteMember(t, owner, { role: 'CASHIER' });
  });

  it('finds a card by its code as typed, with its entries for REPORTS and the balance only for a seller', async () => {
    const code = await sellGiftCard(t, owner, 2500);
    const typed = `${code.slice(0, 4)} ${code.slice(4, 8)}-${code.slice(8)}`;
    const full = await detail(t, owner, typed);
    expect(full.status, full.text).toBe(200);
    expect(full.body.account).toMatchObject({ kind: 'GIFT_CARD', code, balance: 2500, issued: 2500, status: 'ACTIVE' });
    expect(full.body.entries).toHaveLength(1);
    expect(full.body.entries[0]).toMatchObject({ kind: 'ISSUE', amount: 2500, balanceAfter: 2500 });
    expect(full.body.entries[0]!.saleCode).toMatch(/^[0-9A-Z]{12}$/);
    expect(full.body.entries[0]!.userName).toBe(owner.user.name);

    const counter = await detail(t, cashier, code, owner.store.urlName);
    expect(counter.status, counter.text).toBe(200);
    expect(counter.body).toEqual({ account: { ...full.body.account, customer: null }, entries: [] });
    await expectStoredValueConsistent(t, owner.store.id);
  });

  it('answers a member code with their store credit, and 404 in the error shape for no card', async () => {
    const customer = await createCustomer(t, owner);
    const credit = await insertStoreCredit(t, owner, customer.id, 1200);
    const byMember = await detail(t, owner, customer.code.toLowerCase());
    expect(byMember.status, byMember.text).toBe(200);
    expect(byMember.body.account).toMatchObject({
      kind: 'STORE_CREDIT',
      code: credit,
      balance: 1200,
      customer: { id: customer.id, code: customer.code, name: customer.name },
    });
    const stranger = await createCustomer(t, owner);
    for (const missing of ['1234567890123456', stranger.code]) {
      const res = await detail(t, owner, missing);
      expect(res.status, res.text).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
    }
    const bad = await detail(t, owner, 'short');
    expect(bad.status, bad.text).toBe(400);
    await expectStoredValueConsistent(t, owner.store.id);
  });

  it('blocks and unblocks with one entry each, audited; blocking a blocked card adds nothing; a blocked card cannot pay', async () => {
    const code = await sellGiftCard(t, owner, 3000);
    const blocked = await post(t, owner, `${code}/block`, { blocked: true, reason: 'Lost by customer' });
    expect(blocked.status, blocked.text).toBe(200);
    expect(blocked.body.account.status).toBe('BLOCKED');
    expect(blocked.body.entries[0]).toMatchObject({
      kind: 'BLOCK',
      amount: 0,
      balanceAfter: 3000,
      note: 'Lost by customer',
    });
    const again = await post(t, owner, `${code}/block`, { blocked: true, reason: 'Twice' });
    expect(again.status, again.text).toBe(200);
    expect(again.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['BLOCK', 'ISSUE']);

    const pay = await t.request('POST', '/api/secure/shop/transaction', {
      token: owner.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ name: 'Tea', unitPrice: 500, quantity: 1 }],
        payments: [{ method: 'STORED_VALUE', currency: 'USD', amount: 500, cardCode: code }],
      },
    });
    expect(pay.status, pay.text).toBe(409);
    expect(pay.body.code).toBe('CARD_UNAVAILABLE');

    const open = await post(t, owner, `${code}/block`, { blocked: false, reason: 'Found' });
    expect(open.body.account.status).toBe('ACTIVE');
    expect(open.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['UNBLOCK', 'BLOCK', 'ISSUE']);
    expect(await auditActions(t, owner.store.id, code)).toEqual([
      ['CARD_BLOCK', 'Lost by customer', null],
      ['CARD_UNBLOCK', 'Found', null],
    ]);
    const cashierTry = await t.request('POST', `/api/secure/stored-value/code/${code}/block`, {
      token: cashier.token,
      headers: { 'x-store': owner.store.urlName },
      body: { blocked: true, reason: 'No' },
    });
    expect(cashierTry.status, cashierTry.text).toBe(403);
    await expectStoredValueConsistent(t, owner.store.id);
  });

  it('adjusts never below zero, writes once per clientId, audits, and moves no cash', async () => {
    const code = await sellGiftCard(t, owner, 1000);
    const cashBefore = await t.db
      .selectFrom('shop_tenders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', owner.store.id)
      .executeTakeFirstOrThrow();
    const under = await post(t, owner, `${code}/adjust`, { clientId: randomUUID(), amount: -1001, reason: 'Too much' });
    expect(under.status, under.text).toBe(409);
    expect(under.body).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(under.body.message).toMatch(/below zero/);

    const body = { clientId: randomUUID(), amount: -400, reason: 'Double charged at sale' };
    const first = await post(t, owner, `${code}/adjust`, body);
    expect(first.status, first.text).toBe(200);
    expect(first.body.account.balance).toBe(600);
    expect(first.body.entries[0]).toMatchObject({ kind: 'ADJUST', amount: -400, balanceAfter: 600, note: body.reason });
    const repeats = await Promise.all([1, 2, 3].map(() => post(t, owner, `${code}/adjust`, body)));
    for (const r of repeats) {
      expect(r.status, r.text).toBe(200);
      expect(r.body.account.balance).toBe(600);
    }
    const reused = await post(t, owner, `${code}/adjust`, { ...body, amount: -300 });
    expect(reused.status, reused.text).toBe(409);
    expect(reused.body.code).toBe('CLIENT_ID_REUSED');

    const now = await detail(t, owner, code);
    expect(now.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['ADJUST', 'ISSUE']);
    expect(await auditActions(t, owner.store.id, code)).toEqual([['CARD_ADJUST', '-400 Double charged at sale', -400]]);
    const cashAfter = await t.db
      .selectFrom('shop_tenders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', owner.store.id)
      .executeTakeFirstOrThrow();
    expect(Number(cashAfter.n)).toBe(Number(cashBefore.n));
    await expectStoredValueConsistent(t, owner.store.id);
  });

  it("shows a customer's store credit: the balance to a seller, the entries with REPORTS", async () => {
    const customer = await createCustomer(t, owner);
    const none = await t.request('GET', `/api/secure/stored-value/customer/${customer.id}`, { token: owner.token });
    expect(none.status, none.text).toBe(200);
    expect(none.body).toEqual({ account: null, entries: [] });
    await insertStoreCredit(t, owner, customer.id, 700);
    const full = await t.request('GET', `/api/secure/stored-value/customer/${customer.id}`, { token: owner.token });
    expect(full.body.account).toMatchObject({ kind: 'STORE_CREDIT', balance: 700 });
    expect(full.body.entries).toMatchObject([{ kind: 'REFUND', amount: 700 }]);
    const seller = await t.request('GET', `/api/secure/stored-value/customer/${customer.id}`, {
      token: cashier.token,
      headers: { 'x-store': owner.store.urlName },
    });
    expect(seller.status, seller.text).toBe(200);
    expect(seller.body).toMatchObject({ account: { balance: 700, customer: null }, entries: [] });
    const missing = await t.request('GET', `/api/secure/stored-value/customer/${randomUUID()}`, { token: owner.token });
    expect(missing.status).toBe(404);
    await expectStoredValueConsistent(t, owner.store.id);
  });

  it('keeps the store settings: six-month expiry on by default for yen only, audited when changed', async () => {
    const path = `/api/secure/virtual-store/${owner.store.urlName}/stored-value`;
    const usd = await t.request('GET', path, { token: owner.token });
    expect(usd.body).toEqual({ expireAfterSixMonths: false, usableAt: '', contact: '' });
    const yen = await createUser(t, { mainCurrency: 'JPY', secondCurrency: null, timezone: 'Asia/Tokyo' });
    const jp = await t.request('GET', `/api/secure/virtual-store/${yen.store.urlName}/stored-value`, {
      token: yen.token,
    });
    expect(jp.body.expireAfterSixMonths).toBe(true);
    const body = { expireAfterSixMonths: true, usableAt: 'Corner Shop, Main St', contact: 'hello@example.com' };
    const put = await t.request('PUT', path, { token: owner.token, body });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual(body);
    expect((await t.request('GET', path, { token: owner.token })).body).toEqual(body);
    // The next card sold follows it: six months less a day.
    const code = await sellGiftCard(t, owner, 500);
    const sold = await detail(t, owner, code);
    expect(sold.body.account.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const off = await t.request('PUT', path, { token: owner.token, body: { ...body, expireAfterSixMonths: false } });
    expect(off.body.expireAfterSixMonths).toBe(false);
    const cashierPut = await t.request('PUT', path, { token: cashier.token, body });
    expect(cashierPut.status).toBe(403);
    const events = await t.db
      .selectFrom('audit_events')
      .select('summary')
      .where('store_id', '=', owner.store.id)
      .where('action', '=', 'STORED_VALUE_SETTINGS')
      .execute();
    expect(events.map((e) => e.summary).sort()).toEqual(['0', '1']);
  });
});

describe.each(engines)('card lookups on %s', (engine) => {
  const t = useTestApp(engine);

  it('are rate limited per member: a code is a bearer secret', async () => {
    const u = await createUser(t);
    const code = await sellGiftCard(t, u, 100);
    let limited = 0;
    for (let i = 0; i < 61; i++) {
      const res = await detail(t, u, i % 2 === 0 ? code : '1234567890123456');
      if (res.status === 429) limited++;
    }
    expect(limited).toBe(1);
    const res = await detail(t, u, code);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(res.headers.get('retry-after')).toBeTruthy();
    t.clock.advance(61_000);
    expect((await detail(t, u, code)).status).toBe(200);
  });
});
