import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPin, type TillMember } from '@shopdesk/shared';
import { ApiRequestError, NetworkError } from '../api-error.ts';
import { OFFLINE_LOCK_AFTER, offlineGate, offlineWrong } from './offline-tries.ts';
import { checkPin } from './till-api.ts';
import { useTill } from './till-state.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../api-client.ts', () => ({ secureApi: { request } }));

/*
 * The PIN check on the till: offline against the kept hashes (argon2id, as the server makes
 * them), with the till's own throttle per member; online the server decides and the offline count
 * is dropped.
 */

// Cheap argon2id parameters: what is tested is the check and the count, not the cost.
const CHEAP = { memorySize: 64, iterations: 1 };
const member = (userId: string, name: string, pinHash: string): TillMember => ({
  userId,
  name,
  role: 'CASHIER',
  permissions: ['SELL'],
  maxDiscount: 0,
  pinHash,
});

beforeAll(async () => {
  useTill.getState().open('corner', {
    lockAfterSale: true,
    idleLockMinutes: 5,
    members: [
      member('ben-id', 'Ben', await hashPin('2580', CHEAP)),
      member('mia-id', 'Mia', await hashPin('1470', CHEAP)),
    ],
  });
});

afterEach(() => {
  request.mockReset();
  vi.useRealTimers();
  localStorage.removeItem('shopdesk-till-tries');
});

const offline = () => request.mockRejectedValue(new NetworkError(new TypeError('Failed to fetch')));

describe('the PIN check on the till', () => {
  it('unlocks offline from the kept argon2id hash, and refuses a wrong PIN', async () => {
    offline();
    expect(await checkPin('corner', 'ben-id', '2580')).toMatchObject({
      ok: true,
      offline: true,
      member: { name: 'Ben' },
    });
    expect(await checkPin('corner', 'ben-id', '1470')).toEqual({ ok: false, error: 'wrong' });
  });

  it('makes a member wait after 3 wrong PINs offline, the right PIN too, and locks after 10', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 11, 5, 9));
    offline();
    for (let i = 0; i < 2; i++)
      expect(await checkPin('corner', 'ben-id', '0000')).toEqual({ ok: false, error: 'wrong' });
    expect(await checkPin('corner', 'ben-id', '0000')).toEqual({ ok: false, error: { kind: 'wait', ms: 30_000 } });
    // While the wait runs, not even the right PIN is checked.
    expect(await checkPin('corner', 'ben-id', '2580')).toEqual({ ok: false, error: { kind: 'wait', ms: 30_000 } });
    // Mia is another member: not held back.
    expect((await checkPin('corner', 'mia-id', '1470')).ok).toBe(true);
    let wait = 30_000;
    for (let tries = 4; tries <= OFFLINE_LOCK_AFTER; tries++) {
      vi.setSystemTime(Date.now() + wait);
      const answer = await checkPin('corner', 'ben-id', '0000');
      if (tries < OFFLINE_LOCK_AFTER) {
        wait *= 2;
        expect(answer).toEqual({ ok: false, error: { kind: 'wait', ms: wait } });
      } else expect(answer).toEqual({ ok: false, error: { kind: 'locked' } });
    }
    vi.setSystemTime(Date.now() + 24 * 3600_000);
    expect(await checkPin('corner', 'ben-id', '2580')).toEqual({ ok: false, error: { kind: 'locked' } });
    expect(offlineGate('corner', 'ben-id')).toEqual({ kind: 'locked' });
  });

  it('drops the offline count once the server answers, and leaves the throttle to it', async () => {
    // Locked by 10 wrong tries offline (the waits between them are the test above's).
    for (let i = 0; i < OFFLINE_LOCK_AFTER; i++) offlineWrong('corner', 'ben-id');
    offline();
    expect(await checkPin('corner', 'ben-id', '2580')).toEqual({ ok: false, error: { kind: 'locked' } });
    const wait = new ApiRequestError(429, 'Too Many Requests', { message: 'Wait', code: 'RATE_LIMITED' }, '8');
    request.mockRejectedValueOnce(wait);
    expect(await checkPin('corner', 'ben-id', '2580')).toEqual({ ok: false, error: wait });
    expect(offlineGate('corner', 'ben-id')).toEqual({ kind: 'open' });
    const ben = { userId: 'ben-id', name: 'Ben', role: 'CASHIER', permissions: ['SELL'], maxDiscount: 0 };
    request.mockResolvedValueOnce({ member: ben, newPinNeeded: false });
    expect(await checkPin('corner', 'ben-id', '2580')).toEqual({
      ok: true,
      member: ben,
      offline: false,
      newPinNeeded: false,
    });
  });

  it('starts the count over after the right PIN offline', async () => {
    offline();
    for (let i = 0; i < 2; i++) await checkPin('corner', 'ben-id', '0000');
    expect((await checkPin('corner', 'ben-id', '2580')).ok).toBe(true);
    for (let i = 0; i < 2; i++)
      expect(await checkPin('corner', 'ben-id', '0000')).toEqual({ ok: false, error: 'wrong' });
  });
});
