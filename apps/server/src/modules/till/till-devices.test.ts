import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, login, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { approveOn, makeTill, onTill, setOwnPin, unlockOn } from '../../test/till-world.ts';

/*
 * Tills as devices (product.md §2 "Till mode"): the owner or a manager turns a device into a till,
 * whose token replaces their session there; the owner lists tills and revokes one from any device,
 * and the till is answered 401 TILL_REVOKED at its next request; leaving till mode on the till
 * needs the PIN of a member with SETTINGS. Each step is in the audit log.
 */
describe.each(engines)('till devices on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let manager: TestUser;
  let cashier: TestUser;
  const PIN = { owner: '909090', manager: '246810', cashier: '135790' };
  const inStore = (token: string) => ({ token, headers: { 'x-store': owner.store.urlName } });

  beforeAll(async () => {
    [owner, manager, cashier] = await Promise.all([
      createUser(t, { name: 'Olive Owner' }),
      createUser(t, { name: 'Mona Manager' }),
      createUser(t),
    ]);
    await addMember(t, owner.store, manager, 'MANAGER');
    await addMember(t, owner.store, cashier, 'CASHIER');
    await setOwnPin(t, owner, owner, PIN.owner);
    await setOwnPin(t, owner, manager, PIN.manager);
    await setOwnPin(t, owner, cashier, PIN.cashier);
  });

  it("turns a device into a till: a token of its own, and the person's session there ends", async () => {
    const session = await login(t, manager.email, manager.password);
    const made = await t.request('POST', '/api/secure/till/device', {
      ...inStore(session),
      body: { name: 'Front till' },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ name: 'Front till', tillToken: expect.stringMatching(/^sdt1\./) });
    // The session that asked is signed out; the manager's other sessions are not.
    expect((await t.request('GET', '/api/secure/profile', { token: session })).status).toBe(401);
    expect((await t.request('GET', '/api/secure/profile', { token: manager.token })).status).toBe(200);
    const till = { id: made.body.id, token: made.body.tillToken, store: owner.store.urlName };
    const current = await onTill(t, till, 'GET', '/api/secure/till/device/current');
    expect(current.body).toEqual({ id: till.id, name: 'Front till', store: owner.store.urlName });
    // Only the store's own: with another store, as if it did not exist.
    const elsewhere = await t.request('GET', '/api/secure/till/device/current', {
      token: till.token,
      headers: { 'x-store': manager.store.urlName },
    });
    expect(elsewhere.status).toBe(404);
    // A forged secret is no till.
    const forged = `${till.token.slice(0, -4)}AAAA`;
    const bad = await t.request('GET', '/api/secure/till/device/current', {
      token: forged,
      headers: { 'x-store': owner.store.urlName },
    });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('UNAUTHORIZED');
  });

  it('needs SETTINGS to make, list or revoke tills, from a person’s session only', async () => {
    const refused = await t.request('POST', '/api/secure/till/device', {
      ...inStore(cashier.token),
      body: { name: 'Mine' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.details).toEqual([{ field: 'permission', message: 'SETTINGS' }]);
    expect((await t.request('GET', '/api/secure/till/device', inStore(cashier.token))).status).toBe(403);
    // A till cannot make another till or list them, even with the owner unlocked on it.
    const till = await makeTill(t, owner);
    const asOwner = await unlockOn(t, till, owner, PIN.owner);
    const fromTill = await onTill(t, till, 'POST', '/api/secure/till/device', asOwner, { body: { name: 'Second' } });
    expect(fromTill.status).toBe(403);
    expect(fromTill.body.code).toBe('NOT_ON_TILL');
    expect((await onTill(t, till, 'GET', '/api/secure/till/device', asOwner)).body.code).toBe('NOT_ON_TILL');
    // Names are bounded and plain.
    const control = await t.request('POST', '/api/secure/till/device', {
      ...inStore(await login(t, owner.email, owner.password)),
      body: { name: 'Till\u202e1' },
    });
    expect(control.status).toBe(400);
  });

  it('lists the tills with who made them and when each was last seen, and revokes one from any device', async () => {
    const till = await makeTill(t, owner, 'Back till');
    const asCashier = await unlockOn(t, till, cashier, PIN.cashier);
    expect((await onTill(t, till, 'GET', '/api/secure/product', asCashier)).status).toBe(200);
    const list = await t.request('GET', '/api/secure/till/device', inStore(owner.token));
    expect(list.status, list.text).toBe(200);
    const row = list.body.tills.find((x: { id: string }) => x.id === till.id);
    expect(row).toMatchObject({
      name: 'Back till',
      createdBy: { userId: owner.user.userId, name: 'Olive Owner' },
      revokedAt: null,
    });
    expect(row.lastSeenAt).not.toBeNull();
    // The manager revokes it from their phone.
    const revoked = await t.request('DELETE', `/api/secure/till/device/${till.id}`, inStore(manager.token));
    expect(revoked.status, revoked.text).toBe(204);
    const next = await onTill(t, till, 'GET', '/api/secure/product', asCashier);
    expect(next.status).toBe(401);
    expect(next.body.code).toBe('TILL_REVOKED');
    // Again: the same answer, and one event in the log.
    expect((await t.request('DELETE', `/api/secure/till/device/${till.id}`, inStore(owner.token))).status).toBe(204);
    const events = await t.db
      .selectFrom('audit_events')
      .where('store_id', '=', owner.store.id)
      .where('entity_code', '=', till.id)
      .select(['action', 'user_id', 'summary'])
      .orderBy('at')
      .execute();
    expect(events).toEqual([
      { action: 'TILL_CREATE', user_id: owner.user.userId, summary: 'Back till' },
      { action: 'TILL_REVOKE', user_id: manager.user.userId, summary: 'Back till' },
    ]);
    // Another store's till, or none, is not found.
    const stranger = await createUser(t);
    const theirs = await makeTill(t, stranger);
    expect((await t.request('DELETE', `/api/secure/till/device/${theirs.id}`, inStore(owner.token))).status).toBe(404);
  });

  it('leaves till mode only with the approval of a member who has SETTINGS', async () => {
    const till = await makeTill(t, owner, 'Leaving till');
    const leave = (approval: unknown) =>
      onTill(t, till, 'POST', '/api/secure/till/leave', undefined, { body: { approval } });
    // A cashier's PIN cannot give SETTINGS.
    const cashierTry = await onTill(t, till, 'POST', '/api/secure/till/unlock', undefined, {
      body: { userId: cashier.user.userId, pin: PIN.cashier, approve: 'SETTINGS', clientId: randomUUID() },
    });
    expect(cashierTry.status).toBe(403);
    // A grant of another till is refused.
    const other = await makeTill(t, owner, 'Other till');
    const foreign = await approveOn(t, other, manager, PIN.manager, 'SETTINGS');
    expect((await leave(foreign)).status).toBe(403);
    // A grant for another permission is refused.
    expect((await leave(await approveOn(t, till, manager, PIN.manager, 'REFUND'))).status).toBe(403);
    const left = await leave(await approveOn(t, till, manager, PIN.manager, 'SETTINGS'));
    expect(left.status, left.text).toBe(204);
    expect((await onTill(t, till, 'GET', '/api/secure/till/device/current')).body.code).toBe('TILL_REVOKED');
    const event = await t.db
      .selectFrom('audit_events')
      .where('store_id', '=', owner.store.id)
      .where('entity_code', '=', till.id)
      .where('action', '=', 'TILL_REVOKE')
      .select(['user_id', 'device_id', 'approval_mode'])
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ user_id: manager.user.userId, device_id: till.id, approval_mode: null });
  });
});
