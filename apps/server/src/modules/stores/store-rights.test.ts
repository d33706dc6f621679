import { OWNER_RIGHTS, ROLE_PERMISSIONS, type VirtualStore } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { SAMPLE_PNG } from '../../test/sweep-world.ts';

/*
 * What a member may do shows in the store answers (the web app hides what they cannot do), and the
 * owner-only parts of routes a member may call are refused in the service: a store's currencies,
 * and images by what they are.
 */
describe.each(engines)('rights in the store answers and mixed routes on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let manager: TestUser;
  let cashier: TestUser;
  beforeAll(async () => {
    [owner, manager, cashier] = [await createUser(t), await createUser(t), await createUser(t)];
    await addMember(t, owner.store, manager, 'MANAGER');
    await addMember(t, owner.store, cashier, 'CASHIER');
  });
  const as = (user: TestUser) => ({ token: user.token, headers: { 'x-store': owner.store.urlName } });

  it('answers the caller’s rights in the store list and the current store', async () => {
    const list = await t.request<VirtualStore[]>('GET', '/api/secure/virtual-store', { token: cashier.token });
    const byId = new Map(list.body.map((s) => [s.id, s.rights]));
    expect(byId.get(cashier.store.id)).toEqual({ ...OWNER_RIGHTS, permissions: [...OWNER_RIGHTS.permissions] });
    expect(byId.get(owner.store.id)).toEqual({
      role: 'CASHIER',
      permissions: [...ROLE_PERMISSIONS.CASHIER],
      maxDiscount: 1000,
    });
    const current = await t.request<VirtualStore>('GET', '/api/secure/virtual-store/current', as(manager));
    expect(current.body.rights?.role).toBe('MANAGER');
    expect(current.body.rights?.permissions).toEqual([...ROLE_PERMISSIONS.MANAGER]);
  });

  it('lets a manager edit the store but only the owner change its currencies', async () => {
    const details = { name: 'Renamed by manager', timezone: 'Asia/Tokyo', address: '', phone: '' };
    const path = `/api/secure/virtual-store/${owner.store.urlName}`;
    const same = { mainCurrency: owner.store.mainCurrency, secondCurrency: owner.store.secondCurrency };
    const renamed = await t.request('PUT', path, { ...as(manager), body: { ...details, ...same } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.rights.role).toBe('MANAGER');
    const currency = await t.request('PUT', path, {
      ...as(manager),
      body: { ...details, ...same, secondCurrency: null },
    });
    expect(currency.status, currency.text).toBe(403);
    expect(currency.body.details).toEqual([{ field: 'permission', message: 'OWNER' }]);
    const byCashier = await t.request('PUT', path, { ...as(cashier), body: { ...details, ...same } });
    expect(byCashier.status).toBe(403);
    expect(byCashier.body.details).toEqual([{ field: 'permission', message: 'SETTINGS' }]);
    const byOwner = await t.request('PUT', path, { ...as(owner), body: { ...details, ...same, secondCurrency: null } });
    expect(byOwner.status, byOwner.text).toBe(200);
  });

  it('decides an image upload by what the image is', async () => {
    const upload = (user: TestUser, id: string) =>
      t.request('PUT', `/api/secure/file/data/${owner.store.urlName}/${id}`, {
        token: user.token,
        raw: SAMPLE_PNG,
        headers: { 'content-type': 'image/png' },
      });
    const refusal = async (user: TestUser, id: string) => {
      const res = await upload(user, id);
      expect(res.status, res.text).toBe(403);
      return res.body.details[0].message as string;
    };
    expect((await upload(cashier, `${cashier.user.userId}-${owner.store.urlName}-profile`)).status).toBe(200);
    expect(await refusal(cashier, crypto.randomUUID())).toBe('PRODUCTS');
    expect(await refusal(cashier, `${owner.user.userId}-${owner.store.id}-receipt`)).toBe('SETTINGS');
    expect(await refusal(manager, `${owner.user.userId}-${owner.store.urlName}-profile`)).toBe('OWNER');
    expect((await upload(manager, crypto.randomUUID())).status).toBe(200);
    expect((await upload(manager, `${owner.user.userId}-${owner.store.id}-receipt`)).status).toBe(200);
  });
});
