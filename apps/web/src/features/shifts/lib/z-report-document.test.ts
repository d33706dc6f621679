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
  noSaleCount: 2,
  byMethod: [
    { methodId: 'CASH', name: null, defaultName: 'CASH', kind: 'CASH', method: 'CASH', amount: 2300 },
    { methodId: 'PAYPAY', name: null, defaultName: 'PAYPAY', kind: 'QR_CODE', method: 'OTHER', amount: 700 },
  ],
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
  cashHidden: false,
  byCashier: [
    { userId: 'U1', name: 'Aiko', salesCount: 2, salesTotal: 2500, refundsCount: 0, refundsTotal: 0 },
    { userId: 'U2', name: '', salesCount: 1, salesTotal: 1000, refundsCount: 1, refundsTotal: 500 },
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
    // Drawer openings without a sale, for the cash-up.
    expect(lines).toContain('shifts.noSales = 2');
    // Each payment method on its own line, by its name.
    expect(lines).toContain('paymentMethods.names.cash = $23.00');
    expect(lines).toContain('paymentMethods.names.paypay = $7.00');
    // Each cashier apart, net of refunds; a removed account reads as a former member.
    const at = lines.indexOf('shifts.byCashierHeading');
    expect(lines.slice(at + 1, at + 5)).toEqual([
      'Aiko',
      '  shifts.cashierCounts(shifts.salesCount(2),shifts.refundsCount(0)) = $25.00',
      'shifts.formerMember',
      '  shifts.cashierCounts(shifts.salesCount(1),shifts.refundsCount(1)) = $5.00',
    ]);
  });

  it('says the withheld figures are shown after the count (blind count), never a made-up number', () => {
    const hidden: ShiftReport = {
      ...report,
      status: 'OPEN',
      closedAt: null,
      closedBy: null,
      cashHidden: true,
      byMethod: report.byMethod.map((m) => ({ ...m, amount: null })),
      cash: report.cash.map((c) => ({
        ...c,
        cashSales: null,
        cashRefunds: null,
        expected: null,
        counted: null,
        difference: null,
        denominations: null,
      })),
    };
    const doc = shiftReportDocument(hidden, t, {
      storeName: 'Corner',
      locale: 'en-US',
      timeZone: 'UTC',
      paperWidth: 58,
    });
    const lines = doc.blocks.map((b) =>
      b.kind === 'pair' ? `${b.left} = ${b.right}` : b.kind === 'text' ? b.text : b.kind,
    );
    expect(lines).toContain('shifts.expected = shifts.afterCount');
    expect(lines).toContain('paymentMethods.names.cash = shifts.afterCount');
    expect(lines).toContain('shifts.float = $100.00');
    expect(lines.some((l) => l.startsWith('shifts.cashSales') || l.startsWith('shifts.difference'))).toBe(false);
    expect(lines.join('\n')).not.toMatch(/NaN|null|undefined/);
  });
});
