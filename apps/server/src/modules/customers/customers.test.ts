import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createCustomer, customerBody, insertCustomerSale } from '../../test/customers.ts';
import { expectPointsConsistent } from '../../test/ledger.ts';
import { HOUR } from '../../lib/clock.ts';

describe.each(engines)('customers on %s', (engine) => {
  const t = useTestApp(engine, { FREE_CUSTOMER_LIMIT: '5' });
  let owner: TestUser;
  let cashier: TestUser;
  let manager: TestUser;
  beforeAll(async () => {
    [owner, cashier, manager] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await addMember(t, owner.store, cashier, 'CASHIER');
    await addMember(t, owner.store, manager, 'MANAGER');
  });
  const as = (u: TestUser, body?: unknown) => ({
    token: u.token,
    headers: { 'x-store': owner.store.urlName },
    ...(body === undefined ? {} : { body }),
  });

  it('creates, reads by id and code, updates and lists a customer', async () => {
    const u = await createUser(t);
    const created = await createCustomer(t, u, {
      name: '山田 太郎',
      nameKana: 'ヤマダ タロウ',
      email: 'Taro@Example.com',
    });
    expect(created.code).toMatch(/^M\d{10}$/);
    expect(created).toMatchObject({ email: 'taro@example.com', pointsBalance: 0, visits: 0, totalSpent: 0 });
    const byId = await t.request('GET', `/api/secure/customer/${created.id}`, { token: u.token });
    expect(byId.status, byId.text).toBe(200);
    expect(byId.body).toEqual(created);
    // A code typed in full-width and lower case reads the same.
    const typed = created.code.replace('M', 'ｍ').replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
    const byCode = await t.request('GET', `/api/secure/customer/code/${encodeURIComponent(typed)}`, { token: u.token });
    expect(byCode.status, byCode.text).toBe(200);
    expect(byCode.body.id).toBe(created.id);
    const put = await t.request('PUT', `/api/secure/customer/${created.id}`, {
      token: u.token,
      body: { name: '山田 花子', nameKana: 'やまだ はなこ', phone: '03-1111-2222', note: 'Likes green tea' },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ name: '山田 花子', phone: '03-1111-2222', email: '', code: created.code });
    const list = await t.request('GET', '/api/secure/customer', { token: u.token });
    expect(list.body).toMatchObject({ page: 0, size: 20, total: 1 });
    const found = await t.request('GET', '/api/secure/customer/search/window/0/10?q=hanako', { token: u.token });
    expect(found.body.total).toBe(0);
    const kana = await t.request('GET', `/api/secure/customer/search/window/0/10?q=${encodeURIComponent('ハナ')}`, {
      token: u.token,
    });
    expect(kana.body.items.map((c: { id: string }) => c.id)).toEqual([created.id]);
  });

  it('refuses a customer with neither name nor phone, and bad input, with the error shape', async () => {
    const u = await createUser(t);
    for (const body of [{}, { name: '' }, { name: 'A\u202eB' }, { phone: 'abc' }, { name: 'A', email: 'nope' }]) {
      const res = await t.request('POST', '/api/secure/customer', { token: u.token, body });
      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('finds customers by folded name, furigana, phone, last four digits, code and email', async () => {
    const u = await createUser(t);
    const yamada = await createCustomer(t, u, {
      name: 'Taro Yamada',
      nameKana: 'ヤマダ タロウ',
      phone: '090-1234-5678',
      email: 'taro@example.com',
    });
    const suzuki = await createCustomer(t, u, {
      name: '鈴木 一郎',
      nameKana: 'すずき',
      phone: '０３（５５５５）９９９９',
    });
    const search = async (q: string) => {
      const res = await t.request('GET', `/api/secure/customer/search/window/0/50?q=${encodeURIComponent(q)}`, {
        token: u.token,
      });
      expect(res.status, res.text).toBe(200);
      return res.body.items.map((c: { id: string }) => c.id).sort();
    };
    const y = [yamada.id];
    const s = [suzuki.id];
    expect(await search('yama')).toEqual(y);
    expect(await search('TARO')).toEqual(y);
    expect(await search('taroyamada')).toEqual(y);
    expect(await search('やまだ')).toEqual(y);
    expect(await search('ヤマ')).toEqual(y);
    expect(await search('ｽｽﾞｷ')).toEqual(s);
    expect(await search('鈴木')).toEqual(s);
    expect(await search('090-1234-5678')).toEqual(y);
    expect(await search('０９０')).toEqual(y);
    expect(await search('09012')).toEqual(y);
    expect(await search('5678')).toEqual(y);
    expect(await search('03-5555')).toEqual(s);
    expect(await search('9999')).toEqual(s);
    expect(await search(yamada.code.toLowerCase())).toEqual(y);
    expect(await search(suzuki.code.slice(1))).toEqual(s);
    expect(await search('taro@ex')).toEqual(y);
    expect(await search('zzz')).toEqual([]);
    expect(await search('')).toEqual([...y, ...s].sort());
  });

  it('shows a cashier the counter view only, and refuses them edits, history and adjustments', async () => {
    const created = await createCustomer(t, owner, { name: 'Private Person', phone: '080-9999-1234', note: 'VIP' });
    const one = await t.request('GET', `/api/secure/customer/${created.id}`, as(cashier));
    expect(one.status, one.text).toBe(200);
    expect(one.body).toEqual({
      id: created.id,
      code: created.code,
      name: 'Private Person',
      nameKana: '',
      pointsBalance: 0,
      phoneLast4: '1234',
    });
    const window = await t.request('GET', '/api/secure/customer/search/window/0/10?q=private', as(cashier));
    expect(window.body.items).toEqual([one.body]);
    expect(JSON.stringify(window.body)).not.toContain('VIP');
    expect(
      (await t.request('GET', '/api/secure/customer/search/window/0/10?q=private', as(owner))).body.items[0].note,
    ).toBe('VIP');
    for (const [method, path, body] of [
      ['PUT', `/api/secure/customer/${created.id}`, { name: 'X' }],
      ['DELETE', `/api/secure/customer/${created.id}`, undefined],
      ['GET', `/api/secure/customer/${created.id}/history`, undefined],
      ['POST', `/api/secure/customer/${created.id}/points`, { points: 5, reason: 'Gift' }],
    ] as const) {
      expect((await t.request(method, path, as(cashier, body))).status).toBe(403);
    }
    // A cashier may create (the counter signs a customer up) and gets the customer back.
    const made = await t.request('POST', '/api/secure/customer', as(cashier, { name: 'Walk In' }));
    expect(made.status, made.text).toBe(201);
  });

  it('answers a retried clientId with the first customer, and 409 for another body', async () => {
    const u = await createUser(t);
    const clientId = randomUUID();
    const body = customerBody({ clientId, name: 'Offline Sign-up' });
    const first = await t.request('POST', '/api/secure/customer', { token: u.token, body });
    expect(first.status, first.text).toBe(201);
    const again = await t.request('POST', '/api/secure/customer', { token: u.token, body });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await t.request('POST', '/api/secure/customer', {
      token: u.token,
      body: { ...body, name: 'Someone else' },
    });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('CLIENT_ID_REUSED');
    const burst = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.request('POST', '/api/secure/customer', { token: u.token, body: { ...body, clientId: randomUUID() } }),
      ),
    );
    expect(burst.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const rows = await t.db.selectFrom('customers').select('id').where('client_id', '=', clientId).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses the customer past the free limit per store with 402; an anonymised one frees its slot', async () => {
    const u = await createUser(t);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createCustomer(t, u));
    const over = await t.request('POST', '/api/secure/customer', { token: u.token, body: customerBody() });
    expect(over.status).toBe(402);
    expect(over.body.code).toBe('FREE_LIMIT_REACHED');
    expect(over.body.message).toMatch(/free plan includes up to 5 customers per store/);
    // Another store of the same owner has its own room.
    const branch = await t.request('POST', '/api/secure/virtual-store', {
      token: u.token,
      body: { name: 'Branch', urlName: `branch-${randomUUID().slice(0, 8)}`, mainCurrency: 'USD' },
    });
    expect(branch.status, branch.text).toBe(201);
    await createCustomer(t, u, {}, branch.body.urlName);
    expect((await t.request('DELETE', `/api/secure/customer/${made[0]!.id}`, { token: u.token })).status).toBe(204);
    expect((await t.request('POST', '/api/secure/customer', { token: u.token, body: customerBody() })).status).toBe(
      201,
    );
  });

  it('anonymises a deleted customer: hidden, unfindable, sales kept but unlinked, audited', async () => {
    const u = await createUser(t);
    const c = await createCustomer(t, u, { name: 'Forget Me', email: 'forget@example.com' });
    const sale = await insertCustomerSale(t, u, c, 500);
    const history = await t.request('GET', `/api/secure/customer/${c.id}/history`, { token: u.token });
    expect(history.body.items.map((i: { type: string; code?: string }) => [i.type, i.code])).toEqual([
      ['SALE', sale.code],
    ]);
    expect((await t.request('DELETE', `/api/secure/customer/${c.id}`, { token: u.token })).status).toBe(204);
    expect((await t.request('GET', `/api/secure/customer/${c.id}`, { token: u.token })).status).toBe(404);
    expect((await t.request('GET', `/api/secure/customer/code/${c.code}`, { token: u.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/secure/customer/${c.id}`, { token: u.token })).status).toBe(404);
    expect(
      (await t.request('GET', '/api/secure/customer/search/window/0/10?q=forget', { token: u.token })).body.total,
    ).toBe(0);
    const row = await t.db.selectFrom('customers').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: '', phone: '', email: '', note: '', phone_digits: '' });
    expect(row.deleted_at).not.toBeNull();
    const keys = await t.db.selectFrom('customer_search_keys').select('key').where('customer_id', '=', c.id).execute();
    expect(keys).toEqual([]);
    const saleRow = await t.db
      .selectFrom('shop_transactions')
      .select(['total', 'customer_id', 'customer_code', 'customer_name'])
      .where('id', '=', sale.id)
      .executeTakeFirstOrThrow();
    expect(saleRow).toEqual({ total: 500, customer_id: null, customer_code: null, customer_name: null });
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'entity_code', 'summary'])
      .where('store_id', '=', u.store.id)
      .where('action', '=', 'CUSTOMER_DELETE')
      .execute();
    expect(audit).toEqual([{ action: 'CUSTOMER_DELETE', entity_code: c.code, summary: '' }]);
  });

  it("adjusts points by the owner's hand: ledger entry, guarded balance, audited reason", async () => {
    const c = await createCustomer(t, owner, { name: 'Points Person' });
    // An hour between adjustments: the history and the audit log list them in time order.
    const adjust = (points: number, u = owner) => {
      t.clock.advance(HOUR);
      return t.request('POST', `/api/secure/customer/${c.id}/points`, as(u, { points, reason: 'Welcome gift' }));
    };
    const up = await adjust(120);
    expect(up.status, up.text).toBe(200);
    expect(up.body.pointsBalance).toBe(120);
    expect((await adjust(-20)).body.pointsBalance).toBe(100);
    const below = await adjust(-101);
    expect(below.status).toBe(400);
    expect(below.body.code).toBe('VALIDATION_ERROR');
    // Concurrent spends never take it below zero.
    const burst = await Promise.all(Array.from({ length: 4 }, () => adjust(-40)));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(2);
    expect((await adjust(5, manager)).status).toBe(403);
    const history = await t.request('GET', `/api/secure/customer/${c.id}/history?page=0&size=10`, as(owner));
    expect(history.status, history.text).toBe(200);
    expect(history.body.total).toBe(4);
    expect(history.body.items.map((i: { entry: { points: number } }) => i.entry.points)).toEqual([-40, -40, -20, 120]);
    expect(history.body.items[0].entry).toMatchObject({ kind: 'ADJUST', note: 'Welcome gift', saleCode: null });
    await expectPointsConsistent(t, owner.store.id);
    const audit = await t.db
      .selectFrom('audit_events')
      .select('summary')
      .where('store_id', '=', owner.store.id)
      .where('action', '=', 'POINTS_ADJUST')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.summary)).toEqual([
      '+120 Welcome gift',
      '-20 Welcome gift',
      '-40 Welcome gift',
      '-40 Welcome gift',
    ]);
  });

  it('reads and changes the loyalty settings (SETTINGS), audited', async () => {
    const u = await createUser(t);
    const path = `/api/secure/virtual-store/${u.store.urlName}/loyalty`;
    const initial = await t.request('GET', path, { token: u.token });
    expect(initial.body).toEqual({ enabled: false, earnRate: 100, pointValue: 1, minRedeem: 0, expiryMonths: null });
    const settings = { enabled: true, earnRate: 200, pointValue: 1, minRedeem: 100, expiryMonths: 12 };
    const put = await t.request('PUT', path, { token: u.token, body: settings });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual(settings);
    expect((await t.request('GET', path, { token: u.token })).body).toEqual(settings);
    const bad = await t.request('PUT', path, { token: u.token, body: { ...settings, earnRate: -1 } });
    expect(bad.status).toBe(400);
    const other = await createUser(t);
    expect((await t.request('GET', path, { token: other.token })).status).toBe(404);
    const audit = await t.db
      .selectFrom('audit_events')
      .select('summary')
      .where('store_id', '=', u.store.id)
      .where('action', '=', 'LOYALTY_SETTINGS')
      .execute();
    expect(audit).toEqual([{ summary: '1 200 1 100 12' }]);
  });

  it("never shows another store's customer", async () => {
    const c = await createCustomer(t, owner);
    const other = await createUser(t);
    expect((await t.request('GET', `/api/secure/customer/${c.id}`, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', `/api/secure/customer/code/${c.code}`, { token: other.token })).status).toBe(404);
  });
});
