/* eslint-disable @typescript-eslint/no-explicit-any -- test responses are checked field by field */
import { randomUUID } from 'node:crypto';
import type { AuditEvent } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, expectFieldErrors, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { productBody } from '../../test/products.ts';
import { approveOn, makeTill, onTill, setOwnPin, unlockOn } from '../../test/till-world.ts';
import { recordAudit } from './index.ts';

/*
 * The audit log: each write records who made it, in its own transaction; the log lists them with
 * sales (read from the sales themselves), filtered by member, action and date, paged, for REPORTS
 * only.
 */
/** A member's point redemptions (issue 42): none in these stores. */
const noPoints = { pointsRedemptions: 0, pointsRedeemed: 0, pointsDiscount: 0 };

describe.each(engines)('audit log on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let manager: TestUser;
  let cashier: TestUser;
  let stranger: TestUser;
  let saleCode: string;

  const as = (u: TestUser) => ({ token: u.token, headers: { 'x-store': owner.store.urlName } });
  const log = (u: TestUser, query: Record<string, string> = {}, page = 0, size = 50) =>
    t.request(
      'GET',
      `/api/secure/virtual-store/${owner.store.urlName}/audit/window/${page}/${size}?${new URLSearchParams(query)}`,
      as(u),
    );
  const sale = (u: TestUser, unitPrice: number) =>
    t.request('POST', '/api/secure/shop/transaction', {
      ...as(u),
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ name: 'Tea', unitPrice, quantity: 1 }],
        payment: { method: 'CASH', currency: 'USD', amount: unitPrice },
      },
    });

  beforeAll(async () => {
    [owner, manager, cashier, stranger] = [
      await createUser(t, { name: 'Olive Owner' }),
      await createUser(t, { name: 'Mona Manager' }),
      await createUser(t, { name: 'Cass Cashier' }),
      await createUser(t),
    ];
    await addMember(t, owner.store, manager, 'MANAGER');
    await addMember(t, owner.store, cashier, 'CASHIER');

    const settings = await t.request('PUT', `/api/secure/virtual-store/${owner.store.urlName}/sale-settings`, {
      token: owner.token,
      body: { taxMode: 'NONE', defaultTaxRate: 0, cashRounding: 0 },
    });
    expect(settings.status, settings.text).toBe(200);
    // A minute between writes: the log is ordered by time.
    const later = () => t.clock.advance(60_000);
    later();
    const product = await t.request('POST', '/api/secure/product', {
      ...as(owner),
      body: productBody({ code: 'AUDIT-1', name: 'Audit Tea', quantity: 3 }),
    });
    expect(product.status, product.text).toBe(201);
    later();
    const adjusted = await t.request('POST', '/api/secure/product/code/AUDIT-1/adjust', {
      ...as(owner),
      body: { delta: -1, adjustmentReason: 'DAMAGED' },
    });
    expect(adjusted.status, adjusted.text).toBe(200);
    later();
    const sold = await sale(owner, 500);
    expect(sold.status, sold.text).toBe(201);
    saleCode = sold.body.code;
    // The owner's sale is handed to the cashier, as if they had rung it up: the log reads who made
    // a sale from the sale itself.
    await t.db
      .updateTable('shop_transactions')
      .set({ user_id: cashier.user.userId })
      .where('code', '=', saleCode)
      .execute();
    later();
    expect((await sale(owner, 300)).status).toBe(201);
    later();
    const refunded = await t.request('POST', `/api/secure/shop/transaction/${saleCode}/refund`, {
      ...as(owner),
      body: { clientId: randomUUID() },
    });
    expect(refunded.status, refunded.text).toBe(201);
    later();
    // What the members module records (invite, edit, remove) through the exported recordAudit.
    await recordAudit(
      t.db,
      { userId: manager.user.userId, store: owner.store },
      {
        action: 'MEMBER_EDIT',
        entity: 'MEMBER',
        entityCode: cashier.user.userId,
        summary: 'Cass Cashier CASHIER',
        at: t.clock.now(),
      },
    );
  });

  it('lists who did what, newest first, with names and amounts', async () => {
    const res = await log(owner);
    expect(res.status, res.text).toBe(200);
    const items = res.body.items as AuditEvent[];
    expect(items.map((e) => [e.action, e.userName])).toEqual([
      ['MEMBER_EDIT', 'Mona Manager'],
      ['REFUND', 'Olive Owner'],
      ['SALE', 'Olive Owner'],
      ['SALE', 'Cass Cashier'],
      ['STOCK_ADJUST', 'Olive Owner'],
      ['PRODUCT_CREATE', 'Olive Owner'],
      ['SALE_SETTINGS', 'Olive Owner'],
    ]);
    expect(res.body.total).toBe(7);
    const refund = items[1]!;
    expect(refund).toMatchObject({ entity: 'REFUND', entityCode: saleCode, amount: 500, approvedBy: null });
    expect(items[3]).toMatchObject({ entity: 'SALE', entityCode: saleCode, amount: 500, summary: 'Tea' });
    expect(items[4]).toMatchObject({ entityCode: 'AUDIT-1', summary: 'Audit Tea -1 DAMAGED' });
    expect(items.every((e) => e.storeId === owner.store.id)).toBe(true);
  });

  it('filters by member, by action and by date, and pages', async () => {
    const byManager = await log(owner, { userId: manager.user.userId });
    expect(byManager.body.items.map((e: AuditEvent) => e.action)).toEqual(['MEMBER_EDIT']);
    const byOwner = await log(owner, { userId: owner.user.userId });
    expect(byOwner.body.items.map((e: AuditEvent) => e.action)).toEqual([
      'REFUND',
      'SALE',
      'STOCK_ADJUST',
      'PRODUCT_CREATE',
      'SALE_SETTINGS',
    ]);
    const sales = await log(owner, { action: 'SALE' });
    expect(sales.body.total).toBe(2);
    const cashierSales = await log(owner, { action: 'SALE', userId: cashier.user.userId });
    expect(cashierSales.body.items.map((e: AuditEvent) => e.entityCode)).toEqual([saleCode]);
    const refunds = await log(owner, { action: 'REFUND' });
    expect(refunds.body.total).toBe(1);

    const today = t.clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect((await log(owner, { from: today, to: today })).body.total).toBe(7);
    expect((await log(owner, { from: tomorrow })).body.total).toBe(0);
    expect((await log(owner, { to: '2020-01-01' })).body.total).toBe(0);

    const first = await log(owner, {}, 0, 4);
    const second = await log(owner, {}, 1, 4);
    expect(first.body.items).toHaveLength(4);
    expect(second.body.items).toHaveLength(3);
    expect(second.body.total).toBe(7);
    const ids = [...first.body.items, ...second.body.items].map((e: AuditEvent) => e.id);
    expect(new Set(ids).size).toBe(7);
  });

  it('filters the transactions list by member', async () => {
    const month = t.clock.now().toISOString().slice(0, 7);
    const list = (query: Record<string, string>) =>
      t.request(
        'GET',
        `/api/secure/shop/transaction/range/by-month?${new URLSearchParams({ month, ...query })}`,
        as(owner),
      );
    const all = await list({});
    expect(all.status, all.text).toBe(200);
    expect(all.body.total).toBe(2);
    const cashiers = await list({ userId: cashier.user.userId });
    expect(cashiers.body.items.map((s: any) => s.code)).toEqual([saleCode]);
    expect((await list({ userId: manager.user.userId })).body.total).toBe(0);
    expectFieldErrors(await list({ userId: 'someone' }), ['userId']);
  });

  it("reports each member's sales, refunds and discounts for a period", async () => {
    const day = t.clock.now().toISOString().slice(0, 10);
    const report = (from: string, to: string) =>
      t.request('GET', `/api/secure/shop/statistic/by-member?from=${from}&to=${to}`, as(owner));
    const res = await report(day, day);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      {
        userId: cashier.user.userId,
        name: 'Cass Cashier',
        salesCount: 1,
        salesTotal: 500,
        refundsCount: 0,
        refundsTotal: 0,
        discountsTotal: 0,
        approvalsReceived: 0,
        approvalsGiven: 0,
        ...noPoints,
      },
      {
        userId: owner.user.userId,
        name: 'Olive Owner',
        salesCount: 1,
        salesTotal: 300,
        refundsCount: 1,
        refundsTotal: 500,
        discountsTotal: 0,
        approvalsReceived: 0,
        approvalsGiven: 0,
        ...noPoints,
      },
    ]);
    expect((await report('2020-01-01', '2020-01-31')).body).toEqual([]);
    expectFieldErrors(await report(day, '2020-01-01'), ['to']);
  });

  it('counts approvals on a till: received from another member, given to another, never one’s own', async () => {
    // The next day, so the figures above stay apart.
    t.clock.advance(86_400_000);
    const day = t.clock.now().toISOString().slice(0, 10);
    const PIN = { owner: '909090', manager: '246810', cashier: '135790' };
    await setOwnPin(t, owner, owner, PIN.owner);
    await setOwnPin(t, owner, manager, PIN.manager);
    await setOwnPin(t, owner, cashier, PIN.cashier);
    const till = await makeTill(t, owner);
    const asCashier = await unlockOn(t, till, cashier, PIN.cashier);
    const asManager = await unlockOn(t, till, manager, PIN.manager);
    const tillSale = (member: string, extra: Record<string, unknown>) =>
      onTill(t, till, 'POST', '/api/secure/shop/transaction', member, {
        body: {
          clientId: randomUUID(),
          status: 'COMPLETED',
          lines: [{ name: 'Tea', unitPrice: 1000, quantity: 1 }],
          payment: { method: 'CASH', currency: 'USD', amount: 1000 },
          ...extra,
        },
      });
    // A discount above the cashier's maximum (of an open-price line), approved by the manager.
    const saleId = randomUUID();
    const discounted = await tillSale(asCashier, {
      clientId: saleId,
      discount: { kind: 'PERCENT', basisPoints: 2000 },
      payment: { method: 'CASH', currency: 'USD', amount: 800 },
      approval: await approveOn(t, till, manager, PIN.manager, 'DISCOUNT', saleId),
    });
    expect(discounted.status, discounted.text).toBe(201);
    // A refund the cashier may not make, approved by the owner.
    const refundId = randomUUID();
    const refunded = await onTill(
      t,
      till,
      'POST',
      `/api/secure/shop/transaction/${discounted.body.code}/refund`,
      asCashier,
      {
        body: { clientId: refundId, approval: await approveOn(t, till, owner, PIN.owner, 'REFUND', refundId) },
      },
    );
    expect(refunded.status, refunded.text).toBe(201);
    // The manager's own sale needs no approval and records none.
    const own = await tillSale(asManager, {
      lines: [{ name: 'Tea', unitPrice: 300, quantity: 1 }],
      payment: { method: 'CASH', currency: 'USD', amount: 300 },
    });
    expect(own.status, own.text).toBe(201);

    const res = await t.request('GET', `/api/secure/shop/statistic/by-member?from=${day}&to=${day}`, as(owner));
    expect(res.status, res.text).toBe(200);
    const zero = { salesCount: 0, salesTotal: 0, refundsCount: 0, refundsTotal: 0, discountsTotal: 0 };
    expect(res.body).toEqual([
      {
        userId: cashier.user.userId,
        name: 'Cass Cashier',
        salesCount: 1,
        salesTotal: 800,
        refundsCount: 1,
        refundsTotal: 800,
        discountsTotal: 200,
        approvalsReceived: 2,
        approvalsGiven: 0,
        ...noPoints,
      },
      {
        userId: manager.user.userId,
        name: 'Mona Manager',
        ...zero,
        salesCount: 1,
        salesTotal: 300,
        approvalsReceived: 0,
        approvalsGiven: 1,
        ...noPoints,
      },
      // The owner only approved: listed, with no sales.
      { userId: owner.user.userId, name: 'Olive Owner', ...zero, approvalsReceived: 0, approvalsGiven: 1, ...noPoints },
    ]);

    // The log names who approved each: the sale's discount and the refund, both under the cashier.
    const events = await log(owner, { from: day, to: day });
    expect(events.status, events.text).toBe(200);
    const shown = (events.body.items as AuditEvent[]).map((e) => [e.action, e.userName, e.approvedByName]);
    expect(shown).toEqual(
      expect.arrayContaining([
        ['SALE', 'Cass Cashier', 'Mona Manager'],
        ['REFUND', 'Cass Cashier', 'Olive Owner'],
        ['SALE', 'Mona Manager', null],
      ]),
    );
  });

  it('refuses bad filters with 400 naming them', async () => {
    expectFieldErrors(await log(owner, { action: 'NOPE' }), ['action']);
    expectFieldErrors(await log(owner, { userId: 'x' }), ['userId']);
    expectFieldErrors(await log(owner, { from: '2026-02-30' }), ['from']);
    expectFieldErrors(await log(owner, { from: '2026-03-02', to: '2026-03-01' }), ['to']);
  });

  it('is for REPORTS: a cashier gets 403, a stranger 404', async () => {
    const refused = await log(cashier);
    expect(refused.status).toBe(403);
    expect(refused.body.details).toEqual([{ field: 'permission', message: 'REPORTS' }]);
    await t.db
      .updateTable('store_members')
      .set({ permissions: JSON.stringify(['REPORTS']) })
      .where('store_id', '=', owner.store.id)
      .where('user_id', '=', cashier.user.userId)
      .execute();
    expect((await log(cashier)).status).toBe(200);
    expect((await log(manager)).status).toBe(200);
    expect((await log(stranger)).status).toBe(404);
  });

  it('lists the people of the member filter, a removed member included', async () => {
    await t.db
      .deleteFrom('store_members')
      .where('store_id', '=', owner.store.id)
      .where('user_id', '=', cashier.user.userId)
      .execute();
    const people = await t.request('GET', `/api/secure/virtual-store/${owner.store.urlName}/audit/people`, as(owner));
    expect(people.status, people.text).toBe(200);
    expect(people.body.map((p: any) => p.name)).toEqual(['Cass Cashier', 'Mona Manager', 'Olive Owner']);
    // What a removed member did keeps their name.
    const sales = await log(owner, { userId: cashier.user.userId });
    expect(sales.body.items[0].userName).toBe('Cass Cashier');
  });

  it('records nothing for a write that was refused', async () => {
    const before = (await log(owner)).body.total;
    const taken = await t.request('POST', '/api/secure/product', {
      ...as(owner),
      body: productBody({ code: 'AUDIT-1' }),
    });
    expect(taken.status).toBe(409);
    expect((await log(owner)).body.total).toBe(before);
  });
});
