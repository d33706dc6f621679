import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ROLE_PERMISSIONS, type TillMember } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { useTill } from '../../../lib/till/till-state.ts';
import { CashMoveForm } from './cash-move-form.tsx';

const sent = vi.hoisted(() => ({ bodies: [] as unknown[] }));
vi.mock('../api/cash-move.ts', () => ({
  useCashMove: () => ({
    mutate: (body: unknown) => sent.bodies.push(body),
    isPending: false,
    isError: false,
    error: null,
  }),
}));

const member = (name: string, role: 'MANAGER' | 'CASHIER'): TillMember => ({
  userId: `${name}-id`,
  name,
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
  maxDiscount: 1000,
  pinVerifier: 'kept',
});

beforeAll(stubLayoutApis);
afterEach(() => {
  cleanup();
  sent.bodies = [];
  useTill.getState().forget();
});

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <CashMoveForm store="corner" shiftId="s1" currencies={['USD']} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '15' } });
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Window cleaner' } });
  fireEvent.click(screen.getByRole('button', { name: 'Record pay-out' }));
}

describe('a pay-out on a till', () => {
  it('asks a member with CASH_MOVES for their PIN when the cashier lacks it, and sends nothing before', () => {
    const cashier = member('Ben', 'CASHIER');
    useTill.setState({
      store: 'corner',
      tillId: 'till-1',
      tillToken: 'till-token',
      roster: { lockAfterSale: true, idleLockMinutes: 5, members: [cashier, member('Mia', 'MANAGER')] },
      member: cashier,
    });
    renderForm();
    expect(screen.getByText(/Ben may not pay in or out/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mia' })).toBeTruthy();
    expect(sent.bodies).toEqual([]);
  });

  it('is sent at once when they may, naming nobody: the till’s X-Till-Member header says who', () => {
    const manager = member('Mia', 'MANAGER');
    useTill.setState({
      store: 'corner',
      tillId: 'till-1',
      tillToken: 'till-token',
      roster: { lockAfterSale: true, idleLockMinutes: 5, members: [manager] },
      member: manager,
    });
    renderForm();
    expect(sent.bodies).toEqual([
      { clientId: expect.any(String), kind: 'PAY_OUT', currency: 'USD', amount: 1500, reason: 'Window cleaner' },
    ]);
  });
});
