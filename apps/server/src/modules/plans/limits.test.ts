import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createUser, unique, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type ApiResponse, type Engine } from '../../test/harness.ts';
import { ownedCount } from '../../test/owned-count.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { createProduct, productBody } from '../../test/products.ts';
import { SAMPLE_PNG } from '../../test/sweep-world.ts';

const LIMIT = 5;
const BURST = 20;

/** A completed cash sale of one open-price line, with the clientId a device gives it when it is made. */
const saleBody = (clientId = randomUUID(), status: 'COMPLETED' | 'PARKED' = 'COMPLETED') => ({
  clientId,
  status,
  lines: [{ name: 'Tea', unitPrice: 250, quantity: 2 }],
  ...(status === 'COMPLETED' ? { payment: { method: 'CASH', currency: 'USD', amount: 500 } } : {}),
});

function expectRefusal(res: ApiResponse): void {
  expect(res.status, res.text).toBe(402);
  expect(res.body).toEqual({
    code: 'FREE_LIMIT_REACHED',
    message: expect.stringMatching(/free plan includes up to 5/),
  });
}

/** A test app with the free limits at LIMIT and the demo billing, and its two creates that count. */
function useLimitedApp(engine: Engine) {
  const t = useTestApp(engine, {
    FREE_PRODUCT_LIMIT: String(LIMIT),
    FREE_TRANSACTION_LIMIT: String(LIMIT),
    BILLING_PROVIDER: 'demo',
    SESSION_DAYS: '3650',
  });
  const newProduct = (u: TestUser) =>
    t.request('POST', '/api/secure/product', { token: u.token, body: productBody({ quantity: 3 }) });
  const sell = (u: TestUser, body: object = saleBody()) =>
    t.request('POST', '/api/secure/shop/transaction', { token: u.token, body });
  return { t, newProduct, sell };
}

/**
 * Each free limit at its exact boundary: the last allowed create succeeds, the next is refused with
 * 402 and writes nothing, also when 20 creates race over the last slot; premium lifts them all at
 * once and losing it brings them back without touching what was made meanwhile.
 */
