import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  hashPin,
  parseMemberToken,
  pinSecretOf,
  pinVerifierOf,
  proofMessage,
  tillKeyOf,
  verifyProof,
  type TillMember,
} from '@shopdesk/shared';
import { ApiRequestError, NetworkError } from '../api-error.ts';
import { OFFLINE_LOCK_AFTER, offlineGate, offlineWrong } from './offline-tries.ts';
import { checkPin } from './till-api.ts';
import { useTill } from './till-state.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../api-client.ts', () => ({ secureApi: { request } }));

/*
 * The PIN check on the till: offline against the kept verifiers (argon2id, as the server makes
 * the hashes), with the till's own throttle per member, answering a member token or an approval
 * the server can check with the key it derives from the stored hash; online the server decides
 * and the offline count is dropped.
 */

// Cheap argon2id parameters: what is tested is the check, the proofs and the count, not the cost.
const CHEAP = { memorySize: 64, iterations: 1 };
const stored: Record<string, string> = {};
const member = async (userId: string, name: string, pin: string, permissions: TillMember['permissions']) => {
  stored[userId] = await hashPin(pin, CHEAP);
  return {
    userId,
    name,
    role: 'CASHIER',
    permissions,
    maxDiscount: 0,
    pinVerifier: await pinVerifierOf(stored[userId]),
  };
};
/** The key the server derives from the hash it keeps, never sent to the till. */
const serverKey = (userId: string) => tillKeyOf(pinSecretOf(stored[userId])!);

beforeAll(async () => {
  useTill.getState().become({ store: 'corner', tillId: 'till-1', tillName: 'Till 1', tillToken: 'till-token' });
  useTill.getState().setRoster({
    lockAfterSale: true,
    idleLockMinutes: 5,
    members: (await Promise.all([
      member('ben-id', 'Ben', '2580', ['SELL']),
      member('mia-id', 'Mia', '147036', ['SELL', 'REFUND']),
    ])) as TillMember[],
  });
});

afterEach(() => {
  request.mockReset();
  vi.useRealTimers();
  localStorage.removeItem('shopdesk-till-tries');
});

const offline = () => request.mockRejectedValue(new NetworkError(new TypeError('Failed to fetch')));

describe('the PIN check on the till, offline', () => {
  it('unlocks from the kept verifier with a member token the server can check, and refuses a wrong PIN', async () => {
    offline();
    const result = await checkPin('ben-id', '2580');
    expect(result).toMatchObject({ ok: true, offline: true, member: { name: 'Ben' }, approval: null });
    const token = parseMemberToken(result.ok ? (result.memberToken ?? '') : '');
    expect(token?.userId).toBe('ben-id');
    const message = proofMessage.member('till-1', 'ben-id', token!.issuedAt);
    expect(await verifyProof(await serverKey('ben-id'), message, token!.proof)).toBe(true);
    // Another member's key does not make it: a till cannot sign for a PIN it was not given.
    expect(await verifyProof(await serverKey('mia-id'), message, token!.proof)).toBe(false);
    expect(await checkPin('ben-id', '1470')).toEqual({ ok: false, error: 'wrong' });
  });

  it('approves one action with the approver’s proof for that clientId and permission', async () => {
    offline();
    const clientId = crypto.randomUUID();
    const result = await checkPin('mia-id', '147036', { permission: 'REFUND', clientId });
    if (!result.ok) throw new Error('not approved');
    expect(result.memberToken).toBeNull();
    expect(result.approval).toMatchObject({ kind: 'offline', approvedBy: 'mia-id', permission: 'REFUND', clientId });
    const proof = result.approval?.kind === 'offline' ? result.approval.proof : '';
    const key = await serverKey('mia-id');
    expect(await verifyProof(key, proofMessage.approval('till-1', 'mia-id', 'REFUND', clientId), proof)).toBe(true);
    // Bound to that action: another clientId or permission does not verify.
    const other = crypto.randomUUID();
    expect(await verifyProof(key, proofMessage.approval('till-1', 'mia-id', 'REFUND', other), proof)).toBe(false);
    expect(await verifyProof(key, proofMessage.approval('till-1', 'mia-id', 'NO_SALE', clientId), proof)).toBe(false);
  });

  it('refuses an approval by a member without the permission, even with the right PIN', async () => {
    offline();
    const ask = { permission: 'REFUND' as const, clientId: crypto.randomUUID() };
    expect(await checkPin('ben-id', '2580', ask)).toEqual({ ok: false, error: 'lacks' });
  });

  it('makes a member wait after 3 wrong PINs, the right PIN too, and locks after 10', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 11, 5, 9));
    offline();
    for (let i = 0; i < 2; i++) expect(await checkPin('ben-id', '0000')).toEqual({ ok: false, error: 'wrong' });
    expect(await checkPin('ben-id', '0000')).toEqual({ ok: false, error: { kind: 'wait', ms: 30_000 } });
    // While the wait runs, not even the right PIN is checked.
    expect(await checkPin('ben-id', '2580')).toEqual({ ok: false, error: { kind: 'wait', ms: 30_000 } });
    // Mia is another member: not held back.
    expect((await checkPin('mia-id', '147036')).ok).toBe(true);
    let wait = 30_000;
    for (let tries = 4; tries <= OFFLINE_LOCK_AFTER; tries++) {
      vi.setSystemTime(Date.now() + wait);
      const answer = await checkPin('ben-id', '0000');
      if (tries < OFFLINE_LOCK_AFTER) {
        wait *= 2;
        expect(answer).toEqual({ ok: false, error: { kind: 'wait', ms: wait } });
      } else expect(answer).toEqual({ ok: false, error: { kind: 'locked' } });
    }
    vi.setSystemTime(Date.now() + 24 * 3600_000);
    expect(await checkPin('ben-id', '2580')).toEqual({ ok: false, error: { kind: 'locked' } });
    expect(offlineGate('corner', 'ben-id')).toEqual({ kind: 'locked' });
  });

  it('starts the count over after the right PIN', async () => {
    offline();
    for (let i = 0; i < 2; i++) await checkPin('ben-id', '0000');
    expect((await checkPin('ben-id', '2580')).ok).toBe(true);
    for (let i = 0; i < 2; i++) expect(await checkPin('ben-id', '0000')).toEqual({ ok: false, error: 'wrong' });
  });
});

