import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, PASSWORD, type TestUser } from '../test/factories.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { ownedCount } from '../test/owned-count.ts';
import { expectLedgerConsistent } from '../test/ledger.ts';
import { createProduct, ean13 } from '../test/products.ts';
import { enableShifts, openShift, readShift } from '../modules/shifts/shifts.test-helpers.ts';

/** Short, so a test sees another process's logout quickly; polled, never waited for a fixed time. */
const SESSION_CACHE_MS = 300;
const ENV = { SESSION_CACHE_MS: String(SESSION_CACHE_MS), FREE_TRANSACTION_LIMIT: '10000000' };

/**
 * Two app instances on one PostgreSQL schema, with `env`, and a user made through the first.
 * Each test app has its own frozen clock: b's is set to a's, since the throttles compare times
 * written by both.
 */
async function startTwo(env: Record<string, string>): Promise<{ a: TestApp; b: TestApp; u: TestUser }> {
  const a = await startTestApp('postgres', env);
  const b = await startTestApp('postgres', { ...a.databaseEnv, ...env });
  b.clock.advance(a.clock.now().getTime() - b.clock.now().getTime());
  return { a, b, u: await createUser(a, { secondCurrency: null }) };
}

/** b first: a's close drops the schema they share. */
async function closeTwo(a: TestApp | undefined, b: TestApp | undefined) {
  await b?.close();
  await a?.close();
}

