import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pinSecretOf, unlockWithVerifier, verifyPin, type Permission, type TillRoster } from '@shopdesk/shared';
import { throttleKey } from '../../lib/rate-limit.ts';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type ApiResponse, type TestApp } from '../../test/harness.ts';
import { makeTill, onTill, unlockOn, type TestTill } from '../../test/till-world.ts';
import { PIN_THROTTLE } from './pin-throttle.ts';

/*
 * Till PINs (product.md §2): set by the member or reset by MEMBERS, 4–6 digits (6 for a member who
 * may approve), not unique in the store (a member is picked by name), kept only as salted slow
 * hashes; the roster goes to till tokens only, with PIN verifiers (never the hashes); the PIN check
 * is a till's, answering a member token; tries are throttled per till and per member with growing
 * delays that the owner's unlock is never held back by. The rest of the PIN rules (length by
 * rights, resets within rights, "My PIN" on a till, audit, throttled setting): pin-rules.test.ts.
 */

const pinPath = (store: TestUser, member: TestUser) =>
  `/api/secure/virtual-store/${store.store.urlName}/member/${member.user.userId}/pin`;

export function setPin(t: TestApp, as: TestUser | string, store: TestUser, member: TestUser, pin: string) {
  const token = typeof as === 'string' ? as : as.token;
  return t.request('PUT', pinPath(store, member), { token, body: { pin } });
}

/** The PIN check on a till; with `approve`, for one action (a fresh clientId). */
function unlock(t: TestApp, till: TestTill, userId: string, pin: string, approve?: Permission) {
  return onTill(t, till, 'POST', '/api/secure/till/unlock', undefined, {
    body: { userId, pin, ...(approve ? { approve, clientId: randomUUID() } : {}) },
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

function expectTillOnly(res: ApiResponse) {
  expect(res.status, res.text).toBe(403);
  expect(res.body).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'permission', message: 'TILL' }] });
}

/** The waits before tries 6 to 20: 1 s doubling, at most 5 minutes. */
const WAITS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300, 300, 300, 300];

