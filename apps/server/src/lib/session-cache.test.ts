import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, PASSWORD, unique, type TestUser } from '../test/factories.ts';
import { engines, useTestApp } from '../test/harness.ts';
import { createSessionCache } from './session-cache.ts';

describe('session cache', () => {
  let now = 0;
  const cache = createSessionCache(5000, () => now);
  const entry = { value: { userId: 'u1', sessionId: 's1' }, expiresAtMs: Number.MAX_SAFE_INTEGER };

  it('keeps an entry for its time to live, per session and store', () => {
    now = 0;
    cache.set('s1', 'shop', entry);
    now = 4999;
    expect(cache.get('s1', 'shop')).toEqual(entry);
    expect(cache.get('s1', undefined)).toBeUndefined();
    expect(cache.get('s2', 'shop')).toBeUndefined();
    now = 5000;
    expect(cache.get('s1', 'shop')).toBeUndefined();
  });

  it('forgets everything on invalidate and keeps nothing for the next time to live', () => {
    now = 10_000;
    cache.set('s1', 'shop', entry);
    cache.invalidate();
    expect(cache.get('s1', 'shop')).toBeUndefined();
    // A read that started before the write may answer after it: it must not be kept.
    now = 14_999;
    cache.set('s1', 'shop', entry);
    expect(cache.get('s1', 'shop')).toBeUndefined();
    now = 15_000;
    cache.set('s1', 'shop', entry);
    expect(cache.get('s1', 'shop')).toEqual(entry);
  });

  it('keeps nothing when its time to live is 0', () => {
    const off = createSessionCache(0, () => now);
    off.set('s1', undefined, entry);
    expect(off.get('s1', undefined)).toBeUndefined();
  });
});

// The cache must never let a revoked session or an edited store through: every change to sessions,
// stores or users clears it (watchChanges), so these run with sessions used a moment before.
describe.each(engines)('remembered sessions on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
  });

  const check = (token: string) => t.request('GET', '/api/secure/login/check', { token });
  const current = (token: string, store: string) =>
    t.request('GET', '/api/secure/virtual-store/current', { token, headers: { 'x-store': store } });

  it('refuses a session used a moment ago once it logs out, with and without X-Store', async () => {
    const token = await login(t, u.email);
    expect((await check(token)).status).toBe(200);
    expect((await current(token, u.store.urlName)).status).toBe(200);
    expect((await t.request('POST', '/api/secure/logout', { token })).status).toBe(204);
    expect((await check(token)).status).toBe(401);
    expect((await current(token, u.store.urlName)).status).toBe(401);
  });

  it('refuses the other devices at once after a password change', async () => {
    const me = await createUser(t);
    const otherDevice = await login(t, me.email);
    expect((await current(otherDevice, me.store.urlName)).status).toBe(200);
    const res = await t.request('PUT', '/api/secure/profile/update-password', {
      token: me.token,
      body: { currentPassword: PASSWORD, newPassword: 'my new password' },
    });
    expect(res.status, res.text).toBe(204);
    expect((await current(otherDevice, me.store.urlName)).status).toBe(401);
    expect((await current(me.token, me.store.urlName)).status).toBe(200);
  });

  it('serves a store edit to the very next call', async () => {
    expect((await current(u.token, u.store.urlName)).body.name).toBe(u.store.name);
    const name = `Renamed ${unique()}`;
    const edit = await t.request('PUT', `/api/secure/virtual-store/${u.store.urlName}`, {
      token: u.token,
      body: {
        name,
        mainCurrency: u.store.mainCurrency,
        secondCurrency: u.store.secondCurrency,
        timezone: 'UTC',
        address: '',
        phone: '',
      },
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await current(u.token, u.store.urlName)).body.name).toBe(name);
  });

  it('answers a store created after a 404 at once (a missing store is never remembered)', async () => {
    const urlName = `later-${unique()}`;
    expect((await current(u.token, urlName)).status).toBe(404);
    const created = await t.request('POST', '/api/secure/virtual-store', {
      token: u.token,
      body: { name: 'Later', urlName, mainCurrency: 'USD' },
    });
    expect(created.status, created.text).toBe(201);
    expect((await current(u.token, urlName)).body.urlName).toBe(urlName);
  });
});
