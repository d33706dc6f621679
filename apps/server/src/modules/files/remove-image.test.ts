import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { SAMPLE_PNG } from '../../test/sweep-world.ts';

const PNG = SAMPLE_PNG;

describe.each(engines)('removing a profile picture or receipt logo on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
    other = await createUser(t);
  });
  const path = (id: string, store = u.store.urlName) => `/api/secure/file/data/${store}/${id}`;
  const put = (id: string) =>
    t.request('PUT', path(id), { token: u.token, raw: PNG, headers: { 'content-type': 'image/png' } });

  it('removes the picture (204), and a second removal is 204 too', async () => {
    for (const id of [`${u.user.userId}-${u.store.urlName}-profile`, `${u.user.userId}-${u.store.id}-receipt`]) {
      expect((await put(id)).status).toBe(200);
      expect((await t.request('DELETE', path(id), { token: u.token })).status).toBe(204);
      expect((await t.request('GET', path(id), { token: u.token })).status).toBe(404);
      expect((await t.request('DELETE', path(id), { token: u.token })).status).toBe(204);
    }
  });

  it('refuses a product image id with 400 and keeps it', async () => {
    const id = crypto.randomUUID();
    expect((await put(id)).status).toBe(200);
    const res = await t.request('DELETE', path(id), { token: u.token });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('uuid');
    expect((await t.request('GET', path(id), { token: u.token })).status).toBe(200);
  });

  it("answers 404 for another user's store and removes nothing", async () => {
    const id = `${u.user.userId}-${u.store.urlName}-profile`;
    expect((await put(id)).status).toBe(200);
    expect((await t.request('DELETE', path(id), { token: other.token })).status).toBe(404);
    expect((await t.request('GET', path(id), { token: u.token })).status).toBe(200);
  });
});
