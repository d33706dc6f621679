import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  hashPin,
  legacyPbkdf2PinHash,
  memberToken,
  PIN_ARGON2,
  pinHashIsCurrent,
  tillKeyOf,
  unlockWithVerifier,
  verifyPin,
  type TillRoster,
} from '@shopdesk/shared';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type ApiResponse, type TestApp } from '../../test/harness.ts';
import { makeTill, onTill, setOwnPin, type TestTill } from '../../test/till-world.ts';
import { hashTillPin, verifyTillPin } from './pin-hash.ts';
import { iso } from '../../lib/clock.ts';
import { replacePinHash } from './till.repo.ts';

/*
 * PIN hashes (product.md §2): argon2id at PIN_ARGON2's cost, made and checked on the server by
 * @node-rs/argon2 and on an offline till by the shared wasm verifier, which read each other's
 * hashes. A member whose hash is still the former PBKDF2 one unlocks with it, and from then on has
 * an argon2id hash of the same PIN (no schema change, nothing to retype).
 */

function unlock(t: TestApp, till: TestTill, userId: string, pin: string) {
  return onTill(t, till, 'POST', '/api/secure/till/unlock', undefined, { body: { userId, pin } });
}

/** The member's PIN verifier in the till's roster. */
async function verifierOf(t: TestApp, till: TestTill, member: TestUser) {
  const roster: ApiResponse<TillRoster> = await onTill(t, till, 'GET', '/api/secure/till/members');
  expect(roster.status, roster.text).toBe(200);
  return roster.body.members.find((m) => m.userId === member.user.userId)!.pinVerifier;
}

/** Whether the till's requests as the member of `memberToken` are accepted (200), or the till is locked. */
async function tokenWorks(t: TestApp, till: TestTill, memberToken: string) {
  const res = await onTill(t, till, 'GET', '/api/secure/virtual-store/current', memberToken);
  expect([200, 401], res.text).toContain(res.status);
  return res.status === 200;
}

async function pinHashOf(t: TestApp, store: TestUser, member: TestUser) {
  const row = await t.db
    .selectFrom('store_members')
    .where('store_id', '=', store.store.id)
    .where('user_id', '=', member.user.userId)
    .select('pin_hash')
    .executeTakeFirstOrThrow();
  return row.pin_hash;
}

async function storeHash(t: TestApp, store: TestUser, member: TestUser, hash: string) {
  await t.db
    .updateTable('store_members')
    .set({ pin_hash: hash })
    .where('store_id', '=', store.store.id)
    .where('user_id', '=', member.user.userId)
    .execute();
}

describe('till PIN hashes, server and till alike', () => {
  it('verifies on the till what the server made, and on the server what the till made', async () => {
    const server = await hashTillPin('482913');
    expect(server.startsWith(`$argon2id$v=19$m=${PIN_ARGON2.memorySize},t=${PIN_ARGON2.iterations},p=1$`)).toBe(true);
    expect(pinHashIsCurrent(server)).toBe(true);
    expect(await verifyPin('482913', server)).toBe(true);
    expect(await verifyPin('482914', server)).toBe(false);
    const till = await hashPin('7391', { memorySize: 64, iterations: 1 });
    expect(await verifyTillPin('7391', till)).toBe(true);
    expect(await verifyTillPin('7392', till)).toBe(false);
    const legacy = await legacyPbkdf2PinHash('7391', 1000);
    expect(await verifyTillPin('7391', legacy)).toBe(true);
    expect(await verifyTillPin('7392', legacy)).toBe(false);
    for (const broken of [null, '', 'nonsense', '$argon2id$v=19$m=64,t=1,p=1$AAAA$AAAA']) {
      expect(await verifyTillPin('7391', broken)).toBe(false);
    }
  });
});

