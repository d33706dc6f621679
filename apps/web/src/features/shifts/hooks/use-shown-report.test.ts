import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { OWNER_RIGHTS, ROLE_PERMISSIONS, type ShiftReport, type TillMember, type VirtualStore } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';
import { useTill } from '../../../lib/till/till-state.ts';
import { useShownReport } from './use-shown-report.ts';

const open: ShiftReport = {
  id: 'S1',
  number: 2,
  status: 'OPEN',
  mainCurrency: 'USD',
  openedAt: '2026-12-05T09:00:00.000Z',
  openedBy: 'Ada',
  closedAt: null,
  closedBy: null,
  salesCount: 1,
  salesTotal: 2500,
  lateSalesCount: 0,
  lateSalesTotal: 0,
  refundsCount: 0,
  refundsTotal: 0,
  noSaleCount: 0,
  byMethod: [{ methodId: 'CASH', name: null, defaultName: 'CASH', kind: 'CASH', method: 'CASH', amount: 2500 }],
  byCashier: [],
  cashHidden: false,
  cash: [
    {
      currency: 'USD',
      float: 10_000,
      cashSales: 2500,
      cashRefunds: 0,
      payIns: 0,
      payOuts: 0,
      expected: 12_500,
      counted: null,
      difference: null,
      denominations: null,
    },
  ],
  moves: [],
};

const cashier: TillMember = {
  userId: 'cass',
  name: 'Cass',
  role: 'CASHIER',
  permissions: [...ROLE_PERMISSIONS.CASHIER],
  maxDiscount: 0,
  pinVerifier: 'kept',
};

afterEach(() => {
  useTill.getState().forget();
});

describe('useShownReport', () => {
  it("shows a manager's session every figure, and blinds it while a cashier without REPORTS is on the till", () => {
    useSession.setState({ virtualStore: { urlName: 'corner', rights: OWNER_RIGHTS } as unknown as VirtualStore });
    const { result } = renderHook(() => useShownReport('corner', open));
    expect(result.current.cash[0]!.expected).toBe(12_500);
    act(() =>
      useTill.setState({ store: 'corner', tillId: 'till-1', tillToken: 'till-token', roster: null, member: cashier }),
    );
    expect(result.current.cashHidden).toBe(true);
    expect(result.current.cash[0]).toMatchObject({ expected: null, cashSales: null, float: 10_000 });
    expect(result.current.byMethod[0]!.amount).toBeNull();
    // Counted (closed), the Z report is shown whole.
    const closed = {
      ...open,
      status: 'CLOSED' as const,
      cash: [{ ...open.cash[0]!, counted: 12_000, difference: -500 }],
    };
    const after = renderHook(() => useShownReport('corner', closed));
    expect(after.result.current.cash[0]!.expected).toBe(12_500);
  });
});
