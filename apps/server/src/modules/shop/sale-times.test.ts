import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ShiftReport, ShopTransaction } from '@shopdesk/shared';
import { DAY, HOUR, MINUTE } from '../../lib/clock.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';

/**
 * A sale made offline keeps the device's time of the sale (soldAt) for its day, hour, receipt and
 * shift, while the server keeps its own receive time (createdAt); a time that cannot be a queued
 * sale is refused with SOLD_AT_OUT_OF_RANGE; the rate the counter showed is the rate the sale is
 * converted at, when plausible.
 */

const cash = (currency: string, amount: number) => ({ method: 'CASH', currency, amount });

function sell(t: TestApp, u: TestUser, body: Record<string, unknown>) {
  return t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
    token: u.token,
    body: {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ name: 'Tea', unitPrice: 500, quantity: 1 }],
      payment: cash('USD', 500),
      ...body,
    },
  });
}

// The shift calls a till makes (modules are used through their HTTP API here).
async function enableShifts(t: TestApp, u: TestUser) {
  const res = await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}/sale-settings`, {
    token: u.token,
    body: { taxMode: 'NONE', defaultTaxRate: 0, cashRounding: 0, shiftsEnabled: true },
  });
  expect(res.status, res.text).toBe(200);
}
const openShift = (t: TestApp, u: TestUser, float: { currency: string; amount: number }[]) =>
  t.request('POST', '/api/secure/shop/shift', { token: u.token, body: { float } });
const closeShift = (t: TestApp, u: TestUser, id: string, counts: unknown) =>
  t.request('POST', `/api/secure/shop/shift/${id}/close`, { token: u.token, body: { counts } });
const readShift = (t: TestApp, u: TestUser, id: string) =>
  t.request('GET', `/api/secure/shop/shift/${id}`, { token: u.token });

async function inUtc(t: TestApp, u: TestUser) {
  const res = await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}`, {
    token: u.token,
    body: { name: u.store.name, mainCurrency: 'USD', secondCurrency: 'JPY', timezone: 'UTC', address: '', phone: '' },
  });
  expect(res.status, res.text).toBe(200);
}