describe.each(engines)('till PIN hash upgrade on %s', (engine) => {
  /** Runs once, right after the next read of the roster's rows (an unlock's read of the hash it checks). */
  let afterRosterRead: (() => Promise<void>) | undefined;
  const race: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    async transformResult({ result }) {
      const run = afterRosterRead;
      if (run && result.rows.some((row) => 'pin_hash' in row && 'name' in row)) {
        afterRosterRead = undefined;
        await run();
      }
      return result;
    },
  };
  const t = useTestApp(engine, {}, { plugins: [race] });
  let owner: TestUser;
  let cashier: TestUser;
  let manager: TestUser;
  let till: TestTill;

  beforeAll(async () => {
    [owner, cashier, manager] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await addMember(t, owner.store, cashier, 'CASHIER');
    await addMember(t, owner.store, manager, 'MANAGER');
    till = await makeTill(t, owner);
  });

  it('unlocks a member with a former PBKDF2 hash, and stores an argon2id hash of that PIN', async () => {
    const legacy = await legacyPbkdf2PinHash('2468');
    await storeHash(t, owner, cashier, legacy);
    // Offline, the till checks the PIN against the former hash's verifier too.
    const legacyVerifier = await verifierOf(t, till, cashier);
    expect(legacyVerifier).toMatch(/^v1:pbkdf2-sha256\$/);
    expect(legacyVerifier).not.toContain(legacy.slice(legacy.lastIndexOf('$') + 1));
    const legacySecret = await unlockWithVerifier('2468', legacyVerifier);
    expect(legacySecret).not.toBeNull();
    expect(await unlockWithVerifier('2469', legacyVerifier)).toBeNull();
    // A member token the till makes offline from the former verifier, kept with a queued sale.
    const offlineToken = await memberToken(
      await tillKeyOf(legacySecret!),
      till.id,
      cashier.user.userId,
      t.clock.now().getTime(),
    );
    expect(await tokenWorks(t, till, offlineToken)).toBe(true);
    // A wrong PIN is refused and changes nothing.
    const wrong = await unlock(t, till, cashier.user.userId, '2469');
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CODE', details: [{ field: 'pin' }] });
    expect(await pinHashOf(t, owner, cashier)).toBe(legacy);

    const ok = await unlock(t, till, cashier.user.userId, '2468');
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.member.userId).toBe(cashier.user.userId);
    // The member token answered is made with the hash stored now, so the server takes it.
    expect(await tokenWorks(t, till, ok.body.memberToken)).toBe(true);
    const upgraded = await pinHashOf(t, owner, cashier);
    expect(upgraded).not.toBe(legacy);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$/);
    expect(pinHashIsCurrent(upgraded)).toBe(true);
    // The same PIN, now argon2id: the offline till's verifier and the server both take it.
    expect(await verifyPin('2468', upgraded)).toBe(true);
    expect(await verifyPin('2469', upgraded)).toBe(false);
    const verifier = await verifierOf(t, till, cashier);
    expect(verifier).toMatch(/^v1:\$argon2id\$/);
    expect(await unlockWithVerifier('2468', verifier)).not.toBeNull();
    expect(await unlockWithVerifier('2469', verifier)).toBeNull();
    expect((await unlock(t, till, cashier.user.userId, '2468')).status).toBe(200);
    expect(await pinHashOf(t, owner, cashier)).toBe(upgraded);
    expect((await unlock(t, till, cashier.user.userId, '2469')).status).toBe(400);
    // What the till signed offline before the upgrade still syncs: the same PIN, its former hash kept.
    expect(await tokenWorks(t, till, offlineToken)).toBe(true);
    // A PIN set anew ends it.
    await setOwnPin(t, owner, cashier, '864208');
    expect(await tokenWorks(t, till, offlineToken)).toBe(false);
  });

  it('upgrades a hash of an older argon2id cost too, and leaves a current one alone', async () => {
    const cheap = await hashPin('135790', { memorySize: 64, iterations: 1 });
    await storeHash(t, owner, manager, cheap);
    expect((await unlock(t, till, manager.user.userId, '135790')).status).toBe(200);
    const upgraded = await pinHashOf(t, owner, manager);
    expect(upgraded).not.toBe(cheap);
    expect(pinHashIsCurrent(upgraded)).toBe(true);
    expect((await unlock(t, till, manager.user.userId, '135790')).status).toBe(200);
    expect(await pinHashOf(t, owner, manager)).toBe(upgraded);
  });

  it('never overwrites a PIN set while the former one was being checked', async () => {
    // The member's new PIN arrives between the check of the old hash and its upgrade: the
    // upgrade only replaces the hash it verified.
    const legacy = await legacyPbkdf2PinHash('1111');
    await storeHash(t, owner, cashier, legacy);
    const newer = await hashTillPin('222222');
    await storeHash(t, owner, cashier, newer);
    await replacePinHash(
      t.db,
      owner.store.id,
      cashier.user.userId,
      legacy,
      await hashTillPin('1111'),
      new Date().toISOString(),
    );
    expect(await pinHashOf(t, owner, cashier)).toBe(newer);
    expect((await unlock(t, till, cashier.user.userId, '1111')).status).toBe(400);
    expect((await unlock(t, till, cashier.user.userId, '222222')).status).toBe(200);
  });

  it('answers a wrong PIN, never a token of the new PIN, when the PIN is set during the former one’s check', async () => {
    // The unlock reads the former hash and checks the old PIN against it; the member's new PIN is
    // stored right then, before the upgrade. Whoever typed the old PIN gets nothing that works
    // under the new one (a member token made with the new PIN's key would).
    const legacy = await legacyPbkdf2PinHash('3333');
    await storeHash(t, owner, cashier, legacy);
    const newer = await hashTillPin('444444');
    afterRosterRead = () => storeHash(t, owner, cashier, newer);
    const res = await unlock(t, till, cashier.user.userId, '3333');
    expect(afterRosterRead).toBeUndefined();
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_CODE', details: [{ field: 'pin' }] });
    expect(await pinHashOf(t, owner, cashier)).toBe(newer);
    const now = await unlock(t, till, cashier.user.userId, '444444');
    expect(now.status, now.text).toBe(200);
    expect(await tokenWorks(t, till, now.body.memberToken)).toBe(true);
  });

  it('unlocks with a token of the kept hash when another till upgraded the same PIN meanwhile', async () => {
    const legacy = await legacyPbkdf2PinHash('555555');
    await storeHash(t, owner, cashier, legacy);
    const theirs = await hashTillPin('555555');
    // Another till's unlock of the same member upgrades the same PIN first.
    afterRosterRead = () => replacePinHash(t.db, owner.store.id, cashier.user.userId, legacy, theirs, iso(new Date()));
    const res = await unlock(t, till, cashier.user.userId, '555555');
    expect(afterRosterRead).toBeUndefined();
    expect(res.status, res.text).toBe(200);
    expect(await pinHashOf(t, owner, cashier)).toBe(theirs);
    expect(await tokenWorks(t, till, res.body.memberToken)).toBe(true);
  });
});
