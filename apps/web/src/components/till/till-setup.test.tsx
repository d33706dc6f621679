import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { OWNER_RIGHTS, type LoggedUser, type VirtualStore } from '@shopdesk/shared';
import '../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../lib/jsdom-stubs.test-support.ts';
import { useSession } from '../../lib/session-store.ts';
import { useTill, type TillUser } from '../../lib/till/till-state.ts';
import { TillSetup } from './till-setup.tsx';

const setMemberPin = vi.hoisted(() => vi.fn<(...args: unknown[]) => Promise<void>>());
vi.mock('../../lib/till/till-api.ts', () => ({
  setMemberPin,
  fetchRoster: vi.fn(),
  saveTillSettings: vi.fn(),
}));

/** Ben sells only: 4 digits are enough. Mia may give discounts (she may approve): 6 digits. */
const ben: TillUser = { userId: 'ben-id', name: 'Ben', role: 'CASHIER', permissions: ['SELL'], maxDiscount: 0 };
const mia: TillUser = {
  userId: 'mia-id',
  name: 'Mia',
  role: 'CASHIER',
  permissions: ['SELL', 'DISCOUNT'],
  maxDiscount: 1000,
};

beforeAll(stubLayoutApis);
afterEach(() => {
  cleanup();
  setMemberPin.mockReset();
  useTill.setState({ store: null, roster: null, member: null, newPinNeeded: false });
});

/** The owner's session runs the till of `corner`, with `member` unlocked on it. */
function tillWith(member: TillUser | null) {
  useSession.setState({
    loggedUser: { userId: 'owner-id' } as LoggedUser,
    virtualStore: { urlName: 'corner', rights: OWNER_RIGHTS } as unknown as VirtualStore,
    userLocale: 'en-US',
  });
  useTill.setState({
    store: 'corner',
    roster: { lockAfterSale: true, idleLockMinutes: 5, members: [] },
    member,
    newPinNeeded: member !== null,
  });
  render(
    <MantineProvider env="test">
      <TillSetup store="corner" onClose={() => {}} />
    </MantineProvider>,
  );
}

const savePin = (pin: string, label: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value: pin } });
  fireEvent.click(screen.getByRole('button', { name: 'Save my PIN' }));
};

describe('"My PIN" on a till', () => {
  it('sets the PIN of the member unlocked there, naming them, never the session owner’s', async () => {
    tillWith(ben);
    savePin('2580', 'My PIN (Ben)');
    await waitFor(() => expect(setMemberPin).toHaveBeenCalledWith('corner', 'ben-id', '2580', 'ben-id'));
    expect(await screen.findByText('Your PIN is saved.')).toBeTruthy();
    // The notice asking for a longer PIN goes.
    expect(useTill.getState().newPinNeeded).toBe(false);
  });

  it('asks a member who may approve for 6 digits before anything is sent', () => {
    tillWith(mia);
    expect(screen.getByText('6 digits: you may approve other members’ actions')).toBeTruthy();
    savePin('2580', 'My PIN (Mia)');
    expect(screen.getByText('A member who may approve needs a 6-digit PIN.')).toBeTruthy();
    expect(setMemberPin).not.toHaveBeenCalled();
  });

  it('is the session’s own PIN when nobody is unlocked (the owner setting up)', async () => {
    tillWith(null);
    savePin('258013', 'My PIN');
    await waitFor(() => expect(setMemberPin).toHaveBeenCalledWith('corner', 'owner-id', '258013'));
  });
});