describe.each(engines)('sale times on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  let start: number;
  beforeAll(async () => {
    u = await createUser(t);
    await inUtc(t, u);
    start = t.clock.now().getTime();
  });
  afterEach(() => {
    t.clock.advance(start - t.clock.now().getTime());
  });

  /** Sets the server's clock to `at`. */
  const setClock = (at: Date) => t.clock.advance(at.getTime() - t.clock.now().getTime());

  it("keeps the device's sale time: a sale sold before midnight and synced after stays on its day and hour", async () => {
    const now = t.clock.now();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    setClock(new Date(midnight + 104_000)); // synced at 00:01:44
    const soldAt = new Date(midnight - 4_000).toISOString(); // sold at 23:59:56 the day before
    const res = await sell(t, u, { soldAt });
    expect(res.status, res.text).toBe(201);
    expect(res.body.soldAt).toBe(soldAt);
    expect(res.body.completedAt).toBe(soldAt);
    expect(res.body.createdAt).toBe(new Date(midnight + 104_000).toISOString());

    const read = await t.request<ShopTransaction>('GET', `/api/secure/shop/transaction/${res.body.code}`, {
      token: u.token,
    });
    expect(read.body.soldAt).toBe(soldAt);
    const day = (offset: number) => new Date(midnight + offset * DAY).toISOString().slice(0, 10);
    const listed = async (date: string) =>
      (
        await t.request('GET', `/api/secure/shop/transaction/range/by-date?from=${date}&to=${date}`, {
          token: u.token,
        })
      ).body.items.map((s: { code: string; soldAt: string }) => [s.code, s.soldAt]);
    expect(await listed(day(-1))).toContainEqual([res.body.code, soldAt]);
    expect(await listed(day(0))).not.toContainEqual([res.body.code, soldAt]);

    const stats = await t.request(
      'GET',
      `/api/secure/shop/statistic/search/window/0/100?from=${day(-1)}&to=${day(0)}&groupBy=hour`,
      { token: u.token },
    );
    expect(stats.status, stats.text).toBe(200);
    const periods = stats.body.items.map((s: { period: string; transactionCount: number }) => [
      s.period,
      s.transactionCount,
    ]);
    expect(periods).toContainEqual([`${day(-1)}T23`, 1]);
    expect(periods.find(([p]: [string]) => p === `${day(0)}T00`)).toBeUndefined();
  });

  it('refuses a sale time too far ahead of the clock or older than the queue keeps sales, and writes nothing', async () => {
    const now = t.clock.now().getTime();
    const clientId = randomUUID();
    const ahead = await sell(t, u, { clientId, soldAt: new Date(now + 6 * MINUTE).toISOString() });
    expect(ahead.status, ahead.text).toBe(400);
    expect(ahead.body).toMatchObject({ code: 'SOLD_AT_OUT_OF_RANGE', details: [{ field: 'soldAt' }] });
    const old = await sell(t, u, { soldAt: new Date(now - 31 * DAY).toISOString() });
    expect(old.status, old.text).toBe(400);
    expect(old.body.code).toBe('SOLD_AT_OUT_OF_RANGE');
    // Nothing was stored under the refused clientId: sent with a time within bounds, it is a new sale.
    const skewed = await sell(t, u, { clientId, soldAt: new Date(now + 4 * MINUTE).toISOString() });
    expect(skewed.status, skewed.text).toBe(201);
    const late = await sell(t, u, { soldAt: new Date(now - 29 * DAY).toISOString() });
    expect(late.status, late.text).toBe(201);
  });

  it('converts a second-currency tender at the rate the counter showed when plausible, refuses one that is not', async () => {
    await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}/exchange-rate`, {
      token: u.token,
      body: { rate: '150' },
    });
    const shown = { rate: '148', date: '2026-01-05', source: 'MANUAL' };
    const res = await sell(t, u, { payment: cash('JPY', 800), rate: shown });
    expect(res.status, res.text).toBe(201);
    // $5.00 at 148 yen is 740 yen: 60 yen change, converted back at the same rate.
    expect(res.body.rate).toEqual({ base: 'USD', quote: 'JPY', ...shown });
    expect(res.body.payments[0]).toMatchObject({ amount: 800, applied: 500, change: 60 });

    const wild = await sell(t, u, { payment: cash('JPY', 800), rate: { ...shown, rate: '1.48' } });
    expect(wild.status, wild.text).toBe(400);
    expect(wild.body).toMatchObject({ code: 'RATE_IMPLAUSIBLE', details: [{ field: 'rate.rate' }] });
  });

  it('a sale synced into a later shift counts there as late; the closed Z report does not change', async () => {
    const shifts = await createUser(t);
    await inUtc(t, shifts);
    await enableShifts(t, shifts);
    const first = (await openShift(t, shifts, [{ currency: 'USD', amount: 0 }])).body as ShiftReport;
    const soldDuringFirst = new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString();
    t.clock.advance(20 * MINUTE);
    expect((await sell(t, shifts, {})).status).toBe(201);
    const noCount = [
      { currency: 'USD', denominations: [] },
      { currency: 'JPY', denominations: [] },
    ];
    const z = await closeShift(t, shifts, first.id, noCount);
    expect(z.status, z.text).toBe(200);
    t.clock.advance(HOUR);
    const second = (await openShift(t, shifts, [{ currency: 'USD', amount: 0 }])).body as ShiftReport;

    // The device sold this during the first shift, offline, and syncs it now.
    const synced = await sell(t, shifts, { soldAt: soldDuringFirst });
    expect(synced.status, synced.text).toBe(201);
    expect(synced.body.soldAt).toBe(soldDuringFirst);
    const onTime = await sell(t, shifts, {});
    expect(onTime.status).toBe(201);

    const x = (await readShift(t, shifts, second.id)).body as ShiftReport;
    expect(x).toMatchObject({ salesCount: 2, salesTotal: 1000, lateSalesCount: 1, lateSalesTotal: 500 });
    const closed = (await readShift(t, shifts, first.id)).body as ShiftReport;
    expect(closed).toMatchObject({ status: 'CLOSED', salesCount: 1, salesTotal: 500, lateSalesCount: 0 });
    expect(closed).toEqual(z.body);
  });
});
