import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { StaffFigures } from '@shopdesk/shared';
import { applyLocale } from '../../../lib/i18n.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { StaffReport } from './staff-report.tsx';
import { useReportFormat } from './use-report-format.ts';

beforeAll(stubLayoutApis);
afterEach(async () => {
  cleanup();
  await applyLocale('en-US');
});

const figures = (userId: string, name: string, f: Partial<StaffFigures>): StaffFigures => ({
  userId,
  name,
  salesCount: 0,
  salesTotal: 0,
  refundsCount: 0,
  refundsTotal: 0,
  discountsTotal: 0,
  approvalsReceived: 0,
  approvalsGiven: 0,
  pointsRedemptions: 0,
  pointsRedeemed: 0,
  pointsDiscount: 0,
  ...f,
});

const rows = [
  figures('c', 'Cass Cashier', {
    salesCount: 12,
    salesTotal: 123_450,
    refundsCount: 1,
    refundsTotal: 800,
    discountsTotal: 200,
    approvalsReceived: 2,
    pointsRedemptions: 2,
    pointsRedeemed: 150,
    pointsDiscount: 150,
  }),
  figures('m', 'Mona Manager', { salesCount: 3, salesTotal: 300, approvalsGiven: 2 }),
  // A deleted account keeps its figures, without a name.
  figures('x', '', { salesCount: 1, salesTotal: 50 }),
];

function Report({ layout, currency = 'USD' }: { layout: 'table' | 'cards'; currency?: string }) {
  const format = useReportFormat(currency);
  return <StaffReport rows={rows} format={format} layout={layout} />;
}

const renderReport = (layout: 'table' | 'cards', currency?: string) =>
  render(
    <MantineProvider env="test">
      <Report layout={layout} currency={currency} />
    </MantineProvider>,
  );

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the report by staff', () => {
  it('is a table on a wide screen: one row per member, then the totals', () => {
    renderReport('table');
    const [head, ...body] = screen.getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Member',
      'Sales',
      'Sold',
      'Refunds',
      'Refunded',
      'Discounts',
      'Approved by others',
      'Approved for others',
      'Point redemptions',
      'Points discount',
    ]);
    expect(body.map(cellsOf)).toEqual([
      ['Cass Cashier', '12', '$1,234.50', '1', '$8.00', '$2.00', '2', '0', '2', '$1.50'],
      ['Mona Manager', '3', '$3.00', '0', '$0.00', '$0.00', '0', '2', '0', '$0.00'],
      ['Deleted account', '1', '$0.50', '0', '$0.00', '$0.00', '0', '0', '0', '$0.00'],
      ['Total', '16', '$1,238.00', '1', '$8.00', '$2.00', '2', '2', '2', '$1.50'],
    ]);
    expect(screen.getByText(/^Approvals: sales and refunds one member approved/)).toBeTruthy();
  });

  it('stacks a card per member on a phone, the totals last, in Japanese with yen', async () => {
    await applyLocale('ja-JP');
    renderReport('cards', 'JPY');
    const cass = screen.getByText('Cass Cashier').closest('.mantine-Paper-root') as HTMLElement;
    expect(within(cass).getByText('￥123,450')).toBeTruthy();
    expect(within(cass).getByText('1 件・￥800')).toBeTruthy();
    expect(within(cass).getByText('承認された 2・承認した 0')).toBeTruthy();
    // Points a member's sales redeemed (issue 42); a member without any shows no such line.
    expect(within(cass).getByText('2 件・150 ポイント・￥150')).toBeTruthy();
    const mona = screen.getByText('Mona Manager').closest('.mantine-Paper-root') as HTMLElement;
    expect(within(mona).queryByText('ポイント利用')).toBeNull();
    const total = screen.getByText('合計').closest('.mantine-Paper-root') as HTMLElement;
    expect(within(total).getByText('￥123,800')).toBeTruthy();
    expect(within(total).getByText('16')).toBeTruthy();
    expect(screen.getByText('削除されたアカウント')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when nobody sold or refunded in the period', () => {
    render(
      <MantineProvider env="test">
        <StaffReportEmpty />
      </MantineProvider>,
    );
    expect(screen.getByText('No sales or refunds in this period.')).toBeTruthy();
  });
});

function StaffReportEmpty() {
  return <StaffReport rows={[]} format={useReportFormat('USD')} layout="table" />;
}
