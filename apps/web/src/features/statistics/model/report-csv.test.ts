import { describe, expect, it } from 'vitest';
import type { StatisticSummary } from '@shopdesk/shared';
import { reportCsv, type ReportCsvLabels } from './report-csv.ts';

const zero = {
  transactionCount: 0,
  refundCount: 0,
  itemsSold: 0,
  itemsRefunded: 0,
  grossSales: 0,
  refunds: 0,
  netSales: 0,
  discounts: 0,
  taxes: 0,
  revenue: 0,
  cost: 0,
  profit: 0,
};

const labels: ReportCsvLabels = {
  section: {
    totals: 'Totals',
    overTime: 'Over time',
    byQuantity: 'By quantity',
    byRevenue: 'By revenue',
    byProfit: 'By profit',
    tenders: 'Payments',
    stock: 'Stock value',
  },
  figure: { grossSales: 'Gross sales', refunds: 'Refunds', quantity: 'Qty', profit: 'Profit', stockAtCost: 'At cost' },
  period: 'Period',
  product: 'Product',
  code: 'Code',
  method: 'Method',
  currency: 'Currency',
  methodName: (row) => row.name ?? (row.defaultName === 'CASH' ? 'Cash' : String(row.defaultName)),
};

describe('report CSV', () => {
  it('writes money as decimals of its currency, counts as integers, and quotes names', () => {
    const summary: StatisticSummary = {
      from: '2026-11-01',
      to: '2026-11-24',
      timezone: 'Asia/Tokyo',
      currency: 'USD',
      totals: { ...zero, transactionCount: 3, grossSales: 123456, refunds: 250, profit: -5, averageBasket: 41152 },
      topProducts: {
        byQuantity: [
          {
            productId: 'p',
            code: '4901',
            name: 'Tea, green',
            quantity: 7,
            refundedQuantity: 1,
            revenue: 1400,
            cost: 700,
            profit: 700,
          },
          // A weighed product: 0.242 kg sold (net), 0.100 kg returned, not 242 and 100 pieces.
          {
            productId: 'w',
            code: '2100000000008',
            name: 'Comté',
            quantity: 242,
            refundedQuantity: 100,
            revenue: 479,
            cost: 0,
            profit: 479,
            unit: 'KG',
          },
        ],
        byRevenue: [],
        byProfit: [],
      },
      topItems: [],
      tenders: [
        {
          methodId: 'CASH',
          name: null,
          defaultName: 'CASH',
          kind: 'CASH',
          method: 'CASH',
          currency: 'JPY',
          salesCount: 1,
          refundCount: 0,
          taken: 1500,
          takenInMain: 1000,
          refunded: 0,
          refundedInMain: 0,
        },
        // A method of the store's own, renamed: each method is its own row, by its name.
        {
          methodId: 'PAYPAY',
          name: 'PayPay (shop QR)',
          defaultName: 'PAYPAY',
          kind: 'QR_CODE',
          method: 'OTHER',
          currency: 'JPY',
          salesCount: 1,
          refundCount: 0,
          taken: 700,
          takenInMain: 700,
          refunded: 0,
          refundedInMain: 0,
        },
      ],
    };
    const csv = reportCsv(
      {
        summary,
        periods: [{ period: '2026-11-24', ...zero, grossSales: 99 }],
        stock: { stockValueAtCost: 5, stockValueAtPrice: 10 },
      },
      labels,
    );
    const lines = csv.split('\r\n');
    expect(lines).toContain('Gross sales,1234.56');
    expect(lines).toContain('Profit,-0.05');
    expect(lines).toContain('transactionCount,3');
    expect(lines).toContain('2026-11-24,0,0,0.99,0.00,0.00,0.00,0.00,0.00,0.00');
    expect(lines).toContain('"Tea, green",4901,7,1,14.00,7.00,7.00');
    expect(lines).toContain('Comté,2100000000008,0.242,0.100,4.79,0.00,4.79');
    expect(lines).toContain('Cash,JPY,1500,0,10.00');
    expect(lines).toContain('PayPay (shop QR),JPY,700,0,7.00');
    expect(lines).toContain('At cost,0.05');
  });
});
