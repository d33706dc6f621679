import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { CustomerReport } from '@shopdesk/shared';
import { applyLocale } from '../../../lib/i18n.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { CustomersReport } from './customers-report.tsx';
import { useReportFormat } from './use-report-format.ts';

beforeAll(stubLayoutApis);
afterEach(async () => {
  cleanup();
  await applyLocale('en-US');
});

const report: CustomerReport = {
  from: '2026-12-05',
  to: '2026-12-05',
  customerCount: 3,
  topCustomers: [
    {
      customerId: 'b',
      code: 'M0000000002',
      name: 'Ben Brown',
      salesCount: 2,
      total: 4300,
      refunded: 0,
      net: 4300,
      newInPeriod: true,
    },
    {
      customerId: 'a',
      code: 'M0000000001',
      name: '',
      salesCount: 1,
      total: 4200,
      refunded: 1000,
      net: 3200,
      newInPeriod: false,
    },
  ],
  newCustomers: { customers: 2, salesCount: 3, total: 5500 },
  returningCustomers: { customers: 1, salesCount: 1, total: 4200 },
  anonymous: { customers: 0, salesCount: 1, total: 300 },
  points: {
    enabled: true,
    pointValue: 2,
    outstanding: 122,
    liability: 244,
    holders: 3,
    earned: 32,
    redeemed: -8,
    reversed: -10,
    adjusted: 100,
    expired: -2,
  },
};

function Report(props: { layout: 'table' | 'cards'; currency: string; data: CustomerReport }) {
  return <CustomersReport report={props.data} format={useReportFormat(props.currency)} layout={props.layout} />;
}
const renderReport = (layout: 'table' | 'cards', currency = 'USD', data = report) =>
  render(
    <MantineProvider env="test">
      <Report layout={layout} currency={currency} data={data} />
    </MantineProvider>,
  );

describe('the customers report', () => {
  it('is a table of the top customers on a wide screen, then new and returning, then the points', () => {
    renderReport('table');
    const rows = within(screen.getByTestId('top-customers')).getAllByRole('row');
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [],
      ['Ben BrownNewM0000000002', '2', '$43.00', '', '$43.00'],
      ['(no name)M0000000001', '1', '$42.00', '$10.00', '$32.00'],
    ]);
    expect(screen.getByText('The top 2 of 3 customers; the CSV file has every one.')).toBeTruthy();
    const groups = screen.getAllByTestId('customer-group').map((g) => g.textContent);
    expect(groups).toEqual([
      'New customers23 sales · $55.00',
      'Returning customers11 sale · $42.00',
      'Without a customer$3.001 sale',
    ]);
    const points = screen.getByTestId('points-liability');
    expect(within(points).getByText('$2.44')).toBeTruthy();
    expect(screen.getByTestId('points-earned').textContent).toBe('Earned+32');
    expect(screen.getByTestId('points-redeemed').textContent).toBe('Redeemed-8');
  });

  it('stacks cards on a phone, in Japanese with yen, and says when points are off', async () => {
    await applyLocale('ja-JP');
    renderReport('cards', 'JPY', { ...report, points: { ...report.points, enabled: false } });
    expect(screen.queryByRole('table')).toBeNull();
    const ben = screen.getByText('Ben Brown').closest('li') as HTMLElement;
    expect(within(ben).getByText('新規')).toBeTruthy();
    expect(within(ben).getByText('2 件・￥4,300')).toBeTruthy();
    expect(screen.getByText('（名前なし）')).toBeTruthy();
    expect(screen.getByText('リピーター')).toBeTruthy();
    expect(screen.getByText('この店舗ではポイントがオフです。顧客が持っているポイントは表示されます。')).toBeTruthy();
    expect(within(screen.getByTestId('points-liability')).getByText('￥244')).toBeTruthy();
  });
});
