import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, inviteMember, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';

/*
 * Access through store_members: the owner's row, written with the store, keeps exactly today's
 * answers; a member (invited and accepted) reaches the store, sees it in the store list, and is
 * refused (403) what their role lacks; a stranger still gets 404.
 */
describe.each(engines)('store access through members on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let cashier: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    [owner, stranger] = [await createUser(t), await createUser(t)];
    cashier = await inviteMember(t, owner, { role: 'CASHIER' });
  });

  const current = (user: TestUser) =>
    t.request('GET', '/api/secure/virtual-store/current', {
      token: user.token,
      headers: { 'x-store': owner.store.urlName },
    });

  it('gives each new store its owner row', async () => {
    const rows = await t.db.selectFrom('store_members').selectAll().where('store_id', '=', owner.store.id).execute();
    expect(rows.map((r) => [r.user_id, r.role]).sort()).toEqual(
      [
        [owner.user.userId, 'OWNER'],
        [cashier.user.userId, 'CASHIER'],
      ].sort(),
    );
  });

  it('lets the owner and a member into the store, and lists it for the member marked with their role', async () => {
    expect((await current(owner)).status).toBe(200);
    const asMember = await current(cashier);
    expect(asMember.status, asMember.text).toBe(200);
    expect(asMember.body.id).toBe(owner.store.id);
    const list = await t.request('GET', '/api/secure/virtual-store', { token: cashier.token });
    expect(list.body.map((s: { id: string; role: string }) => [s.id, s.role])).toEqual([[owner.store.id, 'CASHIER']]);
  });

  it('refuses a member what their role lacks with 403 FORBIDDEN, and a stranger with 404', async () => {
    const body = { code: 'MEMBER-1', name: 'Tea', price: 100 };
    const refused = await t.request('POST', '/api/secure/product', {
      token: cashier.token,
      headers: { 'x-store': owner.store.urlName },
      body,
    });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const missing = await current(stranger);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });
});
