import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCustomer } from '../../test/customers.ts';
import { createUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { expectStoredValueConsistent } from '../../test/ledger.ts';
import { insertStoreCredit, sellGiftCard } from '../../test/stored-value.ts';
import { expireCards } from './index.ts';

const DAY_MS = 86_400_000;

/**
 * The daily expiry (product.md §5): what is left on a card past its last date becomes an EXPIRE
 * entry, once per store per business day; store credit without an expiry is never touched; value
 * put back on an expired card later expires on a later run, dated when it was put back.
 */
describe.each(engines)('card expiry on %s', (engine) => {
  // Sessions outlive the months the clock moves here.
  const t = useTestApp(engine, { SESSION_DAYS: '3650' });
  const run = () => expireCards({ db: t.db, clock: t.clock, log: t.app.log });

  it('expires each card once, a day at a time, and leaves credit without an expiry alone', async () => {
    const u = await createUser(t, { mainCurrency: 'JPY', secondCurrency: null, timezone: 'Asia/Tokyo' });
    const cards = [await sellGiftCard(t, u, 1_000), await sellGiftCard(t, u, 2_000), await sellGiftCard(t, u, 3_000)];
    const customer = await createCustomer(t, u);
    await insertStoreCredit(t, u, customer.id, 500);
    t.clock.advance(200 * DAY_MS);
    expect(await run()).toBe(3);
    expect(await run()).toBe(0);
    const get = (code: string) => t.request('GET', `/api/secure/stored-value/code/${code}`, { token: u.token });
    for (const code of cards) expect((await get(code)).body.account.balance).toBe(0);
    expect((await get(customer.code)).body.account.balance).toBe(500);

    // The owner puts value back on an expired card: the next day's run expires it, dated then.
    const put = await t.request('POST', `/api/secure/stored-value/code/${cards[0]}/adjust`, {
      token: u.token,
      body: { clientId: randomUUID(), amount: 400, reason: 'Goodwill' },
    });
    expect(put.status, put.text).toBe(200);
    const putAt = put.body.entries[0].at as string;
    expect(await run()).toBe(0); // this business day is done
    t.clock.advance(DAY_MS);
    expect(await run()).toBe(1);
    const after = await get(cards[0]!);
    expect(after.body.entries[0]).toMatchObject({ kind: 'EXPIRE', amount: -400, balanceAfter: 0, at: putAt });
    const report = await t.request(
      'GET',
      `/api/secure/stored-value/report?from=${after.body.account.expiresAt}&to=${t.clock.now().toISOString().slice(0, 10)}`,
      { token: u.token },
    );
    expect(report.status, report.text).toBe(200);
    expect(report.body.giftCards.expired).toBe(6_400);
    await expectStoredValueConsistent(t, u.store.id);
  });
});
