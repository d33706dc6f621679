import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { OWNER_RIGHTS, type LoggedUser, type VirtualStore } from '@shopdesk/shared';
import '../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../lib/jsdom-stubs.test-support.ts';
import { MemoryRouter } from '../../lib/router/index.ts';
import { useSession } from '../../lib/session-store.ts';
import { useTill, type TillUser } from '../../lib/till/till-state.ts';
import type * as BecomeTillModule from '../../lib/till/become-till.ts';
import { TillSetup } from './till-setup.tsx';

const api = vi.hoisted(() => ({
  setMemberPin: vi.fn<(...args: unknown[]) => Promise<void>>(),
  listTills: vi.fn(),
  leaveTill: vi.fn<(...args: unknown[]) => Promise<void>>(),
  saveTillSettings: vi.fn(),
  checkPin: vi.fn(),
}));
vi.mock('../../lib/till/till-api.ts', () => api);
const becomeTill = vi.hoisted(() => vi.fn<(...args: unknown[]) => Promise<void>>());
vi.mock('../../lib/till/become-till.ts', async (load) => ({
  ...(await load<typeof BecomeTillModule>()),
  becomeTill,
}));
const pendingSaleCount = vi.hoisted(() => vi.fn<() => Promise<number>>());
vi.mock('../../sync/use-sale-queue.ts', () => ({ pendingSaleCount }));

/** Ben sells only: 4 digits are enough. Mia may give discounts (she may approve): 6 digits. */
const ben: TillUser = { userId: 'ben-id', name: 'Ben', role: 'CASHIER', permissions: ['SELL'], maxDiscount: 0 };
const mia: TillUser = {
  userId: 'mia-id',
  name: 'Mia',
  role: 'MANAGER',
  permissions: ['SELL', 'DISCOUNT', 'SETTINGS'],
  maxDiscount: 1000,
};

beforeAll(stubLayoutApis);
beforeEach(() => api.listTills.mockResolvedValue({ tills: [] }));
afterEach(() => {
  cleanup();
  for (const mock of [...Object.values(api), becomeTill, pendingSaleCount]) mock.mockReset();
  useTill.getState().forget();
});

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/corner/shop/counter']}>
          <TillSetup store="corner" onClose={() => {}} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

/** The device is the till of `corner`, with `member` unlocked on it. */
function tillWith(member: TillUser) {
  useSession.setState({ loggedUser: null, jwt: null, virtualStore: null, userLocale: 'en-US' });
  useTill.setState({
    store: 'corner',
    tillId: 'till-1',
    tillName: 'Till 1',
    tillToken: 'till-token',
    roster: {
      lockAfterSale: true,
      idleLockMinutes: 5,
      members: [
        { ...ben, pinVerifier: 'kept' },
        { ...mia, pinVerifier: 'kept' },
      ],
    },
    member,
    memberToken: `${member.userId}-token`,
    newPinNeeded: true,
  });
  show();
}

/** The owner's own session, on a device that is no till. */
function ownerSession() {
  useSession.setState({
    jwt: 'owner-jwt',
    loggedUser: { userId: 'owner-id' } as LoggedUser,
    virtualStore: { urlName: 'corner', rights: OWNER_RIGHTS } as unknown as VirtualStore,
    userLocale: 'en-US',
  });
  show();
}

const savePin = (pin: string, label: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value: pin } });
  fireEvent.click(screen.getByRole('button', { name: 'Save my PIN' }));
};

describe('"My PIN" on a till', () => {
  it('sets the PIN of the member unlocked there (the header says who), naming them', async () => {
    tillWith(ben);
    savePin('2580', 'My PIN (Ben)');
    await waitFor(() => expect(api.setMemberPin).toHaveBeenCalledWith('corner', 'ben-id', '2580'));
    expect(await screen.findByText('Your PIN is saved.')).toBeTruthy();
    // The notice asking for a longer PIN goes.
    expect(useTill.getState().newPinNeeded).toBe(false);
  });

  it('asks a member who may approve for 6 digits before anything is sent', () => {
    tillWith(mia);
    expect(screen.getByText('6 digits: you may approve other members’ actions')).toBeTruthy();
    savePin('2580', 'My PIN (Mia)');
    expect(screen.getByText('A member who may approve needs a 6-digit PIN.')).toBeTruthy();
    expect(api.setMemberPin).not.toHaveBeenCalled();
  });

  it('is the person’s own PIN off a till', async () => {
    ownerSession();
    savePin('258013', 'My PIN');
    await waitFor(() => expect(api.setMemberPin).toHaveBeenCalledWith('corner', 'owner-id', '258013'));
  });
});

describe('turning this device into a till', () => {
  it('offers the next till’s name and makes the till under the name given', async () => {
    api.listTills.mockResolvedValue({ tills: [{ name: 'Till 1', revokedAt: '2026-12-01T09:00:00.000Z' }] });
    pendingSaleCount.mockResolvedValue(0);
    becomeTill.mockResolvedValue();
    ownerSession();
    const name = screen.getByLabelText('Name of this till') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Till 2'));
    fireEvent.click(screen.getByRole('button', { name: 'Turn this device into a till' }));
    await waitFor(() => expect(becomeTill).toHaveBeenCalledWith('corner', 'Till 2'));
  });

  it('waits while sales of this session are not sent: the session that could send them ends', async () => {
    api.listTills.mockResolvedValue({ tills: [] });
    pendingSaleCount.mockResolvedValue(2);
    ownerSession();
    fireEvent.click(screen.getByRole('button', { name: 'Turn this device into a till' }));
    expect((await screen.findByRole('alert')).textContent).toContain('2 sales made on this device have not been sent');
    expect(becomeTill).not.toHaveBeenCalled();
  });
});

describe('leaving till mode', () => {
  it('asks the PIN of a member who may change settings (the one unlocked too), then forgets the till', async () => {
    pendingSaleCount.mockResolvedValue(0);
    const approval = { kind: 'online' as const, grant: 'signed.grant.of-the-server' };
    api.checkPin.mockResolvedValue({
      ok: true,
      member: mia,
      offline: false,
      newPinNeeded: false,
      memberToken: null,
      approval,
    });
    api.leaveTill.mockResolvedValue();
    tillWith(mia);
    fireEvent.click(screen.getByRole('button', { name: 'Leave till mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approval needed' });
    // Ben may not change settings: only Mia is offered.
    expect(screen.queryByRole('button', { name: 'Ben' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mia' }));
    for (const digit of '135790') fireEvent.click(screen.getByRole('button', { name: digit }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.leaveTill).toHaveBeenCalledWith(approval));
    expect(api.checkPin).toHaveBeenCalledWith('mia-id', '135790', {
      permission: 'SETTINGS',
      clientId: expect.any(String),
    });
    await waitFor(() => expect(useTill.getState().store).toBeNull());
    expect(useTill.getState().tillToken).toBeNull();
    expect(dialog).toBeTruthy();
  });

  it('waits while the till’s sales are not sent', async () => {
    pendingSaleCount.mockResolvedValue(1);
    tillWith(ben);
    fireEvent.click(screen.getByRole('button', { name: 'Leave till mode' }));
    expect((await screen.findByRole('alert')).textContent).toContain('1 sale made on this till has not been sent');
    expect(api.leaveTill).not.toHaveBeenCalled();
  });
});
