import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoggedUser } from '@shopdesk/shared';
import { deviceCredential, deviceOwner, deviceOwnerOf, subscribeDeviceOwner } from './device-owner.ts';
import { initialSessionState, useSession } from './session-store.ts';
import { useTill } from './till/till-state.ts';

afterEach(() => {
  useTill.getState().forget();
  useSession.setState(initialSessionState());
});

describe('whose things this device keeps', () => {
  it('is the person’s, or the till’s own (whoever is unlocked on it), or nobody’s', () => {
    expect(deviceOwnerOf('owner-id', null)).toBe('owner-id');
    expect(deviceOwnerOf(null, 'till-1')).toBe('till-till-1');
    expect(deviceOwnerOf(undefined, undefined)).toBeNull();
  });

  it('changes from the person to the till when the device becomes one, and is told once', () => {
    useSession.setState({ jwt: 'owner-jwt', loggedUser: { userId: 'owner-id' } as LoggedUser });
    expect([deviceOwner(), deviceCredential()]).toEqual(['owner-id', 'owner-jwt']);
    const told = vi.fn();
    const stop = subscribeDeviceOwner(told);
    useTill.getState().become({ store: 'corner', tillId: 'till-1', tillName: 'Till 1', tillToken: 'till-token' });
    useSession.setState({ jwt: null, loggedUser: null });
    useTill.getState().unlock({ userId: 'ben-id', name: 'Ben', role: 'CASHIER', permissions: [], maxDiscount: 0 }, 't');
    expect(told.mock.calls).toEqual([['till-till-1']]);
    expect(deviceCredential()).toBe('till-token');
    stop();
  });
});
