import { randomUUID } from 'node:crypto';
import type { StoredValueWindow } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, inviteMember, type TestUser } from '../../test/factories.ts';
import { createCustomer } from '../../test/customers.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { expectStoredValueConsistent } from '../../test/ledger.ts';
import { insertStoreCredit, sellGiftCard } from '../../test/stored-value.ts';

/** The card and credit list (REPORTS): by code prefix, by customer, by kind and status, newest first. */
describe.each(engines)('gift card and store credit search on %s', (engine) => {
  const t = useTestApp(engine, { SESSION_DAYS: '3650' });
  let u: TestUser;
  let a: string;
  let b: string;
  let emptied: string;
  let credit: string;
  let hanako: { id: string; code: string };
  const search = (query: Record<string, string>, page = 0, size = 20) =>
    t.request<StoredValueWindow>(
      'GET',
      `/api/secure/stored-value/search/window/${page}/${size}?${new URLSearchParams(query).toString()}`,
      { token: u.token },
    );
  const codes = (w: StoredValueWindow) => w.items.map((i) => i.code);

  beforeAll(async () => {
    u = await createUser(t);
    a = await sellGiftCard(t, u, 1000, { code: 'ABCD1111EEEE2222' });
    t.clock.advance(1000);
    b = await sellGiftCard(t, u, 2000, { code: 'ABCD3333FFFF4444' });
    t.clock.advance(1000);
    emptied = await sellGiftCard(t, u, 300);
    const adjust = await t.request('POST', `/api/secure/stored-value/code/${emptied}/adjust`, {
      token: u.token,
      body: { clientId: randomUUID(), amount: -300, reason: 'Test card' },
    });
    expect(adjust.status, adjust.text).toBe(200);
    const block = await t.request('POST', `/api/secure/stored-value/code/${b}/block`, {
      token: u.token,
      body: { blocked: true, reason: 'Stolen' },
    });
    expect(block.status, block.text).toBe(200);
    hanako = await createCustomer(t, u, { name: 'Hanako Yamada', phone: '090-5555-1234' });
    t.clock.advance(1000);
    credit = await insertStoreCredit(t, u, hanako.id, 800, t.clock.now().toISOString());
  });

  it('lists every card and credit newest first, with the total', async () => {
    const all = await search({});
    expect(all.status, all.text).toBe(200);
    expect(codes(all.body)).toEqual([credit, emptied, b, a]);
    expect(all.body.total).toBe(4);
    const page = await search({}, 1, 3);
    expect(codes(page.body)).toEqual([a]);
    expect(page.body.total).toBe(4);
  });

  it("finds by a code's start as typed, and by a customer's name, phone or member code", async () => {
    expect(codes((await search({ q: 'abcd-3333' })).body)).toEqual([b]);
    expect(codes((await search({ q: 'ABCD' })).body)).toEqual([b, a]);
    for (const q of ['hanako', 'Yamada', '090-5555', '1234', hanako.code]) {
      const res = await search({ q });
      expect(codes(res.body), q).toEqual([credit]);
      expect(res.body.items[0]!.customer).toMatchObject({ id: hanako.id, name: 'Hanako Yamada' });
    }
    expect((await search({ q: 'nobody here' })).body).toMatchObject({ items: [], total: 0 });
  });

  it('filters by kind and status', async () => {
    expect(codes((await search({ kind: 'STORE_CREDIT' })).body)).toEqual([credit]);
    expect(codes((await search({ status: 'BLOCKED' })).body)).toEqual([b]);
    expect(codes((await search({ status: 'EMPTY' })).body)).toEqual([emptied]);
    expect(codes((await search({ status: 'ACTIVE', kind: 'GIFT_CARD' })).body)).toEqual([a]);
    expect((await search({ status: 'EXPIRED' })).body.total).toBe(0);
    expect((await search({ status: 'LOST' })).status).toBe(400);
    await expectStoredValueConsistent(t, u.store.id);
  });

  it('lists expired cards once their last day is past in the store', async () => {
    const jp = await createUser(t, { mainCurrency: 'JPY', secondCurrency: null, timezone: 'Asia/Tokyo' });
    const card = await sellGiftCard(t, jp, 5000);
    const as = { token: jp.token };
    const expired = () => t.request('GET', '/api/secure/stored-value/search/window/0/20?status=EXPIRED', as);
    expect((await expired()).body.total).toBe(0);
    t.clock.advance(200 * 86_400_000);
    const res = await expired();
    expect(res.body.items.map((i: { code: string }) => i.code)).toEqual([card]);
    t.clock.advance(-200 * 86_400_000);
  });

  it('is for REPORTS only', async () => {
    const cashier = await inviteMember(t, u, { role: 'CASHIER' });
    const res = await t.request('GET', '/api/secure/stored-value/search/window/0/20', {
      token: cashier.token,
      headers: { 'x-store': u.store.urlName },
    });
    expect(res.status).toBe(403);
  });
});
