import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPin, type TillRoster } from '@shopdesk/shared';
import { addMember, createUser, login, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type ApiResponse, type TestApp } from '../../test/harness.ts';

/*
 * Till PINs (product.md §2): set by the member or reset by MEMBERS, 4–6 digits (6 for a member who
 * may approve), not unique in the store (a member is picked by name), kept only as salted slow
 * hashes; the roster with the hashes goes to a till session (SETTINGS) only; tries are throttled
 * per device and per member with growing delays that the owner's unlock is never held back by.
 * The rest of the PIN rules (length by rights, resets within rights, audit, throttled setting):
 * pin-rules.test.ts.
 */

const pinPath = (store: TestUser, member: TestUser) =>
  `/api/secure/virtual-store/${store.store.urlName}/member/${member.user.userId}/pin`;

export function setPin(t: TestApp, as: TestUser | string, store: TestUser, member: TestUser, pin: string) {
  const token = typeof as === 'string' ? as : as.token;
  return t.request('PUT', pinPath(store, member), { token, body: { pin } });
}

function unlock(t: TestApp, token: string, store: TestUser, userId: string, pin: string, approve?: string) {
  return t.request('POST', '/api/secure/till/unlock', {
    token,
    headers: { 'x-store': store.store.urlName },
    body: { userId, pin, ...(approve ? { approve } : {}) },
  });
}

function expectWait(res: ApiResponse, seconds: number) {
  expect(res.status, res.text).toBe(429);
  expect(res.body.code).toBe('RATE_LIMITED');
  expect(res.headers.get('retry-after')).toBe(String(seconds));
  // The till shows how long to wait.
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  expect(res.body.message).toBe(`Too many wrong PINs. Wait ${wait} and try again.`);
}

function expectWrong(res: ApiResponse) {
  expect(res.status, res.text).toBe(400);
  expect(res.body).toMatchObject({
    code: 'INVALID_CODE',
    message: 'Wrong PIN. Try again.',
    details: [{ field: 'pin' }],
  });
}

/** The waits before tries 6 to 20: 1 s doubling, at most 5 minutes. */
const WAITS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300, 300, 300, 300];

