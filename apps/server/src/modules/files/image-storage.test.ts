import { existsSync, readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';
import { SAMPLE_PNG } from '../../test/sweep-world.ts';

/** A real PNG of exactly `size` bytes (at least 100): bytes after its end are kept but not read. */
const png = (size: number) => Buffer.concat([SAMPLE_PNG, Buffer.alloc(size - SAMPLE_PNG.length, 7)]);

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
  const t = useTestApp(engine, { STORE_STORAGE_QUOTA_BYTES: '1000', PREMIUM_STORE_STORAGE_QUOTA_BYTES: '1500' });

  it('fills the quota to the byte, then refuses with 402 and writes nothing', async () => {
    const u = await createUser(t);
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    expect((await upload(t, u, a, png(600))).status).toBe(200);
    expect((await upload(t, u, b, png(400))).status).toBe(200);
    const refused = await upload(t, u, c, png(100));
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'FREE_LIMIT_REACHED', message: expect.stringMatching(/premium/) });
    expect(filesOnDisk(t, u)).toEqual([a, b].sort());
    const read = await t.request('GET', `/api/secure/file/data/${u.store.urlName}/${c}`, { token: u.token });
    expect(read.status).toBe(404);
  });

  it('counts a replaced image by its difference, and keeps the old bytes when the new ones do not fit', async () => {
    const u = await createUser(t);
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    expect((await upload(t, u, a, png(600))).status).toBe(200);
    expect((await upload(t, u, b, png(400))).status).toBe(200);
    expect((await upload(t, u, a, png(600))).status).toBe(200);
    expect((await upload(t, u, a, png(610))).status).toBe(402);
    const kept = await fetch(`${t.url}/api/secure/file/data/${u.store.urlName}/${a}`, {
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect((await kept.arrayBuffer()).byteLength).toBe(600);
    expect((await upload(t, u, a, png(200))).status).toBe(200);
    expect((await upload(t, u, crypto.randomUUID(), png(400))).status).toBe(200);
    expect(filesOnDisk(t, u)).toHaveLength(3);
  });

  it('gives premium its larger quota, then answers 413', async () => {
    const u = await createUser(t);
    // No billing API exists yet: premium is set the way the payment webhook will set it.
    await t.db.updateTable('users').set({ premium: 1 }).where('id', '=', u.user.userId).execute();
    expect((await upload(t, u, crypto.randomUUID(), png(1500))).status).toBe(200);
    const refused = await upload(t, u, crypto.randomUUID(), png(100));
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
    for (let i = 0; i < 3; i++) expect((await upload(t, u, crypto.randomUUID(), png(200))).status).toBe(200);
    const refused = await upload(t, u, crypto.randomUUID(), png(200));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/upload/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(filesOnDisk(t, u)).toHaveLength(3);
    expect((await upload(t, other, crypto.randomUUID(), png(200))).status).toBe(200);
    t.clock.advance(60_000);
    expect((await upload(t, u, crypto.randomUUID(), png(200))).status).toBe(200);
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
    await upload(t, u, a, png(200));
    const product = await createProduct(t, u, { imageId: a });
    await upload(t, u, b, png(200));
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
    await upload(t, u, c, png(200));
    const another = await createProduct(t, u, { imageId: c });
    expect((await editImage(u, another.code, null)).status).toBe(200);
    expect(filesOnDisk(t, u)).toEqual([]);
  });

  it('keeps a file another product still shows', async () => {
    const u = await createUser(t);
    const shared = crypto.randomUUID();
    await upload(t, u, shared, png(200));
    const first = await createProduct(t, u, { imageId: shared });
    await createProduct(t, u, { imageId: shared });
    expect((await t.request('DELETE', `/api/secure/product/code/${first.code}`, { token: u.token })).status).toBe(204);
    expect(filesOnDisk(t, u)).toEqual([shared]);
  });

  it('keeps the old file when the change fails', async () => {
    const u = await createUser(t);
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    await upload(t, u, a, png(200));
    await upload(t, u, b, png(200));
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

/** SAMPLE_PNG with its header saying `width` × `height` (and a correct checksum): what a decoder reads first. */
function pngClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(SAMPLE_PNG);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

/** A product shows only its store's product images, and every image is decoded and bounded. */
describe.each(engines)("product images are their store's, and decoded, on %s", (engine) => {
  const t = useTestApp(engine);
  const save = (u: TestUser, imageId: string) =>
    t.request('POST', '/api/secure/product', {
      token: u.token,
      body: { code: `IMG-${crypto.randomUUID().slice(0, 8)}`, name: 'Tea', price: 100, imageId },
    });

  it("refuses an imageId that is a path, another store's image, a profile picture or not uploaded", async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const theirs = crypto.randomUUID();
    expect((await upload(t, other, theirs, png(200))).status).toBe(200);
    const profile = `${u.user.userId}-${u.store.urlName}-profile`;
    expect((await upload(t, u, profile, png(200))).status).toBe(200);
    for (const imageId of ['../../jwt-secret', profile, theirs, crypto.randomUUID()]) {
      const res = await save(u, imageId);
      expect(res.status, imageId).toBe(400);
      expect(res.body.details, imageId).toEqual([{ field: 'imageId', message: expect.any(String) }]);
    }
    const product = await createProduct(t, u);
    const edit = await t.request('PUT', `/api/secure/product/code/${product.code}`, {
      token: u.token,
      body: { code: product.code, name: 'Tea', price: 100, imageId: theirs },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.details).toEqual([{ field: 'imageId', message: expect.any(String) }]);
    // Nothing of the other store's or the profile picture was touched.
    expect(filesOnDisk(t, other)).toEqual([theirs]);
    expect(filesOnDisk(t, u)).toEqual([profile]);
    const own = crypto.randomUUID();
    expect((await upload(t, u, own, png(200))).status).toBe(200);
    expect((await save(u, own.toUpperCase())).status).toBe(201);
  });

  it('decodes uploads: refuses 40,000 × 40,000 pixels and a file that only starts like a PNG', async () => {
    const u = await createUser(t);
    for (const id of [crypto.randomUUID(), `${u.user.userId}-${u.store.id}-receipt`]) {
      const huge = await upload(t, u, id, pngClaiming(40_000, 40_000));
      expect(huge.status, id).toBe(400);
      expect(huge.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/more than 4096 pixels wide or high/),
      });
      expect(huge.body.details).toEqual([{ field: 'body', message: expect.any(String) }]);
    }
    expect((await upload(t, u, crypto.randomUUID(), pngClaiming(4097, 1))).status).toBe(400);
    const fake = Buffer.concat([SAMPLE_PNG.subarray(0, 8), Buffer.from('rest of a png')]);
    expect((await upload(t, u, crypto.randomUUID(), fake)).status).toBe(415);
    const truncated = await upload(t, u, crypto.randomUUID(), SAMPLE_PNG.subarray(0, SAMPLE_PNG.length - 20));
    expect(truncated.status).toBe(415);
    expect(filesOnDisk(t, u)).toEqual([]);
  });
});