describe('the PIN check on the till, online', () => {
  const ben = { userId: 'ben-id', name: 'Ben', role: 'CASHIER', permissions: ['SELL'], maxDiscount: 0 };

  it('asks the server, without the member on the till, and answers its member token', async () => {
    request.mockResolvedValueOnce({ member: ben, newPinNeeded: false, memberToken: 'ben-token' });
    expect(await checkPin('ben-id', '2580')).toEqual({
      ok: true,
      member: ben,
      offline: false,
      newPinNeeded: false,
      memberToken: 'ben-token',
      approval: null,
    });
    expect(request).toHaveBeenCalledWith('/api/secure/till/unlock', {
      method: 'POST',
      body: { userId: 'ben-id', pin: '2580' },
      tillMember: null,
    });
  });

  it('sends the permission and the action’s clientId for an approval, and answers the server’s grant', async () => {
    const clientId = crypto.randomUUID();
    const approval = { kind: 'online', grant: 'signed.grant.for-this-action' };
    request.mockResolvedValueOnce({ member: { ...ben, userId: 'mia-id' }, newPinNeeded: false, approval });
    const result = await checkPin('mia-id', '147036', { permission: 'REFUND', clientId });
    expect(result).toMatchObject({ ok: true, approval, memberToken: null });
    expect(request.mock.calls[0]![1].body).toEqual({ userId: 'mia-id', pin: '147036', approve: 'REFUND', clientId });
  });

  it('drops the offline count once the server answers, and leaves the throttle to it', async () => {
    // Locked by 10 wrong tries offline (the waits between them are the test above's).
    for (let i = 0; i < OFFLINE_LOCK_AFTER; i++) offlineWrong('corner', 'ben-id');
    offline();
    expect(await checkPin('ben-id', '2580')).toEqual({ ok: false, error: { kind: 'locked' } });
    const wait = new ApiRequestError(429, 'Too Many Requests', { message: 'Wait', code: 'RATE_LIMITED' }, '8');
    request.mockRejectedValueOnce(wait);
    expect(await checkPin('ben-id', '2580')).toEqual({ ok: false, error: wait });
    expect(offlineGate('corner', 'ben-id')).toEqual({ kind: 'open' });
  });
});
