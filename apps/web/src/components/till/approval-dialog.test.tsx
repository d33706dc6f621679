import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ROLE_PERMISSIONS, saleNeeds, type TillMember } from '@shopdesk/shared';
import '../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../lib/jsdom-stubs.test-support.ts';
import { tillMemberLacks, useTill } from '../../lib/till/till-state.ts';
import type { PinCheck } from '../../lib/till/till-api.ts';
import { ApprovalDialog } from './approval-dialog.tsx';

const checkPin = vi.hoisted(() => vi.fn<(...args: unknown[]) => Promise<PinCheck>>());
vi.mock('../../lib/till/till-api.ts', () => ({ checkPin }));

const member = (name: string, role: 'MANAGER' | 'CASHIER', maxDiscount: number): TillMember => ({
  userId: `${name}-id`,
  name,
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
  maxDiscount,
  pinVerifier: 'kept',
});
const cashier = member('Ben', 'CASHIER', 1000);
const manager = member('Mia', 'MANAGER', 2000);
const boss = member('Olive', 'MANAGER', 10_000);
const noDiscounts = { lines: [], gross: 0, lineDiscounts: 0, cartDiscount: 0 };

beforeAll(stubLayoutApis);
afterEach(() => {
  cleanup();
  useTill.getState().forget();
});

function onTill() {
  useTill.setState({
    store: 'corner',
    tillId: 'till-1',
    tillToken: 'till-token',
    roster: { lockAfterSale: true, idleLockMinutes: 5, members: [cashier, manager, boss] },
    member: cashier,
  });
}

describe('a discount above the till member’s maximum', () => {
  it('is what the till asks an approval for, as the server would refuse it (off a till, nothing)', () => {
    expect(tillMemberLacks('corner', { permission: 'SELL', discountBp: 2500 })).toEqual([]);
    onTill();
    expect(tillMemberLacks('corner', { permission: 'SELL', discountBp: 1000 })).toEqual([]);
    expect(tillMemberLacks('Corner', { permission: 'SELL', discountBp: 2500 })).toEqual(['DISCOUNT']);
    expect(tillMemberLacks('another', { permission: 'SELL', discountBp: 2500 })).toEqual([]);
  });

  it('is approved only by members whose own maximum covers it', () => {
    onTill();
    render(
      <MantineProvider env="test">
        <ApprovalDialog
          store="corner"
          needs={{ permission: 'SELL', discountBp: 2500 }}
          clientId="sale-1"
          onApproved={() => {}}
          onClose={() => {}}
        />
      </MantineProvider>,
    );
    expect(screen.getByText(/Ben may not give this discount/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Olive' })).toBeTruthy();
    // Mia may give 20% at most, Ben is the one asking.
    expect(screen.queryByRole('button', { name: 'Mia' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ben' })).toBeNull();
  });
});

describe('a sale with a price changed by hand and an open-price item', () => {
  it('names both things the cashier lacks and is approved only by a member who may do both', () => {
    onTill();
    const needs = saleNeeds([{ code: '490', priceOverride: true }, {}], noDiscounts);
    expect(tillMemberLacks('corner', needs)).toEqual(['PRICE_OVERRIDE', 'OPEN_PRICE']);
    useTill.setState({
      roster: {
        lockAfterSale: true,
        idleLockMinutes: 5,
        // Kai may change prices but not sell open-price items: not an approver of this sale.
        members: [cashier, manager, { ...member('Kai', 'CASHIER', 1000), permissions: ['SELL', 'PRICE_OVERRIDE'] }],
      },
    });
    render(
      <MantineProvider env="test">
        <ApprovalDialog store="corner" needs={needs} clientId="sale-1" onApproved={() => {}} onClose={() => {}} />
      </MantineProvider>,
    );
    expect(screen.getByText(/Ben may not change a price and sell an open-price item/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mia' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kai' })).toBeNull();
  });
});

describe('the approval', () => {
  it('is asked for the action’s clientId and the permission lacked, and handed to the action', async () => {
    onTill();
    const approval = { kind: 'online' as const, grant: 'signed.grant.of-the-server' };
    checkPin.mockResolvedValueOnce({
      ok: true,
      member: manager,
      offline: false,
      newPinNeeded: false,
      memberToken: null,
      approval,
    });
    const onApproved = vi.fn();
    render(
      <MantineProvider env="test">
        <ApprovalDialog
          store="corner"
          needs={{ permission: 'REFUND' }}
          clientId="refund-7"
          onApproved={onApproved}
          onClose={() => {}}
        />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mia' }));
    for (const digit of '135790') fireEvent.click(screen.getByRole('button', { name: digit }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onApproved).toHaveBeenCalledWith(approval));
    expect(checkPin).toHaveBeenCalledWith('Mia-id', '135790', { permission: 'REFUND', clientId: 'refund-7' });
  });

  it('of a SETTINGS change may be the member on the till’s own, when asked so (leaving till mode)', () => {
    onTill();
    useTill.setState({ member: manager });
    render(
      <MantineProvider env="test">
        <ApprovalDialog
          store="corner"
          needs={{ permission: 'SETTINGS' }}
          clientId="leave-1"
          selfMayApprove
          onApproved={() => {}}
          onClose={() => {}}
        />
      </MantineProvider>,
    );
    expect(screen.getByText('A member who may change settings enters their PIN.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mia' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Olive' })).toBeTruthy();
    // A cashier may not change settings.
    expect(screen.queryByRole('button', { name: 'Ben' })).toBeNull();
  });
});
