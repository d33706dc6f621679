import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../../lib/i18n/types.ts';
import type { ShiftReport } from '@shopdesk/shared';
import { shiftReportDocument } from './z-report-document.ts';

/** Keys with their values, so the test reads what each line says. */
const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key}(${Object.values(options).join(',')})` : key) as unknown as TFunction;

const report: ShiftReport = {
  id: 'S1',
  number: 7,
  status: 'CLOSED',
  mainCurrency: 'USD',
  openedAt: '2026-11-24T00:00:00.000Z',
  openedBy: 'Ada',
  closedAt: '2026-11-24T08:00:00.000Z',
  closedBy: 'Ben',
  salesCount: 2,
  salesTotal: 3000,
  lateSalesCount: 1,
  lateSalesTotal: 500,
  refundsCount: 0,
  refundsTotal: 0,
  byMethod: [{ method: 'CASH', amount: 3000 }],
  cash: [
    {
      currency: 'USD',
      float: 10_000,
      cashSales: 3000,
      cashRefunds: 0,
      payIns: 0,
      payOuts: 500,
      expected: 12_500,
      counted: 12_400,
      difference: -100,
      denominations: [
        { value: 10_000, count: 1 },
        { value: 2000, count: 1 },
        { value: 100, count: 4 },
      ],
    },
  ],
  moves: [
    {
      id: 'M1',
      kind: 'PAY_OUT',
      currency: 'USD',
      amount: 500,
      reason: 'Window cleaner',
      at: '2026-11-24T01:00:00.000Z',
    },
  ],
};

describe('the Z report as a receipt document', () => {
  it('carries the number, every figure of the count and the moves, in the printer width', () => {
    const doc = shiftReportDocument(report, t, {
      storeName: 'Corner',
      locale: 'en-US',
      timeZone: 'UTC',
      paperWidth: 80,
    });
    expect(doc.paperWidth).toBe(80);
    const lines = doc.blocks.map((b) =>
      b.kind === 'pair' ? `${b.left} = ${b.right}` : b.kind === 'text' ? b.text : b.kind,
    );
    expect(lines).toContain('shifts.zTitle(7)');
    expect(lines).toContain('shifts.expected = $125.00');
    expect(lines).toContain('shifts.counted = $124.00');
    expect(lines).toContain('shifts.difference = -$1.00');
    expect(lines).toContain('  $1.00 × 4 = $4.00');
    expect(lines).toContain('shifts.kind.PAY_OUT: Window cleaner = -$5.00');
    expect(lines).toContain('shifts.lockedNote');
    expect(lines).toContain('shifts.closedBy = Ben');
    expect(lines).toContain('shifts.lateSales(1) = $5.00');
  });
});
