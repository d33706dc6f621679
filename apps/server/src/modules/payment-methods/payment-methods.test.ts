import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod, ShiftReport, ShopTransaction, StatisticSummary } from '@shopdesk/shared';
import { createUser, expectFieldErrors, type TestUser } from '../../test/factories.ts';
import { engines, startTestApp, useTestApp } from '../../test/harness.ts';

/**
 * Named tenders: a store's payment methods, edited as one list; sales, refunds, the statistics and
 * the shift's report by method, with the reference a card or QR payment carries.
 */
describe.each(engines)('payment methods on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t, { mainCurrency: 'JPY', secondCurrency: null });
  });

  const path = () => `/api/secure/virtual-store/${u.store.urlName}/payment-methods`;
  const get = async () => {
    const res = await t.request<PaymentMethod[]>('GET', path(), { token: u.token });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const put = (methods: unknown[]) => t.request<PaymentMethod[]>('PUT', path(), { token: u.token, body: { methods } });
  const sell = (payments: unknown[], price = 1000) =>
    t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: u.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ name: 'Bento', unitPrice: price, quantity: 1 }],
        payments,
      },
    });

  it("starts a yen store with Japan's usual methods, each with its default name as id", async () => {
    const methods = await get();
    expect(methods.map((m) => [m.id, m.name, m.defaultName, m.kind, m.enabled])).toEqual([
      ['CASH', null, 'CASH', 'CASH', true],
      ['CREDIT_CARD', null, 'CREDIT_CARD', 'CARD', true],
      ['PAYPAY', null, 'PAYPAY', 'QR_CODE', true],
      ['IC_CARD', null, 'IC_CARD', 'E_MONEY', true],
      ['OTHER_QR', null, 'OTHER_QR', 'QR_CODE', true],
    ]);
  });

  it('stores a PayPay tender with its reference and a split across methods, and shows both on the sale', async () => {
    const res = await sell([
      { method: 'OTHER', methodId: 'PAYPAY', currency: 'JPY', amount: 600, reference: 'PP-0042-7781' },
      { method: 'CASH', methodId: 'CASH', currency: 'JPY', amount: 500 },
    ]);
    expect(res.status, res.text).toBe(201);
    expect(res.body.payments).toMatchObject([
      {
        methodId: 'PAYPAY',
        methodDefaultName: 'PAYPAY',
        methodKind: 'QR_CODE',
        reference: 'PP-0042-7781',
        applied: 600,
      },
      { methodId: 'CASH', methodKind: 'CASH', reference: null, applied: 400, change: 100 },
    ]);
    const read = await t.request<ShopTransaction>('GET', `/api/secure/shop/transaction/${res.body.code}`, {
      token: u.token,
    });
    expect(read.body.payments).toEqual(res.body.payments);
  });

  it('takes a tender without methodId as the store’s first method of its kind (older clients)', async () => {
    const res = await sell([{ method: 'CARD', currency: 'JPY', amount: 1000 }]);
    expect(res.status, res.text).toBe(201);
    expect(res.body.payments[0]).toMatchObject({ method: 'CARD', methodId: 'CREDIT_CARD', methodKind: 'CARD' });
  });

  it('refuses an unknown method and a method sent with the wrong kind, naming the field', async () => {
    expectFieldErrors(await sell([{ method: 'CARD', methodId: 'NOPE', currency: 'JPY', amount: 1000 }]), [
      'payments.0.methodId',
    ]);
    expectFieldErrors(await sell([{ method: 'CASH', methodId: 'PAYPAY', currency: 'JPY', amount: 1000 }]), [
      'payments.0.method',
    ]);
  });

  it('replaces the list: renames, reorders, disables and adds; refuses two cash methods, none, or one name twice', async () => {
    const methods = await get();
    const [cash, credit, paypay, ic, otherQr] = methods;
    const saved = await put([
      { ...cash, position: 0 },
      { ...paypay, position: 1 },
      { ...credit, name: 'Card (terminal)', position: 2 },
      { ...ic, enabled: false, position: 3 },
      { ...otherQr, position: 4 },
      {
        name: 'Gift voucher',
        defaultName: null,
        kind: 'VOUCHER',
        needsReference: true,
        opensDrawer: false,
        enabled: true,
        position: 5,
      },
    ]);
    expect(saved.status, saved.text).toBe(200);
    const list = await get();
    expect(list.map((m) => m.name ?? m.defaultName)).toEqual([
      'CASH',
      'PAYPAY',
      'Card (terminal)',
      'IC_CARD',
      'OTHER_QR',
      'Gift voucher',
    ]);
    expect(list[3]?.enabled).toBe(false);
    expect(list[5]?.id).toMatch(/^[0-9a-f-]{36}$/);

    for (const bad of [
      [{ ...cash }, { ...cash, id: undefined, name: 'Till 2' }],
      [{ ...credit }],
      [{ ...cash }, { ...credit, name: 'Cash' }],
      [{ ...cash, enabled: false }],
    ]) {
      const res = await put(bad);
      expect(res.status, res.text).toBe(400);
      expect((res.body as unknown as { code: string }).code).toBe('VALIDATION_ERROR');
    }
    expectFieldErrors(await put([{ ...cash }, { ...credit, id: 'not-ours' }]), ['methods.1.id']);
    expect((await get()).length).toBe(6);
  });

  it('keeps a sale’s method as it was paid after the method is renamed or taken off the list', async () => {
    const voucher = (await get()).find((m) => m.name === 'Gift voucher')!;
    const sale = await sell([
      { method: 'OTHER', methodId: voucher.id, currency: 'JPY', amount: 1000, reference: 'GV-9' },
    ]);
    expect(sale.status, sale.text).toBe(201);
    const rest = (await get()).filter((m) => m.id !== voucher.id);
    expect((await put(rest)).status).toBe(200);
    const read = await t.request<ShopTransaction>('GET', `/api/secure/shop/transaction/${sale.body.code}`, {
      token: u.token,
    });
    expect(read.body.payments[0]).toMatchObject({
      methodId: voucher.id,
      methodName: 'Gift voucher',
      reference: 'GV-9',
    });
    // A device that cached the method before it went off the list still syncs its sale.
    const offline = await sell([{ method: 'OTHER', methodId: voucher.id, currency: 'JPY', amount: 1000 }]);
    expect(offline.status, offline.text).toBe(201);
  });

  it('refunds to the method the sale was paid with, or to a named one', async () => {
    const sale = await sell([
      { method: 'OTHER', methodId: 'PAYPAY', currency: 'JPY', amount: 1000, reference: 'PP-1' },
    ]);
    const refunded = await t.request<ShopTransaction>('POST', `/api/secure/shop/transaction/${sale.body.code}/refund`, {
      token: u.token,
      body: { clientId: randomUUID() },
    });
    expect(refunded.status, refunded.text).toBe(201);
    expect(refunded.body.refunds[0]?.tenders[0]).toMatchObject({ methodId: 'PAYPAY', applied: 1000 });

    const other = await sell([{ method: 'CASH', methodId: 'CASH', currency: 'JPY', amount: 1000 }]);
    const lineId = other.body.lines[0]!.id;
    const named = await t.request<ShopTransaction>('POST', `/api/secure/shop/transaction/${other.body.code}/refund`, {
      token: u.token,
      body: {
        clientId: randomUUID(),
        lines: [{ lineId, quantity: 1 }],
        tenders: [{ method: 'CARD', methodId: 'CREDIT_CARD', currency: 'JPY', amount: 1000, reference: 'R-77' }],
      },
    });
    expect(named.status, named.text).toBe(201);
    expect(named.body.refunds[0]?.tenders[0]).toMatchObject({ methodId: 'CREDIT_CARD', reference: 'R-77' });
  });

  it('breaks the statistics and the shift report down by method, under the current name', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.request<StatisticSummary>(
      'GET',
      `/api/secure/shop/statistic/summary?from=${today}&to=${today}`,
      { token: u.token },
    );
    expect(res.status, res.text).toBe(200);
    const byId = new Map(res.body.tenders.map((r) => [r.methodId, r]));
    expect(byId.get('PAYPAY')).toMatchObject({
      defaultName: 'PAYPAY',
      kind: 'QR_CODE',
      method: 'OTHER',
      salesCount: 2,
      refundCount: 1,
    });
    expect(byId.get('CREDIT_CARD')).toMatchObject({
      name: 'Card (terminal)',
      method: 'CARD',
      salesCount: 1,
      refundCount: 1,
    });
    const voucher = [...byId.values()].find((r) => r.name === 'Gift voucher');
    expect(voucher).toMatchObject({ kind: 'VOUCHER', salesCount: 2 });

    const settings = await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}/sale-settings`, {
      token: u.token,
      body: { taxMode: 'NONE', defaultTaxRate: 0, cashRounding: 0, shiftsEnabled: true },
    });
    expect(settings.status, settings.text).toBe(200);
    const opened = await t.request<ShiftReport>('POST', '/api/secure/shop/shift', {
      token: u.token,
      body: { float: [{ currency: 'JPY', amount: 0 }] },
    });
    expect(opened.status, opened.text).toBe(201);
    await sell([{ method: 'OTHER', methodId: 'PAYPAY', currency: 'JPY', amount: 700, reference: 'PP-2' }], 700);
    await sell([{ method: 'CASH', methodId: 'CASH', currency: 'JPY', amount: 300 }], 300);
    const shift = await t.request<ShiftReport>('GET', `/api/secure/shop/shift/${opened.body.id}`, { token: u.token });
    expect(shift.status, shift.text).toBe(200);
    // The shift takes the store's sales made while none was open too; in the list's order, the
    // voucher (taken off the list) last, each net of its refunds.
    expect(shift.body.byMethod.map((m) => [m.name ?? m.defaultName, m.amount])).toEqual([
      ['CASH', 400 + 1000 + 300],
      ['PAYPAY', 600 + 1000 - 1000 + 700],
      ['Card (terminal)', 1000 - 1000],
      ['Gift voucher', 2000],
    ]);
  });

  it('names tenders with a change made in this process at once, and with a method another process added', async () => {
    // A process that keeps its copy of the store's methods a minute (a checkout reads only its products).
    const here = await startTestApp(engine, { ...t.databaseEnv, SESSION_CACHE_MS: '60000' });
    const sellHere = (payment: unknown) =>
      here.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
        token: u.token,
        body: {
          clientId: randomUUID(),
          status: 'COMPLETED',
          lines: [{ name: 'Bento', unitPrice: 1000, quantity: 1 }],
          payments: [{ currency: 'JPY', amount: 1000, ...(payment as object) }],
        },
      });
    try {
      expect((await sellHere({ method: 'CASH', methodId: 'CASH' })).status).toBe(201);
      // Added through the other process: this one has not seen it, and reads the store again.
      const ticket = { name: 'Meal ticket', defaultName: null, kind: 'VOUCHER', needsReference: false };
      const added = await put([...(await get()), { ...ticket, opensDrawer: false, enabled: true, position: 99 }]);
      expect(added.status, added.text).toBe(200);
      const id = added.body.find((m) => m.name === 'Meal ticket')!.id;
      const byTicket = await sellHere({ method: 'OTHER', methodId: id });
      expect(byTicket.status, byTicket.text).toBe(201);
      expect(byTicket.body.payments[0]).toMatchObject({
        methodId: id,
        methodName: 'Meal ticket',
        methodKind: 'VOUCHER',
      });
      // Renamed through this process: its next sale names the tender so.
      const renamed = (await get()).map((m) => (m.kind === 'CARD' ? { ...m, name: 'Card (new terminal)' } : m));
      const put2 = await here.request('PUT', path(), { token: u.token, body: { methods: renamed } });
      expect(put2.status, put2.text).toBe(200);
      const byCard = await sellHere({ method: 'CARD' });
      expect(byCard.body.payments[0]).toMatchObject({ methodName: 'Card (new terminal)', methodKind: 'CARD' });
    } finally {
      await here.close();
    }
  });
});
