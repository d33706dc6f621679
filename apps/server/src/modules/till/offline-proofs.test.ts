import { randomUUID } from 'node:crypto';
import { hashRaw } from '@node-rs/argon2';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  argon2Params,
  memberToken,
  proofMessage,
  signProof,
  tillKeyOf,
  unlockWithVerifier,
  type Approval,
  type TillKey,
  type TillRoster,
} from '@shopdesk/shared';
import { addMember, createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type ApiResponse } from '../../test/harness.ts';
import { createProduct } from '../../test/products.ts';
import { makeTill, onTill, setOwnPin, unlockOn, type TestTill } from '../../test/till-world.ts';

/*
 * What a till makes offline (product.md §2, till-proof.ts): with the roster's PIN verifier and a
 * typed PIN it finds the PIN's hash, derives the member's till key, and signs member tokens and
 * approvals the server checks at sync with the key of the hash it keeps. A wrong PIN's key, or
 * the roster alone, proves nothing.
 */
describe.each(engines)('offline proofs on %s', (engine) => {
  const t = useTestApp(engine);
  let owner: TestUser;
  let manager: TestUser;
  let cashier: TestUser;
  let tea: string;
  let till: TestTill;
  let asCashier: string;
  const PIN = { manager: '246810', cashier: '135790' };

  beforeAll(async () => {
    [owner, manager, cashier] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await addMember(t, owner.store, manager, 'MANAGER');
    await addMember(t, owner.store, cashier, 'CASHIER');
    await setOwnPin(t, owner, manager, PIN.manager);
    await setOwnPin(t, owner, cashier, PIN.cashier);
    tea = (await createProduct(t, owner, { name: 'Tea', price: 1000, quantity: 100 })).code;
    till = await makeTill(t, owner);
    asCashier = await unlockOn(t, till, cashier, PIN.cashier);
  });

  /** The member's PIN verifier, as the till keeps it from its roster. */
  async function verifierOf(member: TestUser): Promise<string> {
    const roster: ApiResponse<TillRoster> = await onTill(t, till, 'GET', '/api/secure/till/members');
    expect(roster.status, roster.text).toBe(200);
    const verifier = roster.body.members.find((m) => m.userId === member.user.userId)?.pinVerifier;
    if (!verifier) throw new Error('a member with a PIN');
    return verifier;
  }

  /** What the till does offline when `pin` is typed for `member`: their till key (the PIN must be right). */
  async function offlineKey(member: TestUser, pin: string): Promise<TillKey> {
    const secret = await unlockWithVerifier(pin, await verifierOf(member));
    expect(secret).not.toBeNull();
    return tillKeyOf(secret!);
  }

  /**
   * A forger's key: the hash of `pin` with the verifier's own salt and cost, which the till would
   * compute for a typed PIN before comparing (the right PIN gives the true key this way).
   */
  async function keyOfPin(member: TestUser, pin: string): Promise<TillKey> {
    const verifier = await verifierOf(member);
    const phc = verifier.slice('v1:'.length);
    const params = argon2Params(phc)!;
    const salt = Buffer.from(phc.split('$')[4]!, 'base64');
    const hash = await hashRaw(pin, {
      algorithm: 2,
      memoryCost: params.memorySize,
      timeCost: params.iterations,
      parallelism: params.parallelism,
      outputLen: 32,
      salt,
    });
    return tillKeyOf(new Uint8Array(hash));
  }

  async function offlineApproval(key: TillKey, approvedBy: TestUser, clientId: string): Promise<Approval> {
    const userId = approvedBy.user.userId;
    return {
      kind: 'offline',
      approvedBy: userId,
      permission: 'REFUND',
      clientId,
      proof: await signProof(key, proofMessage.approval(till.id, userId, 'REFUND', clientId)),
    };
  }

  const sale = (extra: Record<string, unknown> = {}) => ({
    clientId: randomUUID(),
    status: 'COMPLETED',
    lines: [{ code: tea, quantity: 1 }],
    payment: { method: 'CASH', currency: 'USD', amount: 1000 },
    ...extra,
  });
  const sell = (body: Record<string, unknown>, member = asCashier, on = till) =>
    onTill(t, on, 'POST', '/api/secure/shop/transaction', member, { body });
  const refund = (code: string, body: Record<string, unknown>) =>
    onTill(t, till, 'POST', `/api/secure/shop/transaction/${code}/refund`, asCashier, { body });
  const refundRows = (transactionId: string) =>
    t.db
      .selectFrom('shop_refunds')
      .where('store_id', '=', owner.store.id)
      .where('transaction_id', '=', transactionId)
      .select(['user_id', 'approved_by', 'approval_mode', 'device_id'])
      .execute();

  it('takes a member token the till made offline, and records the sale under that member and the till', async () => {
    const key = await offlineKey(cashier, PIN.cashier);
    const issuedAt = t.clock.now().getTime() - 30 * 60_000;
    const token = await memberToken(key, till.id, cashier.user.userId, issuedAt);
    // A sale queued offline, synced with the token it was made with.
    const queued = sale({ soldAt: new Date(issuedAt + 60_000).toISOString() });
    const res = await sell(queued, token);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ userId: cashier.user.userId, approvedBy: null });
    const row = await t.db
      .selectFrom('shop_transactions')
      .where('store_id', '=', owner.store.id)
      .where('id', '=', res.body.id)
      .select(['user_id', 'device_id'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: cashier.user.userId, device_id: till.id });
    // The manager's offline token is the manager's: their sale is recorded under them.
    const managerToken = await memberToken(
      await offlineKey(manager, PIN.manager),
      till.id,
      manager.user.userId,
      issuedAt,
    );
    const theirs = await sell(sale(), managerToken);
    expect(theirs.status, theirs.text).toBe(201);
    expect(theirs.body.userId).toBe(manager.user.userId);
    // A token names its till: on another till it proves nothing.
    const other = await makeTill(t, owner, 'Till 2');
    const elsewhere = await sell(sale(), token, other);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.code).toBe('TILL_LOCKED');
    // Nor does the cashier's key make a token for the manager, or a wrong PIN's key one for anybody.
    for (const forged of [
      await memberToken(key, till.id, manager.user.userId, issuedAt),
      await memberToken(await keyOfPin(cashier, '135791'), till.id, cashier.user.userId, issuedAt),
    ]) {
      const res = await sell(sale(), forged);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('TILL_LOCKED');
    }
  });

  it("takes an offline approval made with the manager's PIN for a cashier's refund, recorded OFFLINE", async () => {
    const sold = await sell(sale());
    expect(sold.status, sold.text).toBe(201);
    const clientId = randomUUID();
    const approval = await offlineApproval(await offlineKey(manager, PIN.manager), manager, clientId);
    const res = await refund(sold.body.code, { clientId, approval });
    expect(res.status, res.text).toBe(201);
    expect(res.body.refunds[0]).toMatchObject({ userId: cashier.user.userId, approvedBy: manager.user.userId });
    expect(await refundRows(sold.body.id)).toEqual([
      { user_id: cashier.user.userId, approved_by: manager.user.userId, approval_mode: 'OFFLINE', device_id: till.id },
    ]);
    // The same proof for another action is refused: it was given for this one.
    const again = await sell(sale());
    const replay = await refund(again.body.code, { clientId: randomUUID(), approval });
    expect(replay.status).toBe(403);
    expect(replay.body.message).toMatch(/another action/);
    expect(await refundRows(again.body.id)).toEqual([]);
  });

  it('refuses a forged offline approval: a wrong PIN’s key, the verifier itself, or a key of the one who lacks it', async () => {
    const sold = await sell(sale());
    expect(sold.status, sold.text).toBe(201);
    // The forger's way of computing the key gives the true one with the right PIN …
    const clientId = randomUUID();
    const right = await offlineApproval(await keyOfPin(manager, PIN.manager), manager, clientId);
    const wrongPin = await offlineApproval(await keyOfPin(manager, '246811'), manager, clientId);
    expect(right).toEqual(await offlineApproval(await offlineKey(manager, PIN.manager), manager, clientId));
    // … and with a wrong one a key that proves nothing.
    const verifier = await verifierOf(manager);
    const digest = Buffer.from(verifier.slice(verifier.lastIndexOf('$') + 1), 'base64');
    const fromRoster = await offlineApproval(await tillKeyOf(new Uint8Array(digest)), manager, clientId);
    const cashiersOwn = await offlineApproval(await offlineKey(cashier, PIN.cashier), manager, clientId);
    for (const forged of [wrongPin, fromRoster, cashiersOwn]) {
      const res = await refund(sold.body.code, { clientId, approval: forged });
      expect(res.status, res.text).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'permission', message: 'REFUND' }] });
      expect(res.body.message).toMatch(/could not be verified/);
    }
    expect(await refundRows(sold.body.id)).toEqual([]);
    // The true one passes.
    expect((await refund(sold.body.code, { clientId, approval: right })).status).toBe(201);
  });

  it("refuses an offline approval made with the approver's former PIN", async () => {
    const sold = await sell(sale());
    const clientId = randomUUID();
    const approval = await offlineApproval(await offlineKey(manager, PIN.manager), manager, clientId);
    await setOwnPin(t, owner, manager, '864202');
    const res = await refund(sold.body.code, { clientId, approval });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/could not be verified/);
    const renewed = await offlineApproval(await offlineKey(manager, '864202'), manager, clientId);
    expect((await refund(sold.body.code, { clientId, approval: renewed })).status).toBe(201);
  });
});
