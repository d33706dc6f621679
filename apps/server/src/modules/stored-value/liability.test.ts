import { randomUUID } from 'node:crypto';
import { sixMonthExpiry } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { expectStoredValueConsistent } from '../../test/ledger.ts';
import { sellGiftCard } from '../../test/stored-value.ts';
import { expireCards } from './index.ts';

/**
 * The liability at a date (Japan's Payment Services Act: the unused balance at each 31 March and
 * 30 September beside the ¥10,000,000 threshold), the period report with breakage, and the daily
 * expiry that moves what is left on a card past its last date into an EXPIRE entry.
 */

const TOKYO_DAY = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

/** Moves the app's clock to `iso`. */
function setClock(t: TestApp, iso: string): void {
  t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
}

describe.each(engines)('stored value liability on %s', (engine) => {
  // Sessions outlive the months the clock moves here.
  const t = useTestApp(engine, { SESSION_DAYS: '3650' });
  const run = () => expireCards({ db: t.db, clock: t.clock, log: t.app.log });
  let u: TestUser;
  let shortLived: string;
  let lasting: string;
  const get = (path: string) => t.request('GET', `/api/secure/stored-value/${path}`, { token: u.token });

  beforeAll(async () => {
    setClock(t, '2026-09-29T03:00:00Z');
    u = await createUser(t, { mainCurrency: 'JPY', secondCurrency: null, timezone: 'Asia/Tokyo' });
    // On by default for a yen store: this card expires six months less a day after today.
    shortLived = await sellGiftCard(t, u, 1_000_000);
    const off = await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}/stored-value`, {
      token: u.token,
      body: { expireAfterSixMonths: false, usableAt: '', contact: '' },
    });
    expect(off.status, off.text).toBe(200);
    setClock(t, '2026-12-05T01:00:00Z');
    lasting = await sellGiftCard(t, u, 7_000_000);
  });

  it('shows unused balances at a date in the store timezone, the threshold and the reference dates', async () => {
    const res = await get('liability?at=2026-12-05');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      at: '2026-12-05',
      currency: 'JPY',
      giftCards: { count: 2, balance: 8_000_000 },
      storeCredit: { count: 0, balance: 0 },
      total: 8_000_000,
      threshold: 10_000_000,
      thresholdBp: 8000,
      warning: true,
      shortLivedTotal: 1_000_000,
    });
    expect(res.body.referenceDates).toEqual([
      { date: '2026-09-30', total: 1_000_000, overThreshold: false },
      { date: '2026-03-31', total: 0, overThreshold: false },
      { date: '2025-09-30', total: 0, overThreshold: false },
      { date: '2025-03-31', total: 0, overThreshold: false },
    ]);
    const before = await get('liability?at=2026-09-28');
    expect(before.body).toMatchObject({ total: 0, warning: false, thresholdBp: 0 });
    const bad = await get('liability?at=2026-02-30');
    expect(bad.status).toBe(400);
  });

  it('has no threshold for a store in another currency', async () => {
    const usd = await createUser(t);
    await sellGiftCard(t, usd, 900_000_000);
    const res = await t.request('GET', '/api/secure/stored-value/liability', { token: usd.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ threshold: null, thresholdBp: 0, warning: false, total: 900_000_000 });
  });

  it('reports a period: sold, redeemed, adjusted, outstanding; then expiry moves the rest to breakage once', async () => {
    const spend = await t.request('POST', '/api/secure/shop/transaction', {
      token: u.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ name: 'Tea', unitPrice: 200_000, quantity: 1 }],
        payments: [{ method: 'STORED_VALUE', currency: 'JPY', amount: 200_000, cardCode: shortLived }],
      },
    });
    expect(spend.status, spend.text).toBe(201);
    const adjust = await t.request('POST', `/api/secure/stored-value/code/${lasting}/adjust`, {
      token: u.token,
      body: { clientId: randomUUID(), amount: -1_000, reason: 'Sold for too much' },
    });
    expect(adjust.status, adjust.text).toBe(200);
    const report = await get('report?from=2026-09-01&to=2026-12-31');
    expect(report.status, report.text).toBe(200);
    expect(report.body).toEqual({
      from: '2026-09-01',
      to: '2026-12-31',
      currency: 'JPY',
      giftCards: {
        soldCount: 2,
        sold: 8_000_000,
        redeemed: 200_000,
        refunded: 0,
        adjusted: -1_000,
        expired: 0,
        outstanding: 7_799_000,
      },
      storeCredit: { issued: 0, spent: 0, adjusted: 0, expired: 0, outstanding: 0 },
    });
    const september = await get('report?from=2026-09-01&to=2026-09-30');
    expect(september.body.giftCards).toMatchObject({ soldCount: 1, sold: 1_000_000, outstanding: 1_000_000 });
    expect((await get('report?from=2026-12-31&to=2026-12-01')).status).toBe(400);
    expect((await get('report?from=2025-01-01&to=2026-12-31')).status).toBe(400);

    // The short-lived card's last day, then the day after it in Tokyo.
    const lastDay = sixMonthExpiry('2026-09-29');
    expect(lastDay).toBe('2027-03-28');
    setClock(t, '2027-03-28T12:00:00Z'); // 21:00 in Tokyo: still its last day
    expect(TOKYO_DAY(t.clock.now().toISOString())).toBe(lastDay);
    expect(await run()).toBe(0);
    setClock(t, '2027-03-28T15:30:00Z'); // 00:30 on the 29th in Tokyo
    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    const card = await get(`code/${shortLived}`);
    expect(card.body.account.balance).toBe(0);
    expect(card.body.entries[0]).toMatchObject({ kind: 'EXPIRE', amount: -800_000, balanceAfter: 0, userName: null });
    expect(card.body.entries[0].at).toBe('2027-03-28T15:00:00.000Z');
    // The liability still counts it on its last day, not on the next.
    expect((await get('liability?at=2027-03-28')).body.giftCards).toEqual({ count: 2, balance: 7_799_000 });
    expect((await get('liability?at=2027-03-29')).body.giftCards).toEqual({ count: 1, balance: 6_999_000 });
    const march = await get('report?from=2027-03-01&to=2027-03-31');
    expect(march.body.giftCards).toMatchObject({ expired: 800_000, outstanding: 6_999_000, sold: 0 });
    const spent = await t.request('POST', '/api/secure/shop/transaction', {
      token: u.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ name: 'Tea', unitPrice: 100, quantity: 1 }],
        payments: [{ method: 'STORED_VALUE', currency: 'JPY', amount: 100, cardCode: shortLived }],
      },
    });
    expect(spent.status, spent.text).toBe(409);
    await expectStoredValueConsistent(t, u.store.id);
  });
});
