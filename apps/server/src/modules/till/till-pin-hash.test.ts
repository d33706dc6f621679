import { beforeAll, describe, expect, it } from 'vitest';
import { hashPin, legacyPbkdf2PinHash, PIN_ARGON2, pinHashIsCurrent, verifyPin } from '@shopdesk/shared';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { hashTillPin, verifyTillPin } from './pin-hash.ts';
import { replacePinHash } from './till.repo.ts';

/*
 * PIN hashes (product.md §2): argon2id at PIN_ARGON2's cost, made and checked on the server by
 * @node-rs/argon2 and on an offline till by the shared wasm verifier, which read each other's
 * hashes. A member whose hash is still the former PBKDF2 one unlocks with it, and from then on has
 * an argon2id hash of the same PIN (no schema change, nothing to retype).
 */

function unlock(t: TestApp, store: TestUser, userId: string, pin: string) {
  return t.request('POST', '/api/secure/till/unlock', {
    token: store.token,
    headers: { 'x-store': store.store.urlName },
    body: { userId, pin },
  });
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
  const t = useTestApp(engine);
  let owner: TestUser;
  let cashier: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    [owner, cashier, manager] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await addMember(t, owner.store, cashier, 'CASHIER');
    await addMember(t, owner.store, manager, 'MANAGER');
  });

  it('unlocks a member with a former PBKDF2 hash, and stores an argon2id hash of that PIN', async () => {
    const legacy = await legacyPbkdf2PinHash('2468');
    await storeHash(t, owner, cashier, legacy);
    // A wrong PIN is refused and changes nothing.
    const wrong = await unlock(t, owner, cashier.user.userId, '2469');
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CODE', details: [{ field: 'pin' }] });
    expect(await pinHashOf(t, owner, cashier)).toBe(legacy);

    const ok = await unlock(t, owner, cashier.user.userId, '2468');
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.member.userId).toBe(cashier.user.userId);
    const upgraded = await pinHashOf(t, owner, cashier);
    expect(upgraded).not.toBe(legacy);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$/);
    expect(pinHashIsCurrent(upgraded)).toBe(true);
    // The same PIN, now argon2id: the offline till's verifier and the server both take it.
    expect(await verifyPin('2468', upgraded)).toBe(true);
    expect(await verifyPin('2469', upgraded)).toBe(false);
    expect((await unlock(t, owner, cashier.user.userId, '2468')).status).toBe(200);
    expect(await pinHashOf(t, owner, cashier)).toBe(upgraded);
    expect((await unlock(t, owner, cashier.user.userId, '2469')).status).toBe(400);
  });

  it('upgrades a hash of an older argon2id cost too, and leaves a current one alone', async () => {
    const cheap = await hashPin('135790', { memorySize: 64, iterations: 1 });
    await storeHash(t, owner, manager, cheap);
    expect((await unlock(t, owner, manager.user.userId, '135790')).status).toBe(200);
    const upgraded = await pinHashOf(t, owner, manager);
    expect(upgraded).not.toBe(cheap);
    expect(pinHashIsCurrent(upgraded)).toBe(true);
    expect((await unlock(t, owner, manager.user.userId, '135790')).status).toBe(200);
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
    expect((await unlock(t, owner, cashier.user.userId, '1111')).status).toBe(400);
    expect((await unlock(t, owner, cashier.user.userId, '222222')).status).toBe(200);
  });
});
