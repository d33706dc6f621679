import { beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@shopdesk/shared';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { makeTill, onTill, unlockOn, type TestTill } from '../../test/till-world.ts';

/*
 * The PIN rules of product.md §2 (issue 41): PINs are not unique and no answer tells anything about
 * another member's PIN; a member who may approve needs 6 digits (a shorter PIN set before still
 * unlocks, and the answer asks for a new one); MEMBERS resets only the PIN of a member whose rights
 * are within their own; on a till "My PIN" is the own PIN of the member its member token proves;
 * every PIN set is audited and rate limited per client address and account.
 */

const pinPath = (store: TestUser, member: TestUser) =>
  `/api/secure/virtual-store/${store.store.urlName}/member/${member.user.userId}/pin`;

/** Sets `member`'s PIN from `as`'s own session. */
function setPin(t: TestApp, as: TestUser, store: TestUser, member: TestUser, pin: string, extra: { ip?: string } = {}) {
  return t.request('PUT', pinPath(store, member), {
    token: as.token,
    body: { pin },
    ...(extra.ip ? { headers: { 'x-forwarded-for': extra.ip } } : {}),
  });
}

/** "My PIN" on a till: sets `member`'s PIN as the member `memberToken` proves (none: the till is locked). */
function setPinOnTill(
  t: TestApp,
  till: TestTill,
  memberToken: string | undefined,
  store: TestUser,
  member: TestUser,
  pin: string,
) {
  return onTill(t, till, 'PUT', pinPath(store, member), memberToken, { body: { pin } });
}

function unlock(t: TestApp, till: TestTill, member: TestUser, pin: string) {
  return onTill(t, till, 'POST', '/api/secure/till/unlock', undefined, { body: { userId: member.user.userId, pin } });
}

/** A member with exactly these rights (the role's defaults otherwise). */
async function member(
  t: TestApp,
  store: TestUser,
  role: 'MANAGER' | 'CASHIER',
  rights: { permissions?: Permission[]; maxDiscount?: number } = {},
): Promise<TestUser> {
  const user = await createUser(t);
  await addMember(t, store.store, user, role, rights.permissions);
  if (rights.maxDiscount !== undefined) {
    await t.db
      .updateTable('store_members')
      .set({ max_discount: rights.maxDiscount })
      .where('store_id', '=', store.store.id)
      .where('user_id', '=', user.user.userId)
      .execute();
  }
  return user;
}

function pinEvents(t: TestApp, store: TestUser) {
  return t.db
    .selectFrom('audit_events')
    .where('store_id', '=', store.store.id)
    .where('action', '=', 'MEMBER_PIN')
    .select(['user_id', 'entity', 'entity_code', 'summary', 'device_id'])
    .execute();
}

describe.each(engines)('PIN rules on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  /** SELL only, no discount: may not approve, so 4 digits are enough. */
  let seller: TestUser;
  /** The cashier's defaults (a 10% maximum discount): may approve a discount, so 6 digits. */
  let cashier: TestUser;
  let manager: TestUser;
  /** MEMBERS with a cashier's rights besides: manages cashiers, not managers. */
  let lead: TestUser;
  let till: TestTill;

  beforeAll(async () => {
    owner = await createUser(t);
    seller = await member(t, owner, 'CASHIER', { permissions: ['SELL'], maxDiscount: 0 });
    cashier = await member(t, owner, 'CASHIER');
    manager = await member(t, owner, 'MANAGER');
    lead = await member(t, owner, 'MANAGER', { permissions: ['SELL', 'DISCOUNT', 'SHIFTS', 'MEMBERS'] });
    till = await makeTill(t, owner);
  });

  it('accepts the PIN another member uses, and unlocks each member by their own', async () => {
    expect((await setPin(t, owner, owner, owner, '424242')).status).toBe(204);
    const same = await setPin(t, cashier, owner, cashier, '424242');
    expect(same.status, same.text).toBe(204);
    const asOwner = await unlock(t, till, owner, '424242');
    expect(asOwner.status, asOwner.text).toBe(200);
    expect(asOwner.body.member.userId).toBe(owner.user.userId);
    const asCashier = await unlock(t, till, cashier, '424242');
    expect(asCashier.status, asCashier.text).toBe(200);
    expect(asCashier.body.member.userId).toBe(cashier.user.userId);
    expect(asCashier.body.newPinNeeded).toBe(false);
  });

  it('asks a member who may approve for 6 digits, others for 4 to 6', async () => {
    expect((await setPin(t, seller, owner, seller, '1234')).status).toBe(204);
    for (const [who, by] of [
      [cashier, cashier],
      [manager, manager],
      [owner, owner],
      [cashier, owner],
    ] as const) {
      const short = await setPin(t, by, owner, who, '12345');
      expect(short.status, short.text).toBe(400);
      expect(short.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'A member who may approve needs a 6-digit PIN.',
        details: [{ field: 'pin' }],
      });
    }
    expect((await setPin(t, manager, owner, manager, '135790')).status).toBe(204);
  });

  it('still unlocks with a short PIN after the member may approve, and asks for a new one', async () => {
    const late = await member(t, owner, 'CASHIER', { permissions: ['SELL'], maxDiscount: 0 });
    expect((await setPin(t, late, owner, late, '2580')).status).toBe(204);
    expect((await unlock(t, till, late, '2580')).body.newPinNeeded).toBe(false);
    const given = await t.request(
      'PUT',
      `/api/secure/virtual-store/${owner.store.urlName}/member/${late.user.userId}`,
      {
        token: owner.token,
        body: { role: 'CASHIER', permissions: ['SELL', 'REFUND'], maxDiscount: 0 },
      },
    );
    expect(given.status, given.text).toBe(200);
    const still = await unlock(t, till, late, '2580');
    expect(still.status, still.text).toBe(200);
    expect(still.body.newPinNeeded).toBe(true);
    expect((await setPin(t, late, owner, late, '2580')).status).toBe(400);
    expect((await setPin(t, late, owner, late, '258013')).status).toBe(204);
    expect((await unlock(t, till, late, '258013')).body.newPinNeeded).toBe(false);
  });

  it('lets MEMBERS reset the PIN only of a member whose rights are within their own', async () => {
    expect((await setPin(t, lead, owner, cashier, '111222')).status).toBe(204);
    expect((await setPin(t, lead, owner, seller, '1122')).status).toBe(204);
    for (const above of [manager, owner]) {
      const refused = await setPin(t, lead, owner, above, '333444');
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
    }
    // The manager's PIN is still hers, the owner's still his.
    expect((await unlock(t, till, manager, '135790')).status).toBe(200);
    expect((await unlock(t, till, manager, '333444')).status).toBe(400);
    expect((await unlock(t, till, owner, '424242')).status).toBe(200);
    // A manager without MEMBERS resets nobody's.
    expect((await setPin(t, manager, owner, seller, '9999')).status).toBe(403);
  });

  it('on a till, "My PIN" is the member of the member token setting their own PIN, nobody else’s', async () => {
    // The seller is unlocked on the till (their PIN is the lead's reset, above).
    const asSeller = await unlockOn(t, till, seller, '1122');
    const mine = await setPinOnTill(t, till, asSeller, owner, seller, '8642');
    expect(mine.status, mine.text).toBe(204);
    expect((await unlock(t, till, seller, '8642')).status).toBe(200);
    expect((await unlock(t, till, seller, '1122')).status).toBe(400);
    // The token made with the former PIN stops working; unlocked again, the seller is refused the
    // owner's PIN and anyone else's.
    expect((await setPinOnTill(t, till, asSeller, owner, seller, '8643')).body.code).toBe('TILL_LOCKED');
    const again = await unlockOn(t, till, seller, '8642');
    for (const target of [owner, cashier]) {
      const refused = await setPinOnTill(t, till, again, owner, target, '864200');
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'permission', message: 'MEMBERS' }] });
    }
    // On a till even the owner, who holds MEMBERS, sets only their own PIN.
    const asOwner = await unlockOn(t, till, owner, '424242');
    const notOwn = await setPinOnTill(t, till, asOwner, owner, cashier, '864200');
    expect(notOwn.status, notOwn.text).toBe(403);
    expect(notOwn.body.message).toBe('On a till, a member sets only their own PIN.');
    expect((await unlock(t, till, cashier, '111222')).status).toBe(200);
    // Their own, yes (and back again, with the token of the new PIN).
    expect((await setPinOnTill(t, till, asOwner, owner, owner, '424243')).status).toBe(204);
    const asOwnerNow = await unlockOn(t, till, owner, '424243');
    expect((await setPinOnTill(t, till, asOwnerNow, owner, owner, '424242')).status).toBe(204);
    // A locked till (no member token) sets no PIN at all.
    const locked = await setPinOnTill(t, till, undefined, owner, seller, '864200');
    expect(locked.status).toBe(401);
    expect(locked.body.code).toBe('TILL_LOCKED');
    // The former body field naming the member on the till means nothing now: from a person's own
    // session, that person's rights decide.
    const named = await t.request('PUT', pinPath(owner, seller), {
      token: cashier.token,
      body: { pin: '8642', tillMember: seller.user.userId },
    });
    expect(named.status).toBe(403);
    expect(named.body.details[0].message).toBe('MEMBERS');
    expect((await unlock(t, till, seller, '8642')).status).toBe(200);
    // Recorded under the member on the till, with the till: the seller's second (after their own
    // session's and the lead's reset), not the owner's.
    const ofSeller = (await pinEvents(t, owner)).filter((e) => e.entity_code === seller.user.userId);
    expect(ofSeller.map((e) => [e.user_id, e.device_id]).sort()).toEqual(
      [
        [seller.user.userId, null],
        [seller.user.userId, till.id],
        [lead.user.userId, null],
      ].sort(),
    );
    // The owner's own two on the till, with the till.
    const ownerOnTill = (await pinEvents(t, owner)).filter(
      (e) => e.device_id === till.id && e.entity_code === owner.user.userId,
    );
    expect(ownerOnTill.map((e) => e.user_id)).toEqual([owner.user.userId, owner.user.userId]);
  });

  it('records who set whose PIN in the audit log, never the PIN', async () => {
    const store = await createUser(t);
    const worker = await member(t, store, 'CASHIER');
    expect((await setPin(t, worker, store, worker, '975310')).status).toBe(204);
    expect((await setPin(t, store, store, worker, '975311')).status).toBe(204);
    // Refused tries record nothing.
    expect((await setPin(t, worker, store, store, '975312')).status).toBe(403);
    const events = await pinEvents(t, store);
    const bySetter = (id: string) => events.filter((e) => e.user_id === id);
    expect(events).toHaveLength(2);
    expect(bySetter(worker.user.userId)).toEqual([
      {
        user_id: worker.user.userId,
        entity: 'MEMBER',
        entity_code: worker.user.userId,
        summary: worker.user.name,
        device_id: null,
      },
    ]);
    expect(bySetter(store.user.userId)).toEqual([
      {
        user_id: store.user.userId,
        entity: 'MEMBER',
        entity_code: worker.user.userId,
        summary: worker.user.name,
        device_id: null,
      },
    ]);
    const log = await t.request('GET', `/api/secure/virtual-store/${store.store.urlName}/audit/window/0/50`, {
      token: store.token,
      headers: { 'x-store': store.store.urlName },
    });
    expect(log.status, log.text).toBe(200);
    const pins = (log.body.items as { action: string; userId: string }[]).filter((e) => e.action === 'MEMBER_PIN');
    expect(pins.map((e) => e.userId).sort()).toEqual([store.user.userId, worker.user.userId].sort());
    expect(JSON.stringify(log.body)).not.toMatch(/97531/);
  });
});