describe.each(engines)('free-tier limits at their boundary on %s', (engine) => {
  const { t, newProduct, sell } = useLimitedApp(engine);

  it('products: the last slot goes to exactly one of 20 concurrent creates, the rest get 402 and write nothing', async () => {
    const u = await createUser(t);
    for (let i = 0; i < LIMIT - 1; i++) await createProduct(t, u);
    const results = await Promise.all(Array.from({ length: BURST }, () => newProduct(u)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 201)) expectRefusal(refused);
    expect(await ownedCount(t, u.user.userId, 'products')).toBe(LIMIT);
    expectRefusal(await newProduct(u));
    expect(await ownedCount(t, u.user.userId, 'products')).toBe(LIMIT);
    await expectLedgerConsistent(t);
  });

  it('products: a CSV import crossing the limit imports up to it and reports the rest from their first line', async () => {
    const u = await createUser(t);
    for (let i = 0; i < LIMIT - 2; i++) await createProduct(t, u);
    const rows = ['A', 'B', 'C', 'D'].map((name, i) => ({
      line: i + 2,
      code: `CSV-${name}-${unique()}`,
      name,
      price: '1',
      quantity: '2',
    }));
    const res = await t.request('POST', '/api/secure/product/import', {
      token: u.token,
      body: { importId: randomUUID(), batch: 0, rows },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ created: 2, limitReached: true, limited: 2, firstLimitedLine: 4, rejected: 0 });
    expect(await ownedCount(t, u.user.userId, 'products')).toBe(LIMIT);
    const imported = await t.db.selectFrom('products').select('code').where('code', 'like', 'CSV-%').execute();
    expect(imported.map((p) => p.code.slice(0, 5)).sort()).toEqual(['CSV-A', 'CSV-B']);
    await expectLedgerConsistent(t);
  });

  it('sales: the last completed sale of the month goes to exactly one of 20 concurrent ones; parked carts do not count', async () => {
    const u = await createUser(t);
    for (let i = 0; i < LIMIT - 1; i++) expect((await sell(u)).status).toBe(201);
    // The racing sales sell a stocked product: the refused ones must not move its stock.
    const product = await createProduct(t, u, { quantity: 100, price: 250 });
    const productSale = () => ({
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code: product.code, quantity: 1 }],
      payment: { method: 'CASH', currency: 'USD', amount: 250 },
    });
    const results = await Promise.all(Array.from({ length: BURST }, () => sell(u, productSale())));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 201)) expectRefusal(refused);
    expect(await ownedCount(t, u.user.userId, 'shop_transactions')).toBe(LIMIT);
    const path = `/api/secure/product/code/${encodeURIComponent(product.code)}`;
    expect((await t.request('GET', path, { token: u.token })).body.quantity).toBe(99);
    await expectLedgerConsistent(t);

    // A parked cart is kept; completing it is a new completed sale, refused like any other.
    const parked = await sell(u, saleBody(randomUUID(), 'PARKED'));
    expect(parked.status, parked.text).toBe(201);
    const completing = await t.request('PUT', `/api/secure/shop/transaction/${parked.body.code}`, {
      token: u.token,
      body: { ...saleBody(), status: 'COMPLETED' },
    });
    expectRefusal(completing);
    expect(await ownedCount(t, u.user.userId, 'shop_transactions')).toBe(LIMIT);
    const receiptCodes = await t.db
      .selectFrom('receipt_codes')
      .innerJoin('stores', 'stores.id', 'receipt_codes.store_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('stores.owner_id', '=', u.user.userId)
      .executeTakeFirstOrThrow();
    expect(Number(receiptCodes.n), 'a refused sale leaves no receipt').toBe(LIMIT + 1);
  });

  it('sales synced from a device’s offline queue: refused with 402 and its reason, accepted once under the limit again', async () => {
    const u = await createUser(t);
    for (let i = 0; i < LIMIT; i++) expect((await sell(u)).status).toBe(201);
    // Made offline earlier, sent now: the device keeps it in its queue with this answer as the reason.
    const queued = saleBody();
    const refused = await sell(u, queued);
    expectRefusal(refused);
    expect(await ownedCount(t, u.user.userId, 'shop_transactions')).toBe(LIMIT);
    // Upgrading lifts the limit; the device's retry of the same sale (same clientId) is stored once.
    expect((await t.request('POST', '/api/secure/subscription/create', { token: u.token, body: premium })).status).toBe(
      200,
    );
    const stored = await sell(u, queued);
    expect(stored.status, stored.text).toBe(201);
    expect((await sell(u, queued)).status).toBe(200);
    expect(await ownedCount(t, u.user.userId, 'shop_transactions')).toBe(LIMIT + 1);
  });

  it('sales: a retry of a stored sale answers it and takes no slot, also at the limit', async () => {
    const u = await createUser(t);
    const usage = async () =>
      Number(
        (
          await t.db
            .selectFrom('free_tier_usage')
            .select('used')
            .where('owner_id', '=', u.user.userId)
            .where('kind', '=', 'transactions')
            .executeTakeFirst()
        )?.used,
      );
    const bodies = Array.from({ length: LIMIT }, () => saleBody());
    // The write's clientId key answers a retry (no look before the write): it claims no slot, below
    // the limit (the counter stays exact) and at it (no 402).
    const retryFirst = async (n: number) => {
      const retries = await Promise.all(bodies.slice(0, n).map((body) => sell(u, body)));
      expect(retries.map((r) => r.status)).toEqual(Array(n).fill(200));
      expect(await usage()).toBe(n);
    };
    for (const body of bodies.slice(0, LIMIT - 1)) expect((await sell(u, body)).status).toBe(201);
    await retryFirst(LIMIT - 1);
    expect((await sell(u, bodies[LIMIT - 1]!)).status).toBe(201);
    await retryFirst(LIMIT);
    expectRefusal(await sell(u));
    expect(await ownedCount(t, u.user.userId, 'shop_transactions')).toBe(LIMIT);
  });

  it('premium lifts every limit at once; losing it refuses only new creates and keeps everything readable and editable', async () => {
    const u = await createUser(t);
    for (let i = 0; i < LIMIT; i++) await createProduct(t, u);
    for (let i = 0; i < LIMIT; i++) expect((await sell(u)).status).toBe(201);
    expectRefusal(await newProduct(u));
    expectRefusal(await sell(u));

    const upgraded = await t.request('POST', '/api/secure/subscription/create', { token: u.token, body: premium });
    expect(upgraded.body).toMatchObject({ plan: 'PREMIUM' });
    const products = await Promise.all(Array.from({ length: BURST }, () => newProduct(u)));
    expect(products.map((r) => r.status)).toEqual(Array(BURST).fill(201));
    const sales = await Promise.all(Array.from({ length: BURST }, () => sell(u)));
    expect(sales.map((r) => r.status)).toEqual(Array(BURST).fill(201));
    expect((await t.request('GET', '/api/secure/subscription/status', { token: u.token })).body).toMatchObject({
      freeProductLimit: null,
      freeTransactionLimit: null,
      productCount: LIMIT + BURST,
      freeLimitHasReached: false,
    });

    // Cancelled at period end, and the period ends.
    const cancelled = await t.request('POST', '/api/secure/subscription/cancel', { token: u.token });
    t.clock.advance(Date.parse(cancelled.body.currentPeriodEnd) - t.clock.now().getTime() + 1000);
    expect((await t.request('GET', '/api/secure/subscription', { token: u.token })).body.plan).toBe('FREE');

    expectRefusal(await newProduct(u));
    expect(await ownedCount(t, u.user.userId, 'products')).toBe(LIMIT + BURST);
    // Nothing was deleted: the newest product (over the limit) is read and edited as before.
    const last = products.at(-1)!.body;
    const path = `/api/secure/product/code/${encodeURIComponent(last.code)}`;
    expect((await t.request('GET', path, { token: u.token })).body.id).toBe(last.id);
    const edited = await t.request('PUT', path, {
      token: u.token,
      body: { code: last.code, name: 'Edited after premium', price: 300 },
    });
    expect(edited.status, edited.text).toBe(200);
    const sale = sales.at(-1)!.body;
    expect((await t.request('GET', `/api/secure/shop/transaction/${sale.code}`, { token: u.token })).status).toBe(200);
    expect((await t.request('GET', '/api/secure/subscription/status', { token: u.token })).body).toMatchObject({
      freeProductLimit: LIMIT,
      productCount: LIMIT + BURST,
      freeLimitHasReached: true,
    });
    await expectLedgerConsistent(t);
  });
});

