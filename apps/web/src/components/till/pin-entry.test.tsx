import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import '../../lib/i18n.ts'; // the English texts, as in the app
import { ApiRequestError } from '../../lib/api-error.ts';
import { stubLayoutApis } from '../../lib/jsdom-stubs.test-support.ts';
import { OFFLINE_LOCK_AFTER, offlineGate, offlineWrong } from '../../lib/till/offline-tries.ts';
import type { PinCheck } from '../../lib/till/till-api.ts';
import { useTill } from '../../lib/till/till-state.ts';
import { PinEntry } from './pin-entry.tsx';

const checkPin = vi.hoisted(() => vi.fn<(...args: unknown[]) => Promise<PinCheck>>());
vi.mock('../../lib/till/till-api.ts', () => ({ checkPin }));

const members = [
  { userId: 'ben-id', name: 'Ben' },
  { userId: 'mia-id', name: 'Mia' },
];
const ben = { userId: 'ben-id', name: 'Ben', role: 'CASHIER' as const, permissions: [], maxDiscount: 0 };

beforeAll(stubLayoutApis);
afterEach(() => {
  cleanup();
  checkPin.mockReset();
});

function renderPad(onDone = vi.fn()) {
  render(
    <MantineProvider env="test">
      <PinEntry store="corner" members={members} onDone={onDone} />
    </MantineProvider>,
  );
  return onDone;
}

const type = (digits: string) => {
  for (const digit of digits) fireEvent.click(screen.getByRole('button', { name: digit }));
};

describe('the PIN pad', () => {
  it('shows the names first, then the pad of the one chosen, and checks the PIN as theirs', async () => {
    const accepted = { member: ben, offline: false, newPinNeeded: true, memberToken: 'ben-token', approval: null };
    checkPin.mockResolvedValue({ ok: true, ...accepted });
    const onDone = renderPad();
    // No pad before a name is chosen: a PIN alone names nobody.
    expect(screen.queryByLabelText('PIN')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mia' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ben' }));
    expect(screen.getByLabelText('PIN')).toBeTruthy();
    expect(screen.getByText('PIN for Ben')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mia' })).toBeNull();
    type('2580');
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ ok: true, ...accepted }));
    expect(checkPin).toHaveBeenCalledWith('ben-id', '2580', undefined);
  });

  it('goes back to the names, and forgets the digits typed', () => {
    renderPad();
    fireEvent.click(screen.getByRole('button', { name: 'Ben' }));
    type('12');
    fireEvent.click(screen.getByRole('button', { name: 'Choose another name' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mia' }));
    expect(screen.getByText('PIN for Mia')).toBeTruthy();
    expect((screen.getByLabelText('PIN') as HTMLInputElement).value).toBe('');
  });

  it('says the PIN is wrong, and how long to wait when the tries are throttled', async () => {
    checkPin.mockResolvedValueOnce({ ok: false, error: 'wrong' });
    renderPad();
    fireEvent.click(screen.getByRole('button', { name: 'Ben' }));
    type('0000');
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong PIN. Try again.');

    const wait = new ApiRequestError(
      429,
      'Too Many Requests',
      { message: 'Too many wrong PINs. Wait 2 minutes and try again.', code: 'RATE_LIMITED' },
      '120',
    );
    checkPin.mockResolvedValueOnce({ ok: false, error: wait });
    type('0000');
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many wrong PINs. Wait 2 minutes and try again.'),
    );
  });

  it("says how long to wait when the till's own offline count holds the member back", async () => {
    checkPin.mockResolvedValueOnce({ ok: false, error: { kind: 'wait', ms: 60_000 } });
    renderPad();
    fireEvent.click(screen.getByRole('button', { name: 'Ben' }));
    type('0000');
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many wrong PINs. Wait 1 minute and try again.');
  });

  it('lets a member with SETTINGS lift an offline lock with their own PIN', async () => {
    const rights = { role: 'MANAGER' as const, maxDiscount: 0, pinVerifier: 'kept' };
    useTill.getState().become({ store: 'corner', tillId: 'till-1', tillName: 'Till 1', tillToken: 'till-token' });
    useTill.getState().setRoster({
      lockAfterSale: true,
      idleLockMinutes: 5,
      members: [
        { ...ben, pinVerifier: 'kept' },
        { ...rights, userId: 'mia-id', name: 'Mia', permissions: ['SELL', 'SETTINGS'] },
        { ...rights, userId: 'kai-id', name: 'Kai', permissions: ['SELL', 'REFUND'] },
      ],
    });
    for (let i = 0; i < OFFLINE_LOCK_AFTER; i++) offlineWrong('corner', 'ben-id');
    checkPin.mockResolvedValueOnce({ ok: false, error: { kind: 'locked' } });
    renderPad();
    fireEvent.click(screen.getByRole('button', { name: 'Ben' }));
    type('2580');
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect((await screen.findByRole('alert')).textContent).toContain('cannot enter a PIN on this till');
    fireEvent.click(screen.getByRole('button', { name: 'Allow their PIN again' }));
    // Only members who may change settings are offered (Kai may refund, not that).
    expect(screen.queryByRole('button', { name: 'Kai' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mia' }));
    const mia = { userId: 'mia-id', name: 'Mia', role: 'MANAGER' as const, permissions: [], maxDiscount: 0 };
    const proof = { kind: 'offline' as const, approvedBy: 'mia-id', permission: 'SETTINGS' as const, proof: 'p' };
    checkPin.mockImplementationOnce(async (_userId, _pin, ask) => ({
      ok: true,
      member: mia,
      offline: true,
      newPinNeeded: false,
      memberToken: null,
      approval: { ...proof, clientId: (ask as { clientId: string }).clientId },
    }));
    type('135790');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByText('PIN for Ben')).toBeTruthy());
    expect(checkPin).toHaveBeenLastCalledWith('mia-id', '135790', {
      permission: 'SETTINGS',
      clientId: expect.any(String),
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(offlineGate('corner', 'ben-id')).toEqual({ kind: 'open' });
    useTill.getState().forget();
  });
});