describe.each(engines)('till PINs on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let manager: TestUser;
  let cashier: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [owner, manager, cashier, other] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    await addMember(t, owner.store, manager, 'MANAGER');
    await addMember(t, owner.store, cashier, 'CASHIER');
    await addMember(t, owner.store, other, 'CASHIER');
    expect((await setPin(t, owner, owner, owner, '901234')).status).toBe(204);
    expect((await setPin(t, manager, owner, manager, '567890')).status).toBe(204);
  });

  it('lets a member set their own PIN, stored only as a salted hash; another member may use the same', async () => {
    const set = await setPin(t, cashier, owner, cashier, '123456');
    expect(set.status, set.text).toBe(204);
    for (const pin of ['123', '1234567', '12a4', ' 1234']) {
      expect((await setPin(t, cashier, owner, cashier, pin)).status).toBe(400);
    }
    // No answer tells that another member uses a PIN: the same one is simply accepted.
    const same = await setPin(t, other, owner, other, '123456');
    expect(same.status, same.text).toBe(204);
    expect((await setPin(t, other, other, other, '123456')).status).toBe(204);

    const row = await t.db
      .selectFrom('store_members')
      .where('store_id', '=', owner.store.id)
      .where('user_id', '=', cashier.user.userId)
      .select('pin_hash')
      .executeTakeFirstOrThrow();
    expect(row.pin_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(row.pin_hash).not.toContain('123456');
    expect(await verifyPin('123456', row.pin_hash)).toBe(true);
    expect(await verifyPin('123457', row.pin_hash)).toBe(false);
    // Each of the two members with that PIN unlocks as themself, chosen by id.
    for (const member of [cashier, other]) {
      const ok = await unlock(t, owner.token, owner, member.user.userId, '123456');
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.member.userId).toBe(member.user.userId);
    }
  });

  it("refuses a cashier another member's PIN; the owner resets it", async () => {
    const refused = await setPin(t, cashier, owner, other, '432109');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'permission', message: 'MEMBERS' }] });
    expect((await setPin(t, owner, owner, other, '432109')).status).toBe(204);
    expect((await setPin(t, owner, owner, other, '432109')).status).toBe(204);
    // A stranger's store is not theirs to name: 404 as everywhere.
    expect((await setPin(t, other, manager, manager, '111111')).status).toBe(404);
  });

  it('gives the roster with the hashes only to a session with SETTINGS', async () => {
    const asCashier = await t.request('GET', '/api/secure/till/members', {
      token: cashier.token,
      headers: { 'x-store': owner.store.urlName },
    });
    expect(asCashier.status).toBe(403);
    expect(asCashier.body.details[0].message).toBe('SETTINGS');
    const roster = await t.request<TillRoster>('GET', '/api/secure/till/members', {
      token: owner.token,
      headers: { 'x-store': owner.store.urlName },
    });
    expect(roster.status, roster.text).toBe(200);
    expect(roster.body).toMatchObject({ lockAfterSale: true, idleLockMinutes: 5 });
    const names = roster.body.members.map((m) => m.name);
    expect(names).toHaveLength(4);
    const mine = roster.body.members.find((m) => m.userId === cashier.user.userId)!;
    expect(mine).toMatchObject({ role: 'CASHIER', permissions: ['SELL', 'DISCOUNT', 'SHIFTS'], maxDiscount: 1000 });
    expect(await verifyPin('123456', mine.pinHash)).toBe(true);
    const changed = await t.request<TillRoster>('PUT', '/api/secure/till/settings', {
      token: owner.token,
      headers: { 'x-store': owner.store.urlName },
      body: { lockAfterSale: false, idleLockMinutes: 2 },
    });
    expect(changed.body).toMatchObject({ lockAfterSale: false, idleLockMinutes: 2 });
    const store = await t.request('GET', '/api/secure/virtual-store/current', {
      token: owner.token,
      headers: { 'x-store': owner.store.urlName },
    });
    expect(store.body).toMatchObject({ lockAfterSale: false, idleLockMinutes: 2 });
  });

  it('unlocks by PIN, and checks an approver holds the permission', async () => {
    const ok = await unlock(t, owner.token, owner, cashier.user.userId, '123456');
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.member).toMatchObject({ userId: cashier.user.userId, name: cashier.user.name, role: 'CASHIER' });
    expect(ok.body.member.pinHash).toBeUndefined();
    const cannot = await unlock(t, owner.token, owner, cashier.user.userId, '123456', 'REFUND');
    expect(cannot.status).toBe(403);
    expect(cannot.body.details[0].message).toBe('REFUND');
    expect((await unlock(t, owner.token, owner, manager.user.userId, '567890', 'REFUND')).status).toBe(200);
    // The manager's PIN is checked against the manager only: the cashier's PIN is wrong for her.
    expectWrong(await unlock(t, owner.token, owner, manager.user.userId, '123456'));
    expectWrong(await unlock(t, owner.token, owner, manager.user.userId, '567891'));
    // No such member reads like a wrong PIN.
    expectWrong(await unlock(t, owner.token, owner, 'nobody', '567890'));
  });

  it('slows 20 wrong PINs from one device with growing delays; the owner still unlocks there', async () => {
    const device = await login(t, owner.email);
    for (let i = 0; i < 5; i++) expectWrong(await unlock(t, device, owner, cashier.user.userId, '000000'));
    for (const wait of WAITS) {
      expectWait(await unlock(t, device, owner, cashier.user.userId, '000000'), wait);
      t.clock.advance(wait * 1000);
      expectWrong(await unlock(t, device, owner, cashier.user.userId, '000000'));
    }
    // The device waits for every member now, even with the right PIN …
    expectWait(await unlock(t, device, owner, manager.user.userId, '567890'), 300);
    // … but not the owner, whose own PIN unlocks at once.
    expect((await unlock(t, device, owner, owner.user.userId, '901234')).status).toBe(200);
    // The cashier waits on any device until the owner sets their PIN again.
    const elsewhere = await login(t, owner.email);
    expectWait(await unlock(t, elsewhere, owner, cashier.user.userId, '123456'), 300);
    expect((await setPin(t, owner, owner, cashier, '123456')).status).toBe(204);
    expect((await unlock(t, elsewhere, owner, cashier.user.userId, '123456')).status).toBe(200);
    t.clock.advance(2 * 60 * 60_000);
  });

  it('counts tries at one member from two devices together', async () => {
    const [a, b] = [await login(t, owner.email), await login(t, owner.email)];
    for (let i = 0; i < 5; i++) expectWrong(await unlock(t, i % 2 ? b : a, owner, other.user.userId, '000000'));
    for (const [i, wait] of WAITS.entries()) {
      // Neither device had five wrong tries of its own: the member's count holds both back.
      const device = i % 2 ? a : b;
      expectWait(await unlock(t, device, owner, other.user.userId, '000000'), wait);
      t.clock.advance(wait * 1000);
      expectWrong(await unlock(t, device, owner, other.user.userId, '000000'));
    }
    expect((await unlock(t, a, owner, owner.user.userId, '901234')).status).toBe(200);
    // Once the wait is over, the right PIN starts the member's count over.
    t.clock.advance(300_000);
    expect((await unlock(t, b, owner, other.user.userId, '432109')).status).toBe(200);
    expectWrong(await unlock(t, b, owner, other.user.userId, '000000'));
  });
});