describe.each(engines)('PIN setting throttle on %s', (engine) => {
  // Production-like limits: 3 PIN sets per member and 4 per client address in the window.
  const t = useTestApp(engine, { TRUST_PROXY: 'true', RATE_LIMIT_AUTH_PER_EMAIL: '3', RATE_LIMIT_AUTH_PER_IP: '4' });

  it('answers 429 with Retry-After past the limit per member, and per client address', async () => {
    const owner = await createUser(t);
    const [cashier, seller] = [await createUser(t), await createUser(t)];
    await addMember(t, owner.store, cashier, 'CASHIER');
    await addMember(t, owner.store, seller, 'CASHIER');
    const till = await makeTill(t, owner);
    // Refused tries count too: guessing by setting a PIN over and over gets nowhere.
    expect((await setPin(t, cashier, owner, owner, '100001', { ip: '203.0.113.1' })).status).toBe(403);
    expect((await setPin(t, cashier, owner, cashier, '100002', { ip: '203.0.113.1' })).status).toBe(204);
    expect((await setPin(t, cashier, owner, cashier, '100003', { ip: '203.0.113.2' })).status).toBe(204);
    // Whoever sets it, it is the cashier's PIN that counts.
    expect((await setPin(t, owner, owner, cashier, '100004', { ip: '203.0.113.2' })).status).toBe(204);
    const limited = await setPin(t, cashier, owner, cashier, '100005', { ip: '203.0.113.3' });
    expect(limited.status, limited.text).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.body.message).toBe('Too many PIN changes in a short time. Wait 15 minutes and try again.');
    expect(limited.headers.get('retry-after')).toBe('900');
    // The PIN did not change.
    expect((await unlock(t, till, cashier, '100004')).status).toBe(200);

    // The first address has 2 tries: two more pass, the fifth waits, another address does not.
    expect((await setPin(t, owner, owner, seller, '200001', { ip: '203.0.113.1' })).status).toBe(204);
    expect((await setPin(t, owner, owner, seller, '200002', { ip: '203.0.113.1' })).status).toBe(204);
    expect((await setPin(t, owner, owner, seller, '200003', { ip: '203.0.113.1' })).status).toBe(429);
    expect((await setPin(t, owner, owner, seller, '200004', { ip: '198.51.100.9' })).status).toBe(204);
    // After the window, the cashier may set their PIN again.
    t.clock.advance(15 * 60_000 + 1000);
    expect((await setPin(t, cashier, owner, cashier, '100006', { ip: '203.0.113.3' })).status).toBe(204);
  });
});
