import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A PNG (as far as the type check reads) of exactly `size` bytes. */
const png = (size: number) => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - PNG_SIGNATURE.length, 7)]);

/** Every entry in the store's file folder, temporary files included: what the disk really holds. */
function filesOnDisk(t: TestApp, u: TestUser): string[] {
  const dir = join(t.dataDir, 'files', u.store.id);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

function upload(t: TestApp, u: TestUser, id: string, bytes: Buffer) {
  return t.request('PUT', `/api/secure/file/data/${u.store.urlName}/${id}`, {
    token: u.token,
    raw: bytes,
    headers: { 'content-type': 'image/png' },
  });
}

describe.each(engines)('image storage quota on %s', (engine) => {
  const t = useTestApp(engine, { STORE_STORAGE_QUOTA_BYTES: '100', PREMIUM_STORE_STORAGE_QUOTA_BYTES: '150' });

  it('fills the quota to the byte, then refuses with 402 and writes nothing', async () => {
    const u = await createUser(t);
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    expect((await upload(t, u, a, png(60))).status).toBe(200);
    expect((await upload(t, u, b, png(40))).status).toBe(200);
    const refused = await upload(t, u, c, png(10));
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'FREE_LIMIT_REACHED', message: expect.stringMatching(/premium/) });
    expect(filesOnDisk(t, u)).toEqual([a, b].sort());
    const read = await t.request('GET', `/api/secure/file/data/${u.store.urlName}/${c}`, { token: u.token });
    expect(read.status).toBe(404);
  });

  it('counts a replaced image by its difference, and keeps the old bytes when the new ones do not fit', async () => {
    const u = await createUser(t);
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    expect((await upload(t, u, a, png(60))).status).toBe(200);
    expect((await upload(t, u, b, png(40))).status).toBe(200);
    expect((await upload(t, u, a, png(60))).status).toBe(200);
    expect((await upload(t, u, a, png(61))).status).toBe(402);
    const kept = await fetch(`${t.url}/api/secure/file/data/${u.store.urlName}/${a}`, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect((await kept.arrayBuffer()).byteLength).toBe(60);
    expect((await upload(t, u, a, png(20))).status).toBe(200);
    expect((await upload(t, u, crypto.randomUUID(), png(40))).status).toBe(200);
    expect(filesOnDisk(t, u)).toHaveLength(3);
  });

  it('gives premium its larger quota, then answers 413', async () => {
    const u = await createUser(t);
    // No billing API exists yet: premium is set the way the payment webhook will set it.
    await t.db.updateTable('users').set({ premium: 1 }).where('id', '=', u.user.userId).execute();
    expect((await upload(t, u, crypto.randomUUID(), png(150))).status).toBe(200);
    const refused = await upload(t, u, crypto.randomUUID(), png(10));
    expect(refused.status).toBe(413);
    expect(refused.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(filesOnDisk(t, u)).toHaveLength(1);
  });
});

describe.each(engines)('image upload rate on %s', (engine) => {
  const t = useTestApp(engine, { RATE_LIMIT_UPLOADS_PER_USER: '3', RATE_LIMIT_UPLOADS_WINDOW_MS: '60000' });

  it('refuses uploads past the per-user rate with 429 and Retry-After, writing nothing', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    for (let i = 0; i < 3; i++) expect((await upload(t, u, crypto.randomUUID(), png(20))).status).toBe(200);
    const refused = await upload(t, u, crypto.randomUUID(), png(20));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/upload/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(filesOnDisk(t, u)).toHaveLength(3);
    expect((await upload(t, other, crypto.randomUUID(), png(20))).status).toBe(200);
    t.clock.advance(60_000);
    expect((await upload(t, u, crypto.randomUUID(), png(20))).status).toBe(200);
  });
});

describe.each(engines)('images of products on %s', (engine) => {
  const t = useTestApp(engine);

  const editImage = (u: TestUser, code: string, imageId: string | null, extra: Record<string, unknown> = {}) =>
    t.request('PUT', `/api/secure/product/code/${code}`, {
      token: u.token,
      body: { code, name: 'Tea', price: 100, imageId, ...extra },
    });

  it('deletes the old file when the image is replaced or removed, and the last one with the product', async () => {
    const u = await createUser(t);
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    await upload(t, u, a, png(20));
    const product = await createProduct(t, u, { imageId: a });
    await upload(t, u, b, png(20));
    expect(filesOnDisk(t, u)).toEqual([a, b].sort());
    expect((await editImage(u, product.code, b)).status).toBe(200);
    expect(filesOnDisk(t, u)).toEqual([b]);
    expect((await t.request('GET', `/api/secure/file/data/${u.store.urlName}/${a}`, { token: u.token })).status).toBe(
      404,
    );
    expect((await editImage(u, product.code, b)).status).toBe(200);
    expect(filesOnDisk(t, u)).toEqual([b]);
    expect((await t.request('DELETE', `/api/secure/product/code/${product.code}`, { token: u.token })).status).toBe(
      204,
    );
    expect(filesOnDisk(t, u)).toEqual([]);

    const c = crypto.randomUUID();
    await upload(t, u, c, png(20));
    const another = await createProduct(t, u, { imageId: c });
    expect((await editImage(u, another.code, null)).status).toBe(200);
    expect(filesOnDisk(t, u)).toEqual([]);
  });

  it('keeps a file another product still shows', async () => {
    const u = await createUser(t);
    const shared = crypto.randomUUID();
    await upload(t, u, shared, png(20));
    const first = await createProduct(t, u, { imageId: shared });
    await createProduct(t, u, { imageId: shared });
    expect((await t.request('DELETE', `/api/secure/product/code/${first.code}`, { token: u.token })).status).toBe(204);
    expect(filesOnDisk(t, u)).toEqual([shared]);
  });

  it('keeps the old file when the change fails', async () => {
    const u = await createUser(t);
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    await upload(t, u, a, png(20));
    await upload(t, u, b, png(20));
    const product = await createProduct(t, u, { imageId: a });
    const taken = await createProduct(t, u);
    // Renaming to a code the store already has fails the whole change.
    const failed = await editImage(u, product.code, b, { code: taken.code });
    expect(failed.status).toBe(409);
    expect(filesOnDisk(t, u)).toEqual([a, b].sort());
    const read = await t.request('GET', `/api/secure/product/code/${product.code}`, { token: u.token });
    expect(read.body.imageId).toBe(a);
  });
});