/**
 * No lock per owner. The free tier's counters (free_tier_usage) stay exact through deletes and
 * premium periods, and a sale waits on no lock of its owner's user row; a premium owner's sale
 * waits on nothing of the owner's at all.
 */
describe.each(engines)('free-tier counters without an owner lock on %s', (engine: Engine) => {
  const { t, newProduct, sell } = useLimitedApp(engine);

  it('deleting products frees exactly their slots, also when 20 creates race for them', async () => {
    const u = await createUser(t);
    const made = [];
    for (let i = 0; i < LIMIT; i++) made.push(await createProduct(t, u));
    expectRefusal(await newProduct(u));
    for (const p of made.slice(0, 2)) {
      const path = `/api/secure/product/code/${encodeURIComponent(p.code)}`;
      expect((await t.request('DELETE', path, { token: u.token })).status).toBeLessThan(300);
    }
    expect(await ownedCount(t, u.user.userId, 'products')).toBe(LIMIT - 2);
    const results = await Promise.all(Array.from({ length: BURST }, () => newProduct(u)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    for (const refused of results.filter((r) => r.status !== 201)) expectRefusal(refused);
    expect(await ownedCount(t, u.user.userId, 'products')).toBe(LIMIT);
    await expectLedgerConsistent(t);
  });

  it('after a premium period the limit counts what was made under premium too', async () => {
    const u = await createUser(t);
    await createProduct(t, u);
    expect((await sell(u)).status).toBe(201);
    const upgraded = await t.request('POST', '/api/secure/subscription/create', { token: u.token, body: premium });
    expect(upgraded.status, upgraded.text).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect((await newProduct(u)).status).toBe(201);
    for (let i = 0; i < LIMIT; i++) expect((await sell(u)).status).toBe(201);
    const cancelled = await t.request('POST', '/api/secure/subscription/cancel', { token: u.token });
    t.clock.advance(Date.parse(cancelled.body.currentPeriodEnd) - t.clock.now().getTime() + 1000);
    expect((await t.request('GET', '/api/secure/subscription', { token: u.token })).body.plan).toBe('FREE');
    // The counters stood at 1 product and 1 sale before premium: they must not let 4 more in.
    expectRefusal(await newProduct(u));
    expect(await ownedCount(t, u.user.userId, 'products')).toBe(LIMIT + 1);
    const lastSale = await sell(u);
    // The period ends a month on: a new calendar month, with a slot free again.
    expect(lastSale.status, lastSale.text).toBe(201);
  });

  it.runIf(engine === 'postgres')(
    "a sale, an import check or an upload waits on no lock of its owner's user row, and a premium owner's sale on none of the free-tier counters",
    async () => {
      const free = await createUser(t);
      const rich = await createUser(t);
      // A free sale first, so the owner has a counter row to hold locked.
      expect((await sell(rich)).status).toBe(201);
      await t.db.updateTable('users').set({ premium: 1 }).where('id', '=', rich.user.userId).execute();
      const checkImport = (u: TestUser) =>
        t.request('POST', '/api/secure/product/import/check', { token: u.token, body: { codes: ['A-1'] } });
      const upload = (u: TestUser) =>
        t.request('PUT', `/api/secure/file/data/${u.store.urlName}/${randomUUID()}`, {
          token: u.token,
          raw: SAMPLE_PNG,
          headers: { 'content-type': 'image/png' },
        });
      const cases = [
        ['free sale', free, false, () => sell(free)],
        ['import check', free, false, () => checkImport(free)],
        ['upload', free, false, () => upload(free)],
        ['premium sale', rich, true, () => sell(rich)],
      ] as const;
      for (const [name, u, counters, run] of cases) {
        const outcome = await t.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
          await sql`SELECT id FROM users WHERE id = ${u.user.userId} FOR NO KEY UPDATE`.execute(trx);
          if (counters) {
            const held =
              await sql`SELECT used FROM free_tier_usage WHERE owner_id = ${u.user.userId} FOR UPDATE`.execute(trx);
            expect(held.rows.length).toBeGreaterThan(0);
          }
          return firstOf(run(), rows[0]!.pid);
        });
        expect(outcome, name).toBe('answered');
      }
    },
  );

  /** 'blocked' as soon as a backend waits on a lock held by `holder`, 'answered' when the request answers first. */
  async function firstOf(request: Promise<ApiResponse>, holder: number): Promise<'answered' | 'blocked'> {
    let answered = false;
    const stored = request.then((res) => {
      answered = true;
      expect([200, 201], res.text).toContain(res.status);
      return 'answered' as const;
    });
    const blocked = (async () => {
      while (!answered) {
        const { rows } = await sql<{ n: string }>`
          SELECT COUNT(*) AS n FROM pg_stat_activity WHERE ${holder}::int = ANY(pg_blocking_pids(pid))`.execute(t.db);
        if (Number(rows[0]!.n) > 0) return 'blocked' as const;
        await new Promise((r) => setTimeout(r, 10));
      }
      return 'answered' as const;
    })();
    return Promise.race([stored, blocked]);
  }
});

const premium = { plan: 'PREMIUM', interval: 'MONTH' };
