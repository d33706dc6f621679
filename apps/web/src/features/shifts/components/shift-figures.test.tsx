import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ShiftReport } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { ShiftFigures } from './shift-figures.tsx';

/** An open shift as a member without REPORTS reads it before the count: the cash figures withheld. */
const hidden: ShiftReport = {
  id: 'S1',
  number: 3,
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
  byMethod: [{ methodId: 'CASH', name: null, defaultName: 'CASH', kind: 'CASH', method: 'CASH', amount: null }],
  byCashier: [],
  cashHidden: true,
  cash: [
    {
      currency: 'USD',
      float: 10_000,
      cashSales: null,
      cashRefunds: null,
      payIns: 0,
      payOuts: 0,
      expected: null,
      counted: null,
      difference: null,
      denominations: null,
    },
  ],
  moves: [],
};

beforeAll(stubLayoutApis);
afterEach(cleanup);

describe('ShiftFigures before a blind count', () => {
  it('says the expected cash and the takings by method come after the count, with no NaN', () => {
    render(
      <MantineProvider env="test">
        <ShiftFigures report={hidden} locale="en-US" timeZone="UTC" />
      </MantineProvider>,
    );
    expect(screen.getAllByText('Shown after the count')).toHaveLength(2);
    expect(screen.getByText(/shown once the cash is counted at closing/)).toBeTruthy();
    expect(screen.getByText('$100.00')).toBeTruthy();
    expect(screen.queryByText('Cash sales (less change)')).toBeNull();
    expect(document.body.textContent).not.toMatch(/NaN|null/);
  });
});
