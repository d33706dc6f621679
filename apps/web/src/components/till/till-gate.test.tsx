import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import '../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../lib/jsdom-stubs.test-support.ts';
import { useTill, type TillUser } from '../../lib/till/till-state.ts';
import { TillGate } from './till-gate.tsx';

vi.mock('../../lib/till/till-api.ts', () => ({ fetchRoster: () => new Promise(() => {}), checkPin: vi.fn() }));

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
  useTill.setState({ store: null, roster: null, member: null, newPinNeeded: false });
});

function gate(newPinNeeded: boolean, onChangePin = vi.fn()) {
  useTill.setState({
    store: 'corner',
    roster: { lockAfterSale: true, idleLockMinutes: 0, members: [] },
    member: mia,
    newPinNeeded,
  });
  render(
    <MantineProvider env="test">
      <TillGate store="corner" beforeLock={() => {}} onChangePin={onChangePin} />
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
