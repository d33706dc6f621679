import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, unique, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { SAMPLE_JPEG, SAMPLE_PNG, SAMPLE_WEBP } from '../../test/sweep-world.ts';

const [PNG, JPEG, WEBP] = [SAMPLE_PNG, SAMPLE_JPEG, SAMPLE_WEBP];

describe.each(engines)('files on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
    other = await createUser(t);
  });

  const path = (id: string, store = u.store.urlName) => `/api/secure/file/data/${store}/${id}`;
  const put = (id: string, bytes: Uint8Array, type = 'image/png', token = u.token, store?: string) =>
    t.request('PUT', path(id, store), { token, raw: bytes, headers: { 'content-type': type } });
  const get = (id: string, token = u.token, store?: string, headers: Record<string, string> = {}) =>
    fetch(t.url + path(id, store), { headers: { authorization: `Bearer ${token}`, ...headers } });

  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['WebP', WEBP, 'image/webp'],
  ])('stores a %s by its bytes and returns them with its type and private caching', async (_name, bytes, mime) => {
    const id = crypto.randomUUID();
    // The declared type is only a hint: octet-stream is fine, the bytes decide.
    const res = await put(id, bytes, 'application/octet-stream');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id, mime, size: bytes.length });
    const read = await get(id);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe(mime);
    expect(read.headers.get('cache-control')).toMatch(/^private/);
    expect(Buffer.from(await read.arrayBuffer()).equals(bytes)).toBe(true);
    const again = await get(id, u.token, undefined, { 'if-none-match': read.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('replaces an image under the same id', async () => {
    const id = crypto.randomUUID();
    await put(id, PNG);
    expect((await put(id, JPEG, 'image/jpeg')).status).toBe(200);
    const read = await get(id);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await read.arrayBuffer()).equals(JPEG)).toBe(true);
  });

  it('accepts the profile and receipt identifiers, case-insensitively', async () => {
    for (const id of [`${u.user.userId}-${u.store.urlName}-profile`, `${u.user.userId}-${u.store.id}-receipt`]) {
      expect((await put(id.toUpperCase(), PNG)).status).toBe(200);
      expect((await get(id)).status).toBe(200);
    }
  });

  it('refuses a text file named and declared as PNG with 415', async () => {
    const res = await put(crypto.randomUUID(), Buffer.from('just some text, honestly'), 'image/png');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/PNG, JPEG or WebP/),
    });
  });

  it('refuses other declared types, an empty body and bad ids', async () => {
    expect((await put(crypto.randomUUID(), PNG, 'text/plain')).status).toBe(415);
    expect((await put(crypto.randomUUID(), Buffer.alloc(0))).status).toBe(400);
    const bad = await put('not-a-uuid', PNG);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ field: 'uuid', message: expect.any(String) }]);
    expect((await put('..%2F..%2Fetc', PNG)).status).toBe(400);
  });

  it('refuses more than 2 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await put(crypto.randomUUID(), big);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    const justFits = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
    expect((await put(crypto.randomUUID(), justFits)).status).toBe(200);
  });

  it("answers 404 for another user's store, reading or writing", async () => {
    const id = crypto.randomUUID();
    expect((await put(id, PNG, 'image/png', other.token, other.store.urlName)).status).toBe(200);
    expect((await put(id, PNG, 'image/png', other.token)).status).toBe(404);
    expect((await put(id, PNG, 'image/png', u.token, other.store.urlName)).status).toBe(404);
    expect((await get(id, u.token, other.store.urlName)).status).toBe(404);
    expect((await get(id, u.token, `nope-${unique()}`)).status).toBe(404);
    expect((await get(id, other.token, other.store.urlName)).status).toBe(200);
  });

  it('answers 404 for an image that was never stored, and 401 without login', async () => {
    expect((await get(crypto.randomUUID())).status).toBe(404);
    expect((await fetch(t.url + path(crypto.randomUUID()))).status).toBe(401);
  });
});
