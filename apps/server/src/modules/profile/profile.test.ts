import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, createUser, expectFieldErrors, login, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';

describe.each(engines)('profile on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
  });

  it('returns the logged user', async () => {
    const res = await t.request('GET', '/api/secure/profile', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...u.user, emailConfirmed: true });
    expect(res.body.defaultStore).toBe(u.store.urlName);
    expect(res.body.defaultStoreId).toBe(u.store.id);
  });

  it('updates name and locale', async () => {
    const res = await t.request('PUT', '/api/secure/profile', {
      token: u.token,
      body: { name: '  Grace  ', locale: 'ja-JP' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: 'Grace', locale: 'ja-JP', userId: u.user.userId });
    expect((await t.request('GET', '/api/secure/profile', { token: u.token })).body.name).toBe('Grace');
  });

  it('names bad profile fields', async () => {
    const put = (body: unknown) => t.request('PUT', '/api/secure/profile', { token: u.token, body });
    expectFieldErrors(await put({}), ['name', 'locale']);
    expectFieldErrors(await put({ name: '   ', locale: 'en-US' }), ['name']);
    expectFieldErrors(await put({ name: 'x'.repeat(81), locale: 'en-US' }), ['name']);
    expectFieldErrors(await put({ name: 'Ok', locale: 'fr-FR' }), ['locale']);
  });

  it('requires login', async () => {
    expect((await t.request('GET', '/api/secure/profile')).status).toBe(401);
    expect((await t.request('PUT', '/api/secure/profile', { body: { name: 'x', locale: 'en-US' } })).status).toBe(401);
  });

  describe('default store', () => {
    it('switches to another own store', async () => {
      const created = await t.request('POST', '/api/secure/virtual-store', {
        token: u.token,
        body: { name: 'Second', urlName: `second-${u.store.urlName}`, mainCurrency: 'EUR' },
      });
      expect(created.status, created.text).toBe(201);
      const res = await t.request('PUT', `/api/secure/profile/update-default-store/${created.body.id}`, {
        token: u.token,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ defaultStoreId: created.body.id, defaultStore: created.body.urlName });
      // The store scope follows the default store when no X-Store is sent.
      const current = await t.request('GET', '/api/secure/virtual-store/current', { token: u.token });
      expect(current.body.id).toBe(created.body.id);
      await t.request('PUT', `/api/secure/profile/update-default-store/${u.store.id}`, { token: u.token });
    });

    it("answers someone else's store exactly like a missing one", async () => {
      const other = await createUser(t);
      const theirs = await t.request('PUT', `/api/secure/profile/update-default-store/${other.store.id}`, {
        token: u.token,
      });
      const missing = await t.request('PUT', `/api/secure/profile/update-default-store/${randomUUID()}`, {
        token: u.token,
      });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(missing.body);
      expect(theirs.body.code).toBe('NOT_FOUND');
      expect((await t.request('GET', '/api/secure/profile', { token: u.token })).body.defaultStoreId).toBe(u.store.id);
    });

    it('refuses a store id that is not a UUID with 400 naming it', async () => {
      expectFieldErrors(await t.request('PUT', '/api/secure/profile/update-default-store/abc', { token: u.token }), [
        'newDefaultStoreId',
      ]);
    });
  });

  describe('password change', () => {
    it('refuses a wrong current password with 400 WRONG_PASSWORD naming currentPassword', async () => {
      const res = await t.request('PUT', '/api/secure/profile/update-password', {
        token: u.token,
        body: { currentPassword: 'not my password', newPassword: 'whatever-long' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'WRONG_PASSWORD', details: [{ field: 'currentPassword' }] });
    });

    it('names bad fields', async () => {
      const put = (body: unknown) => t.request('PUT', '/api/secure/profile/update-password', { token: u.token, body });
      expectFieldErrors(await put({}), ['currentPassword', 'newPassword']);
      expectFieldErrors(await put({ currentPassword: PASSWORD, newPassword: 'short' }), ['newPassword']);
      expectFieldErrors(await put({ currentPassword: '', newPassword: 'long enough' }), ['currentPassword']);
    });

    it('changes the password, keeps this session and revokes the others', async () => {
      const me = await createUser(t);
      const otherDevice = await login(t, me.email);
      const res = await t.request('PUT', '/api/secure/profile/update-password', {
        token: me.token,
        body: { currentPassword: PASSWORD, newPassword: 'my new password' },
      });
      expect(res.status, res.text).toBe(204);
      expect((await t.request('GET', '/api/secure/login/check', { token: me.token })).status).toBe(200);
      const revoked = await t.request('GET', '/api/secure/login/check', { token: otherDevice });
      expect(revoked.status).toBe(401);
      expect(revoked.body.code).toBe('UNAUTHORIZED');
      expect(
        (await t.request('POST', '/api/auth/login', { body: { email: me.email, password: PASSWORD } })).status,
      ).toBe(401);
      await login(t, me.email, 'my new password');
    });
  });
});
