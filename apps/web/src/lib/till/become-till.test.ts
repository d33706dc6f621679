import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoggedUser, VirtualStore } from '@shopdesk/shared';
import { initialSessionState, SESSION_STORAGE_KEY, useSession } from '../session-store.ts';
import { becomeTill, nextTillName } from './become-till.ts';
import { useTill } from './till-state.ts';

const api = vi.hoisted(() => ({ createTill: vi.fn(), fetchRoster: vi.fn() }));
vi.mock('./till-api.ts', () => api);

afterEach(() => {
  useTill.getState().forget();
  useSession.setState(initialSessionState());
  vi.clearAllMocks();
});

const roster = { lockAfterSale: true, idleLockMinutes: 5, members: [] };

describe('turning this device into a till', () => {
  it('keeps the till, drops the person’s session (no /logout: the server ended it) and reads the roster', async () => {
    const store = { id: 's1', urlName: 'corner', mainCurrency: 'JPY' } as unknown as VirtualStore;
    useSession.getState().login('owner-jwt', { userId: 'owner-id', locale: 'ja-JP' } as LoggedUser);
    useSession.getState().setVirtualStore(store);
    api.createTill.mockResolvedValue({ id: 'till-1', name: 'Till 1', tillToken: 'sdt1.till-1.secret' });
    api.fetchRoster.mockResolvedValue(roster);
    await becomeTill('corner', 'Till 1');
    expect(api.createTill).toHaveBeenCalledWith('corner', 'Till 1');
    expect(useTill.getState()).toMatchObject({
      store: 'corner',
      tillId: 'till-1',
      tillName: 'Till 1',
      tillToken: 'sdt1.till-1.secret',
      roster,
      member: null,
    });
    expect(useSession.getState()).toMatchObject({ jwt: null, loggedUser: null, virtualStore: store });
    expect(localStorage.getItem(SESSION_STORAGE_KEY) ?? '').not.toContain('owner-jwt');
  });

  it('stays a person’s device when the server refuses', async () => {
    useSession.getState().login('owner-jwt', { userId: 'owner-id' } as LoggedUser);
    api.createTill.mockRejectedValue(new Error('403'));
    await expect(becomeTill('corner', 'Till 1')).rejects.toThrow('403');
    expect(useTill.getState().store).toBeNull();
    expect(useSession.getState().jwt).toBe('owner-jwt');
  });
});

describe('the name offered for a new till', () => {
  const word = (n: number) => `Till ${n}`;
  it('is the next number, skipping names taken', () => {
    expect(nextTillName([], word)).toBe('Till 1');
    expect(nextTillName(['Till 1'], word)).toBe('Till 2');
    expect(nextTillName(['Back room', 'Till 2'], word)).toBe('Till 3');
  });
});