/**
 * Two app instances on one PostgreSQL schema (and one DATA_DIR, as processes behind a proxy share
 * their files), as ARCHITECTURE.md's "Growing past one machine" runs them. Nothing one needs may
 * live only in the other's memory: a sale's clientId, a session's revocation, the login throttle
 * and the routes' rate limits are all decided by the database.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two app processes on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let u: TestUser;

  beforeAll(async () => {
    ({ a, b, u } = await startTwo(ENV));
  });
  afterAll(() => closeTwo(a, b));

  it('stores one sale for one clientId sent to both at once', { timeout: 120_000 }, async () => {
    const product = await createProduct(a, u, { code: ean13(), price: 250, quantity: 1000 });
    const rounds = 20;
    for (let round = 0; round < rounds; round++) {
      const body = {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: product.code, quantity: 2 }],
        payment: { method: 'CASH', currency: 'USD', amount: 500 },
      };
      // The harness fails on any 5xx: the race on the unique key must answer the first sale.
      const answers = await Promise.all(
        [a, b].map((app) => app.request('POST', '/api/secure/shop/transaction', { token: u.token, body })),
      );
      for (const res of answers) expect([200, 201], res.text).toContain(res.status);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 201]);
      expect(answers[0]!.body.id).toBe(answers[1]!.body.id);
      expect(answers[0]!.body.code).toBe(answers[1]!.body.code);
      const stored = await a.db
        .selectFrom('shop_transactions')
        .select('id')
        .where('store_id', '=', u.store.id)
        .where('client_id', '=', body.clientId)
        .execute();
      expect(stored).toHaveLength(1);
    }
    const after = await b.request('GET', `/api/secure/product/code/${product.code}`, { token: u.token });
    expect(after.body.quantity).toBe(1000 - 2 * rounds);
    await expectLedgerConsistent(a, u.store.id);
  });

  it('stores one refund for one clientId sent to both at once', async () => {
    const product = await createProduct(a, u, { code: ean13(), price: 300, quantity: 50 });
    const sale = await a.request('POST', '/api/secure/shop/transaction', {
      token: u.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: product.code, quantity: 5 }],
        payment: { method: 'CASH', currency: 'USD', amount: 1500 },
      },
    });
    expect(sale.status, sale.text).toBe(201);
    const body = { clientId: randomUUID() };
    const answers = await Promise.all(
      [a, b].map((app) =>
        app.request('POST', `/api/secure/shop/transaction/${sale.body.code}/refund`, { token: u.token, body }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 201]);
    const refunds = await a.db
      .selectFrom('shop_refunds')
      .select('id')
      .where('store_id', '=', u.store.id)
      .where('client_id', '=', body.clientId)
      .execute();
    expect(refunds).toHaveLength(1);
    const after = await b.request('GET', `/api/secure/product/code/${product.code}`, { token: u.token });
    expect(after.body.quantity).toBe(50);
    await expectLedgerConsistent(a, u.store.id);
  });

  it('refuses on one a session logged out through the other, within SESSION_CACHE_MS', async () => {
    const token = await login(a, u.email);
    const read = (app: TestApp) => app.request('GET', '/api/secure/virtual-store', { token });
    // b reads the session now, so it is in b's cache when a revokes it.
    expect((await read(b)).status).toBe(200);
    expect((await a.request('POST', '/api/secure/logout', { token })).status).toBe(204);
    expect((await read(a)).status).toBe(401);
    const loggedOutAt = performance.now();
    let status = 200;
    // Polled: a generous budget for a loaded machine, far below any real session lifetime.
    while (status === 200 && performance.now() - loggedOutAt < 40 * SESSION_CACHE_MS) {
      status = (await read(b)).status;
      if (status === 200) await new Promise((r) => setTimeout(r, SESSION_CACHE_MS / 10));
    }
    expect(status).toBe(401);
  });

  it('holds a login throttle counted on one on the other', async () => {
    const wrong = (app: TestApp, email = u.email) =>
      app.request('POST', '/api/auth/login', { body: { email, password: 'not the password' } });
    // RATE_LIMIT_LOGIN_FREE_FAILURES (5) wrong tries on a …
    for (let i = 0; i < 5; i++) expect((await wrong(a)).status).toBe(401);
    // … and the next try on b waits, even with the right password.
    const refused = await wrong(b);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    const right = await b.request('POST', '/api/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect(right.status).toBe(429);
    // The throttle is per address and email, not a global stop.
    const other = await createUser(b, { secondCurrency: null });
    expect((await wrong(b, other.email)).status).toBe(401);
  });

  it('shares a route rate limit (the public receipt) between them', async () => {
    const product = await createProduct(a, u, { code: ean13(), price: 100, quantity: 10 });
    const sale = await a.request('POST', '/api/secure/shop/transaction', {
      token: u.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: product.code, quantity: 1 }],
        payment: { method: 'CASH', currency: 'USD', amount: 100 },
      },
    });
    expect(sale.status, sale.text).toBe(201);
    // 60 a minute per address: alternating between the two, each alone would allow 60.
    const statuses: number[] = [];
    for (let i = 0; i < 80; i++) {
      const res = await (i % 2 ? b : a).request('GET', `/api/public/receipt/${sale.body.code}`);
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
  });

  it('opens one shift when both are asked at once, and both see it', async () => {
    await enableShifts(a, u);
    const float = [{ currency: 'USD', amount: 10_000 }];
    const answers = await Promise.all([openShift(a, u, float), openShift(b, u, float)]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const opened = answers.find((res) => res.status === 201)!.body;
    for (const app of [a, b]) {
      const read = await readShift(app, u, opened.id);
      expect(read.status, read.text).toBe(200);
      expect(read.body.status).toBe('OPEN');
    }
  });
});

/**
 * The free tier holds across processes with no owner lock. Two app instances on one PostgreSQL
 * schema take sales and products of one free owner at once, crossing the limit: each claim is one
 * conditional write of the owner's counter row, so exactly the limit is stored.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two app processes on one PostgreSQL at the free-tier boundary', () => {
  const LIMIT = 5;
  const BURST = 20;
  const LIMITS = { FREE_TRANSACTION_LIMIT: String(LIMIT), FREE_PRODUCT_LIMIT: String(LIMIT) };
  let a: TestApp;
  let b: TestApp;
  let u: TestUser;

  beforeAll(async () => {
    ({ a, b, u } = await startTwo(LIMITS));
  });
  afterAll(() => closeTwo(a, b));

  it('stores exactly the limit of sales sent to both at once', async () => {
    const product = await createProduct(a, u, { code: ean13(), price: 100, quantity: 100 });
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        (i % 2 ? b : a).request('POST', '/api/secure/shop/transaction', {
          token: u.token,
          body: {
            clientId: randomUUID(),
            status: 'COMPLETED',
            lines: [{ code: product.code, quantity: 1 }],
            payment: { method: 'CASH', currency: 'USD', amount: 100 },
          },
        }),
      ),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(LIMIT);
    for (const res of answers.filter((r) => r.status !== 201)) {
      expect(res.status, res.text).toBe(402);
      expect(res.body.code).toBe('FREE_LIMIT_REACHED');
    }
    expect(await ownedCount(a, u.user.userId, 'shop_transactions')).toBe(LIMIT);
    const after = await b.request('GET', `/api/secure/product/code/${product.code}`, { token: u.token });
    expect(after.body.quantity).toBe(100 - LIMIT);
    await expectLedgerConsistent(a, u.store.id);
  });

  it('stores exactly the limit of products created through both at once', async () => {
    // One product exists already (the previous test's).
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        (i % 2 ? b : a).request('POST', '/api/secure/product', {
          token: u.token,
          body: { code: ean13(), name: `Tea ${i}`, price: 100, quantity: 1 },
        }),
      ),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(LIMIT - 1);
    for (const res of answers.filter((r) => r.status !== 201)) expect(res.status, res.text).toBe(402);
    expect(await ownedCount(a, u.user.userId, 'products')).toBe(LIMIT);
  });
});