describe.each(engines)('till PINs on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let manager: TestUser;
  let cashier: TestUser;
  let other: TestUser;
  let till: TestTill;

  beforeAll(async () => {
    [owner, manager, cashier, other] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    await addMember(t, owner.store, manager, 'MANAGER');
    await addMember(t, owner.store, cashier, 'CASHIER');
    await addMember(t, owner.store, other, 'CASHIER');
    expect((await setPin(t, owner, owner, owner, '901234')).status).toBe(204);
    expect((await setPin(t, manager, owner, manager, '567890')).status).toBe(204);
    till = await makeTill(t, owner);
  });

  const storedHash = async (member: TestUser) =>
    (
      await t.db
        .selectFrom('store_members')
        .where('store_id', '=', owner.store.id)
        .where('user_id', '=', member.user.userId)
        .select('pin_hash')
        .executeTakeFirstOrThrow()
    ).pin_hash;

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

    const hash = await storedHash(cashier);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(hash).not.toContain('123456');
    expect(await verifyPin('123456', hash)).toBe(true);
    expect(await verifyPin('123457', hash)).toBe(false);
    // Each of the two members with that PIN unlocks on the till as themself, chosen by id, and is
    // answered a member token naming them.
    for (const member of [cashier, other]) {
      const ok = await unlock(t, till, member.user.userId, '123456');
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.member.userId).toBe(member.user.userId);
      expect(ok.body.memberToken.split('.')[0]).toBe(member.user.userId);
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

  it("gives the roster with PIN verifiers only to a till token; a person's session, even the owner's, gets 403", async () => {
    for (const person of [cashier, manager, owner]) {
      expectTillOnly(
        await t.request('GET', '/api/secure/till/members', {
          token: person.token,
          headers: { 'x-store': owner.store.urlName },
        }),
      );
    }
    const roster: ApiResponse<TillRoster> = await onTill(t, till, 'GET', '/api/secure/till/members');
    expect(roster.status, roster.text).toBe(200);
    expect(roster.body).toMatchObject({ lockAfterSale: true, idleLockMinutes: 5 });
    expect(roster.body.members.map((m) => m.name)).toHaveLength(4);
    const mine = roster.body.members.find((m) => m.userId === cashier.user.userId)!;
    expect(mine).toMatchObject({ role: 'CASHIER', permissions: ['SELL', 'DISCOUNT', 'SHIFTS'], maxDiscount: 1000 });
    expect(mine).not.toHaveProperty('pinHash');
    // A verifier is not the stored hash, nor does it contain it …
    for (const member of [owner, manager, cashier, other]) {
      const hash = (await storedHash(member))!;
      const { pinVerifier } = roster.body.members.find((m) => m.userId === member.user.userId)!;
      expect(pinVerifier).toEqual(expect.any(String));
      expect(pinVerifier).not.toBe(hash);
      expect(pinVerifier).not.toContain(hash.slice(hash.lastIndexOf('$') + 1));
    }
    // … yet the till checks a PIN against it offline: the right one gives the hash's secret.
    const secret = await unlockWithVerifier('123456', mine.pinVerifier);
    expect(secret).not.toBeNull();
    expect(Buffer.from(secret!).equals(Buffer.from(pinSecretOf(await storedHash(cashier))!))).toBe(true);
    expect(await unlockWithVerifier('123457', mine.pinVerifier)).toBeNull();
    expect(await unlockWithVerifier('432109', mine.pinVerifier)).toBeNull();

    // The lock settings: SETTINGS of the member unlocked on the till (or an approval).
    const settings = { lockAfterSale: false, idleLockMinutes: 2 };
    const asCashier = await unlockOn(t, till, cashier, '123456');
    const refused = await onTill(t, till, 'PUT', '/api/secure/till/settings', asCashier, { body: settings });
    expect(refused.status).toBe(403);
    expect(refused.body.details[0].message).toBe('SETTINGS');
    const asOwner = await unlockOn(t, till, owner, '901234');
    const changed = await onTill(t, till, 'PUT', '/api/secure/till/settings', asOwner, { body: settings });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject(settings);
    expect((await onTill(t, till, 'GET', '/api/secure/till/members')).body).toMatchObject(settings);
    const store = await onTill(t, till, 'GET', '/api/secure/virtual-store/current', asCashier);
    expect(store.status, store.text).toBe(200);
    expect(store.body).toMatchObject(settings);
  });

  it('unlocks by PIN on a till only, and checks an approver holds the permission', async () => {
    const ok = await unlock(t, till, cashier.user.userId, '123456');
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.member).toMatchObject({ userId: cashier.user.userId, name: cashier.user.name, role: 'CASHIER' });
    expect(ok.body.member).not.toHaveProperty('pinHash');
    expect(ok.body.member).not.toHaveProperty('pinVerifier');
    expect(ok.body.memberToken).toMatch(new RegExp(`^${cashier.user.userId}\\.\\d{13}\\.[A-Za-z0-9_-]{43}$`));
    expect(ok.body.approval).toBeUndefined();
    const cannot = await unlock(t, till, cashier.user.userId, '123456', 'REFUND');
    expect(cannot.status).toBe(403);
    expect(cannot.body.details[0].message).toBe('REFUND');
    const approved = await unlock(t, till, manager.user.userId, '567890', 'REFUND');
    expect(approved.status, approved.text).toBe(200);
    // An approval is a grant for one action, not an unlock.
    expect(approved.body.approval).toMatchObject({ kind: 'online', grant: expect.any(String) });
    expect(approved.body.memberToken).toBeUndefined();
    const noAction = await onTill(t, till, 'POST', '/api/secure/till/unlock', undefined, {
      body: { userId: manager.user.userId, pin: '567890', approve: 'REFUND' },
    });
    expect(noAction.status).toBe(400);
    // The manager's PIN is checked against the manager only: the cashier's PIN is wrong for her.
    expectWrong(await unlock(t, till, manager.user.userId, '123456'));
    expectWrong(await unlock(t, till, manager.user.userId, '567891'));
    // No such member reads like a wrong PIN.
    expectWrong(await unlock(t, till, 'nobody', '567890'));
    // A person's session checks no PIN, the owner's neither.
    for (const person of [owner, cashier]) {
      expectTillOnly(
        await t.request('POST', '/api/secure/till/unlock', {
          token: person.token,
          headers: { 'x-store': owner.store.urlName },
          body: { userId: person.user.userId, pin: person === owner ? '901234' : '123456' },
        }),
      );
    }
  });

  it('slows 20 wrong PINs from one till with growing delays; the owner still unlocks there', async () => {
    const device = await makeTill(t, owner, 'Till slowed');
    for (let i = 0; i < 5; i++) expectWrong(await unlock(t, device, cashier.user.userId, '000000'));
    for (const wait of WAITS) {
      expectWait(await unlock(t, device, cashier.user.userId, '000000'), wait);
      t.clock.advance(wait * 1000);
      expectWrong(await unlock(t, device, cashier.user.userId, '000000'));
    }
    // The till's count is kept under the till itself.
    const key = await t.db
      .selectFrom('auth_throttles')
      .where('key', '=', throttleKey(PIN_THROTTLE, 'device', `till:${device.id}`))
      .select('action')
      .executeTakeFirst();
    expect(key).toEqual({ action: PIN_THROTTLE });
    // The till waits for every member now, even with the right PIN …
    expectWait(await unlock(t, device, manager.user.userId, '567890'), 300);
    // … but not the owner, whose own PIN unlocks at once.
    expect((await unlock(t, device, owner.user.userId, '901234')).status).toBe(200);
    // Another till is not held back for the manager, but the cashier waits on any till until the
    // owner sets their PIN again.
    const elsewhere = await makeTill(t, owner, 'Till elsewhere');
    expect((await unlock(t, elsewhere, manager.user.userId, '567890')).status).toBe(200);
    expectWait(await unlock(t, elsewhere, cashier.user.userId, '123456'), 300);
    expect((await setPin(t, owner, owner, cashier, '123456')).status).toBe(204);
    expect((await unlock(t, elsewhere, cashier.user.userId, '123456')).status).toBe(200);
    t.clock.advance(2 * 60 * 60_000);
  });

  it('counts tries at one member from two tills together', async () => {
    const [a, b] = [await makeTill(t, owner, 'Till A'), await makeTill(t, owner, 'Till B')];
    for (let i = 0; i < 5; i++) expectWrong(await unlock(t, i % 2 ? b : a, other.user.userId, '000000'));
    for (const [i, wait] of WAITS.entries()) {
      // Neither till had five wrong tries of its own: the member's count holds both back.
      const device = i % 2 ? a : b;
      expectWait(await unlock(t, device, other.user.userId, '000000'), wait);
      t.clock.advance(wait * 1000);
      expectWrong(await unlock(t, device, other.user.userId, '000000'));
    }
    expect((await unlock(t, a, owner.user.userId, '901234')).status).toBe(200);
    // Once the wait is over, the right PIN starts the member's count over.
    t.clock.advance(300_000);
    expect((await unlock(t, b, other.user.userId, '432109')).status).toBe(200);
    expectWrong(await unlock(t, b, other.user.userId, '000000'));
  });

  it('answers a PIN another member uses with 204, from a session and on a till: no PIN oracle', async () => {
    // The manager's PIN, set by the cashier on the till ("My PIN") …
    const asCashier = await unlockOn(t, till, cashier, '123456');
    const taken = await onTill(t, till, 'PUT', pinPath(owner, cashier), asCashier, { body: { pin: '567890' } });
    const fresh = await setPin(t, other, owner, other, '975318');
    expect(taken.status, taken.text).toBe(204);
    // … reads exactly like a PIN nobody uses.
    expect([taken.status, taken.text]).toEqual([fresh.status, fresh.text]);
    expect((await setPin(t, other, owner, other, '567890')).status).toBe(204);
    // Three members with one PIN: each unlocks as themself.
    for (const member of [manager, cashier, other]) {
      const ok = await unlock(t, till, member.user.userId, '567890');
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.member.userId).toBe(member.user.userId);
    }
  });

  it("ends a member's older member tokens when their PIN changes (401 TILL_LOCKED)", async () => {
    const current = (token: string) => onTill(t, till, 'GET', '/api/secure/virtual-store/current', token);
    const before = await unlockOn(t, till, cashier, '567890');
    const otherToken = await unlockOn(t, till, other, '567890');
    expect((await current(before)).status).toBe(200);
    // "My PIN" on the till, with that very token.
    expect((await onTill(t, till, 'PUT', pinPath(owner, cashier), before, { body: { pin: '246813' } })).status).toBe(
      204,
    );
    const stale = await current(before);
    expect(stale.status, stale.text).toBe(401);
    expect(stale.body.code).toBe('TILL_LOCKED');
    // The old PIN unlocks no more; the new one does, and another member's token is untouched.
    expectWrong(await unlock(t, till, cashier.user.userId, '567890'));
    const after = await unlockOn(t, till, cashier, '246813');
    expect((await current(after)).status).toBe(200);
    expect((await current(otherToken)).status).toBe(200);
    // The owner resetting the PIN from their own session ends the new token too.
    expect((await setPin(t, owner, owner, cashier, '123456')).status).toBe(204);
    expect((await current(after)).body.code).toBe('TILL_LOCKED');
  });
});
