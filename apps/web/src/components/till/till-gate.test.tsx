import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import '../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../lib/jsdom-stubs.test-support.ts';
import { useTill, type TillUser } from '../../lib/till/till-state.ts';
import { TillGate } from './till-gate.tsx';

vi.mock('../../lib/till/till-api.ts', () => ({ checkPin: vi.fn() }));

const mia: TillUser = {
  userId: 'mia-id',
  name: 'Mia',
  role: 'CASHIER',
  permissions: ['SELL', 'REFUND'],
  maxDiscount: 0,
};

beforeAll(stubLayoutApis);
afterEach(() => {
  cleanup();
  useTill.getState().forget();
});

function gate(newPinNeeded: boolean, onChangePin = vi.fn(), beforeLock = vi.fn()) {
  useTill.setState({
    store: 'corner',
    tillId: 'till-1',
    tillToken: 'till-token',
    roster: { lockAfterSale: true, idleLockMinutes: 0, members: [] },
    member: mia,
    memberToken: 'mia-token',
    newPinNeeded,
  });
  render(
    <MantineProvider env="test">
      <TillGate store="corner" beforeLock={beforeLock} onChangePin={onChangePin} />
    </MantineProvider>,
  );
  return onChangePin;
}

describe('a member unlocked with a PIN shorter than their rights now need', () => {
  it('sells, and is asked to set a 6-digit PIN', () => {
    const onChangePin = gate(true);
    expect(screen.getByText('Selling: Mia')).toBeTruthy();
    expect(
      screen.getByText(/Mia, you may approve other members’ actions now, so your PIN needs 6 digits/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set a 6-digit PIN' }));
    expect(onChangePin).toHaveBeenCalledOnce();
  });

  it('is not asked when the PIN is long enough', () => {
    gate(false);
    expect(screen.getByText('Selling: Mia')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set a 6-digit PIN' })).toBeNull();
  });
});

describe('Lock', () => {
  it('holds the cart first, then forgets the member and their token: the PIN pad shows', async () => {
    const beforeLock = vi.fn();
    gate(false, vi.fn(), beforeLock);
    fireEvent.click(screen.getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(useTill.getState().member).toBeNull());
    expect(beforeLock).toHaveBeenCalledOnce();
    expect(useTill.getState().memberToken).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Till locked' })).toBeTruthy();
  });
});
