import { afterEach, describe, expect, it, vi } from 'vitest';
import { TILL_STORAGE_KEY, isTill, isTillOf, useTill } from './till-state.ts';

/*
 * A till is the device's (kept across reloads); who is unlocked on it is the page's only: a reload,
 * a crash or a new tab comes back locked.
 */

const device = { store: 'corner', tillId: 'till-1', tillName: 'Till 1', tillToken: 'till-token' };
const ben = { userId: 'ben-id', name: 'Ben', role: 'CASHIER' as const, permissions: [], maxDiscount: 0 };
const roster = { lockAfterSale: true, idleLockMinutes: 5, members: [{ ...ben, pinVerifier: 'v1:kept' }] };

afterEach(() => {
  useTill.getState().forget();
  vi.resetModules();
});

/** The state a new page (a reload, a new tab) reads from storage. */
async function reloaded() {
  vi.resetModules();
  return (await import('./till-state.ts')).useTill.getState();
}

describe('the till on this device', () => {
  it('is kept with its roster, never with the member or their token', async () => {
    useTill.getState().become(device);
    useTill.getState().setRoster(roster);
    useTill.getState().unlock(ben, 'ben-token', true);
    expect(isTillOf('Corner')).toBe(true);
    expect(localStorage.getItem(TILL_STORAGE_KEY)).not.toContain('ben-token');
    const after = await reloaded();
    expect(after).toMatchObject({ ...device, roster, revoked: false, member: null, memberToken: null });
  });

  it('once turned off, keeps saying so after a reload, without its token or the verifiers', async () => {
    useTill.getState().become(device);
    useTill.getState().setRoster(roster);
    useTill.getState().revoke();
    expect(isTill()).toBe(false);
    const after = await reloaded();
    expect(after).toMatchObject({ store: 'corner', tillName: 'Till 1', tillToken: null, revoked: true, roster: null });
  });

  it('is forgotten when left', async () => {
    useTill.getState().become(device);
    useTill.getState().forget();
    expect(localStorage.getItem(TILL_STORAGE_KEY)).toBeNull();
    expect(await reloaded()).toMatchObject({ store: null, tillToken: null, revoked: false });
  });

  it('reads kept storage it cannot use as no till', async () => {
    localStorage.setItem(TILL_STORAGE_KEY, '{"store": 3}');
    expect((await reloaded()).store).toBeNull();
    localStorage.setItem(TILL_STORAGE_KEY, 'not json');
    expect((await reloaded()).store).toBeNull();
    localStorage.removeItem(TILL_STORAGE_KEY);
  });
});
