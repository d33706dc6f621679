import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASSWORD, createUser, login, signUpBody, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { SAMPLE_PNG } from '../../test/sweep-world.ts';
import { createProduct, createStore } from '../../test/products.ts';
import { STORE_DATA_TABLES, USER_DATA_TABLES } from './account-deletion.repo.ts';

const PNG = Buffer.concat([SAMPLE_PNG, Buffer.alloc(40, 7)]);

function filesOnDisk(t: TestApp, storeId: string): string[] {
  const dir = join(t.dataDir, 'files', storeId);
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** A user with two stores, products with stock and an image in each: everything account deletion must take. */
async function ownerWithData(t: TestApp) {
  const u = await createUser(t);
  const second = await createStore(t, u, 'EUR');
  for (const store of [u.store.urlName, second]) {
    const imageId = crypto.randomUUID();
    const put = await t.request('PUT', `/api/secure/file/data/${store}/${imageId}`, {
      token: u.token,
      raw: PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status, put.text).toBe(200);
    const product = await createProduct(t, u, { quantity: 5, imageId }, store);
    // A sale and a partial refund: transaction, line, tender, refund and receipt-code rows too.
    const sale = await t.request('POST', '/api/secure/shop/transaction', {
      token: u.token,
      headers: { 'x-store': store },
      body: {
        clientId: crypto.randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: product.code, quantity: 2 }],
        payment: { method: 'CASH', currency: store === u.store.urlName ? 'USD' : 'EUR', amount: 100_000 },
      },
    });
    expect(sale.status, sale.text).toBe(201);
    const refund = await t.request('POST', `/api/secure/shop/transaction/${sale.body.code}/refund`, {
      token: u.token,
      headers: { 'x-store': store },
      body: { clientId: crypto.randomUUID(), lines: [{ lineId: sale.body.lines[0].id, quantity: 1 }] },
    });
    expect(refund.status, refund.text).toBe(201);
  }
  const stores = await t.request('GET', '/api/secure/virtual-store', { token: u.token });
  return { u, storeIds: (stores.body as Array<{ id: string }>).map((s) => s.id) };
}

async function rowsOf(t: TestApp, u: TestUser, storeIds: string[]) {
  const count = async (table: (typeof STORE_DATA_TABLES)[number]) =>
    (await t.db.selectFrom(table).select('store_id').where('store_id', 'in', storeIds).execute()).length;
  return {
    users: (await t.db.selectFrom('users').select('id').where('id', '=', u.user.userId).execute()).length,
    stores: (await t.db.selectFrom('stores').select('id').where('owner_id', '=', u.user.userId).execute()).length,
    sessions: (await t.db.selectFrom('sessions').select('id').where('user_id', '=', u.user.userId).execute()).length,
    products: await count('products'),
    movements: await count('stock_movements'),
    files: await count('files'),
    sales: await count('shop_transactions'),
    refunds: await count('shop_refunds'),
  };
}

const deleteAccount = (t: TestApp, token: string, body: unknown) =>
  t.request('POST', '/api/secure/profile/delete', { token, body });

describe.each(engines)('closing an account on %s', (engine) => {
  const t = useTestApp(engine);

  it('refuses a wrong password with 400 naming the field, and deletes nothing', async () => {
    const { u, storeIds } = await ownerWithData(t);
    const before = await rowsOf(t, u, storeIds);
    const res = await deleteAccount(t, u.token, { password: 'not my password' });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ code: 'WRONG_PASSWORD', details: [{ field: 'password' }] });
    expect(await rowsOf(t, u, storeIds)).toEqual(before);
    expect(before).toMatchObject({ users: 1, stores: 2, products: 2, movements: 6, files: 2, sales: 2, refunds: 2 });
    for (const id of storeIds) expect(filesOnDisk(t, id)).toHaveLength(1);
    expect((await t.request('GET', '/api/secure/login/check', { token: u.token })).status).toBe(200);
  });

  it('names a missing password and requires login', async () => {
    const u = await createUser(t);
    const res = await deleteAccount(t, u.token, {});
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([expect.objectContaining({ field: 'password' })]);
    expect((await t.request('POST', '/api/secure/profile/delete', { body: { password: PASSWORD } })).status).toBe(401);
  });

  it("deletes the user's stores, products, stock, images and sessions, and the email can sign up again", async () => {
    const { u, storeIds } = await ownerWithData(t);
    const otherSession = await login(t, u.email);
    const neighbour = await ownerWithData(t);
    const neighbourBefore = await rowsOf(t, neighbour.u, neighbour.storeIds);

    const res = await deleteAccount(t, u.token, { password: PASSWORD });
    expect(res.status, res.text).toBe(204);

    expect(await rowsOf(t, u, storeIds)).toEqual({
      users: 0,
      stores: 0,
      sessions: 0,
      products: 0,
      movements: 0,
      files: 0,
      sales: 0,
      refunds: 0,
    });
    for (const id of storeIds) expect(filesOnDisk(t, id)).toEqual([]);
    // Every session is gone, this one and any other device's.
    for (const token of [u.token, otherSession]) {
      expect((await t.request('GET', '/api/secure/login/check', { token })).status).toBe(401);
    }
    const relogin = await t.request('POST', '/api/auth/login', { body: { email: u.email, password: PASSWORD } });
    expect(relogin.status).toBe(401);

    // Someone else's stores, products and images are untouched.
    expect(await rowsOf(t, neighbour.u, neighbour.storeIds)).toEqual(neighbourBefore);
    for (const id of neighbour.storeIds) expect(filesOnDisk(t, id)).toHaveLength(1);
    const theirs = await t.request('GET', '/api/secure/product', { token: neighbour.u.token });
    expect(theirs.status).toBe(200);

    // The address and the store URL name are free again.
    const again = await createUser(t, { email: u.email, urlName: u.store.urlName });
    expect(again.user.userId).not.toBe(u.user.userId);
    expect(again.store.urlName).toBe(u.store.urlName);
    expect((await t.request('GET', '/api/secure/product', { token: again.token })).body.total).toBe(0);
  });

  it('knows every table that holds a store or user row (a new one must be added to the deletion)', async () => {
    const schema = t.databaseEnv.DATABASE_SCHEMA;
    const tables = (await t.db.introspection.getTables()).filter((tb) => !schema || tb.schema === schema);
    const withColumn = (column: string) =>
      tables.filter((tb) => tb.columns.some((c) => c.name === column)).map((tb) => tb.name);
    expect(withColumn('store_id').sort()).toEqual([...STORE_DATA_TABLES].sort());
    expect(
      withColumn('user_id')
        .filter((name) => !withColumn('store_id').includes(name))
        .sort(),
    ).toEqual([...USER_DATA_TABLES].sort());
  });
});

describe.each(engines)('account deletion limits on %s', (engine) => {
  const t = useTestApp(engine, { RATE_LIMIT_AUTH_PER_EMAIL: '2' });

  it('throttles tries per user like a password change (each is an argon2 verify)', async () => {
    const u = await createUser(t);
    const other = await login(t, u.email);
    for (let i = 0; i < 2; i++) expect((await deleteAccount(t, u.token, { password: 'wrong' })).status).toBe(400);
    const over = await deleteAccount(t, other, { password: PASSWORD });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RATE_LIMITED');
    expect((await t.request('GET', '/api/secure/login/check', { token: u.token })).status).toBe(200);
    // Another user's account is not held back.
    const someoneElse = await createUser(t, signUpBody());
    expect((await deleteAccount(t, someoneElse.token, { password: PASSWORD })).status).toBe(204);
  });
});
