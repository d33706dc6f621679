import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { StoredValueLiability } from '@shopdesk/shared';
import { applyLocale } from '../../../lib/i18n.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { useStoredValueFormat } from '../../../lib/stored-value-format.ts';
import { ThresholdPanel, thresholdColor } from './threshold-panel.tsx';

beforeAll(stubLayoutApis);
afterEach(async () => {
  cleanup();
  await applyLocale('en-US');
});

const liability: StoredValueLiability = {
  at: '2026-12-05',
  currency: 'JPY',
  giftCards: { count: 3, balance: 8_016_500 },
  storeCredit: { count: 0, balance: 0 },
  total: 8_016_500,
  // The server's figures: what the Act counts leaves the six-month cards out.
  counted: 8_000_000,
  threshold: 10_000_000,
  thresholdBp: 8000,
  warning: true,
  referenceDates: [
    { date: '2026-09-30', total: 10_500_000, counted: 10_500_000, overThreshold: true },
    { date: '2026-03-31', total: 0, counted: 0, overThreshold: false },
  ],
  shortLivedTotal: 16_500,
};

function Panel({ data }: { data: StoredValueLiability }) {
  return <ThresholdPanel liability={data} fmt={useStoredValueFormat()} />;
}
const renderPanel = (data = liability) =>
  render(
    <MantineProvider env="test">
      <Panel data={data} />
    </MantineProvider>,
  );

describe('the Payment Services Act panel', () => {
  it('colours the bar calm, then orange from 80%, then red at the threshold', () => {
    expect(thresholdColor(7999)).toBe('teal');
    expect(thresholdColor(8000)).toBe('orange');
    expect(thresholdColor(10_000)).toBe('red');
  });

  it('shows the share of the threshold, warns from 80%, and lists the reference dates', () => {
    renderPanel();
    expect(screen.getByTestId('sv-threshold-percent').textContent).toBe('80%');
    expect(screen.getByText('¥8,000,000 of ¥10,000,000')).toBeTruthy();
    expect(screen.getByText('Not counted: ¥16,500 on cards usable for 6 months or less.')).toBeTruthy();
    expect(screen.getByText('Getting close to the threshold')).toBeTruthy();
    expect(screen.getByText(/outside this duty/)).toBeTruthy();
    const rows = screen.getAllByTestId('sv-reference-date').map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['Sep 30, 2026', '¥10,500,000', 'Over'],
      ['Mar 31, 2026', '¥0', 'Below'],
    ]);
  });

  it('does not warn a store whose unused balance is all on six-month cards', () => {
    renderPanel({ ...liability, shortLivedTotal: liability.total, counted: 0, thresholdBp: 0, warning: false });
    expect(screen.getByTestId('sv-threshold-percent').textContent).toBe('0%');
    expect(screen.queryByText('Getting close to the threshold')).toBeNull();
  });

  it('says nothing alarming below 80%, in Japanese too', async () => {
    await applyLocale('ja-JP');
    renderPanel({ ...liability, total: 16_500, counted: 16_500, thresholdBp: 16, warning: false });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: '資金決済法' })).toBeTruthy();
    expect(screen.getByText('基準日', { selector: 'h3' })).toBeTruthy();
  });
});
