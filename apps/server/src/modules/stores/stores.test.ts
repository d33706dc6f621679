import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectFieldErrors, unique, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';

describe.each(engines)('stores on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
    other = await createUser(t);
  });

  const create = (token: string, body: unknown) => t.request('POST', '/api/secure/virtual-store', { token, body });
  const update = (token: string, urlName: string, body: unknown) =>
    t.request('PUT', `/api/secure/virtual-store/${urlName}`, { token, body });
  const details = {
    name: 'Renamed',
    mainCurrency: 'USD',
    secondCurrency: null,
    timezone: 'Europe/Berlin',
    address: '1 Main St',
    phone: '+1 (555) 010-2000',
  };

  it('lists only my own stores, first store from sign-up included', async () => {
    const res = await t.request('GET', '/api/secure/virtual-store', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([u.store]);
    expect(u.store).toMatchObject({
      mainCurrency: 'USD',
      secondCurrency: 'JPY',
      timezone: 'UTC',
      address: '',
      phone: '',
    });
  });

  it('creates a store (201), lowercasing the urlName', async () => {
    const urlName = `Branch-${unique()}`;
    const res = await create(u.token, {
      name: 'Branch',
      urlName,
      mainCurrency: 'KWD',
      timezone: 'Asia/Kuwait',
      phone: '+965 1234',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      urlName: urlName.toLowerCase(),
      name: 'Branch',
      mainCurrency: 'KWD',
      secondCurrency: null,
      timezone: 'Asia/Kuwait',
      phone: '+965 1234',
      address: '',
    });
    const list = await t.request('GET', '/api/secure/virtual-store', { token: u.token });
    expect(list.body.map((s: { id: string }) => s.id)).toContain(res.body.id);
    const theirs = await t.request('GET', '/api/secure/virtual-store', { token: other.token });
    expect(theirs.body.map((s: { id: string }) => s.id)).not.toContain(res.body.id);
  });

  it('starts a yen store tax-inclusive at 10%, rounded down per rate; other currencies without tax', async () => {
    const japanese = { taxMode: 'INCLUSIVE', defaultTaxRate: 1000, taxCalculation: 'PER_RATE', taxRounding: 'DOWN' };
    const none = { taxMode: 'NONE', defaultTaxRate: 0, taxCalculation: 'PER_LINE', taxRounding: 'HALF_UP' };
    // At sign-up (the first store) and from "new store".
    expect((await createUser(t, { mainCurrency: 'JPY', secondCurrency: 'USD' })).store).toMatchObject(japanese);
    expect((await createUser(t, { mainCurrency: 'USD', secondCurrency: 'JPY' })).store).toMatchObject(none);
    const yen = await create(u.token, { name: 'Tokyo', urlName: `tokyo-${unique()}`, mainCurrency: 'JPY' });
    expect(yen.status, yen.text).toBe(201);
    expect(yen.body).toMatchObject(japanese);
    const euro = await create(u.token, { name: 'Berlin', urlName: `berlin-${unique()}`, mainCurrency: 'EUR' });
    expect(euro.body).toMatchObject(none);
    // Read back as stored, not only as answered.
    const current = await t.request('GET', '/api/secure/virtual-store/current', {
      token: u.token,
      headers: { 'X-Store': yen.body.urlName },
    });
    expect(current.body).toMatchObject(japanese);
  });

  it('refuses a urlName taken by anyone, in any case, with 409 URL_NAME_TAKEN', async () => {
    const res = await create(u.token, {
      name: 'Copy',
      urlName: other.store.urlName.toUpperCase(),
      mainCurrency: 'USD',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'URL_NAME_TAKEN', details: [{ field: 'urlName' }] });
  });

  it('refuses reserved url names with 400 naming urlName', async () => {
    for (const urlName of ['profile', 'api', 'Assets']) {
      expectFieldErrors(await create(u.token, { name: 'X', urlName, mainCurrency: 'USD' }), ['urlName']);
    }
  });

  it('names bad fields on create', async () => {
    expectFieldErrors(await create(u.token, {}), ['name', 'urlName', 'mainCurrency']);
    expectFieldErrors(await create(u.token, { name: 'A', urlName: 'ab', mainCurrency: 'USD' }), ['urlName']);
    expectFieldErrors(
      await create(u.token, { name: 'A', urlName: `ok-${unique()}`, mainCurrency: 'USD', secondCurrency: 'USD' }),
      ['secondCurrency'],
    );
    expectFieldErrors(
      await create(u.token, { name: 'A', urlName: `ok-${unique()}`, mainCurrency: 'USD', phone: 'call me' }),
      ['phone'],
    );
    expectFieldErrors(
      await create(u.token, { name: 'A', urlName: `ok-${unique()}`, mainCurrency: 'usd', timezone: 'Nowhere/City' }),
      ['mainCurrency', 'timezone'],
    );
  });

  it('updates my store, including the main currency while the store is empty', async () => {
    const res = await update(u.token, u.store.urlName.toUpperCase(), {
      ...details,
      mainCurrency: 'EUR',
      secondCurrency: 'USD',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ...u.store, ...details, mainCurrency: 'EUR', secondCurrency: 'USD' });
    const list = await t.request('GET', '/api/secure/virtual-store', { token: u.token });
    expect(list.body.find((s: { id: string }) => s.id === u.store.id)).toEqual(res.body);
  });

  it("answers someone else's store exactly like a missing one", async () => {
    const theirs = await update(u.token, other.store.urlName, details);
    const missing = await update(u.token, `no-such-${unique()}`, details);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    const check = await t.request('GET', '/api/secure/virtual-store', { token: other.token });
    expect(check.body[0].name).toBe(other.store.name);
  });

  it('names bad fields on update', async () => {
    expectFieldErrors(await update(u.token, u.store.urlName, {}), [
      'name',
      'mainCurrency',
      'secondCurrency',
      'timezone',
      'address',
      'phone',
    ]);
    expectFieldErrors(await update(u.token, u.store.urlName, { ...details, secondCurrency: 'USD' }), [
      'secondCurrency',
    ]);
    expectFieldErrors(await update(u.token, u.store.urlName, { ...details, address: 'x'.repeat(201) }), ['address']);
  });

  describe('X-Store scope', () => {
    const current = (token: string, store?: string) =>
      t.request('GET', '/api/secure/virtual-store/current', { token, headers: store ? { 'x-store': store } : {} });

    it('resolves the default store without a header', async () => {
      const res = await current(other.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(other.store);
    });

    it('resolves the store named by the header, case-insensitively', async () => {
      const second = await create(other.token, { name: 'Kiosk', urlName: `kiosk-${unique()}`, mainCurrency: 'JPY' });
      const res = await current(other.token, second.body.urlName.toUpperCase());
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(second.body.id);
    });

    it("answers 404 for someone else's store and for a missing one, identically", async () => {
      const theirs = await current(u.token, other.store.urlName);
      const missing = await current(u.token, `nope-${unique()}`);
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(missing.body);
      expect(theirs.body.code).toBe('NOT_FOUND');
    });

    it('requires login', async () => {
      expect(
        (await t.request('GET', '/api/secure/virtual-store/current', { headers: { 'x-store': u.store.urlName } }))
          .status,
      ).toBe(401);
    });
  });
});
