import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { VirtualStore } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { StartingTaxNotice } from './starting-tax-notice.tsx';

beforeAll(stubLayoutApis);
beforeEach(() => localStorage.clear());
afterEach(cleanup);

const yen: VirtualStore = {
  id: 'yen-store',
  urlName: 'kissa',
  name: 'Kissa',
  mainCurrency: 'JPY',
  secondCurrency: null,
  timezone: 'Asia/Tokyo',
  address: '',
  phone: '',
  createdAt: '2026-12-05T00:00:00Z',
  taxMode: 'INCLUSIVE',
  defaultTaxRate: 1000,
  taxCalculation: 'PER_RATE',
  taxRounding: 'DOWN',
  cashRounding: 0,
};

const show = (store: VirtualStore) =>
  render(
    <MantineProvider env="test">
      <StartingTaxNotice store={store} />
    </MantineProvider>,
  );
const SENTENCE =
  'Prices include 10% consumption tax, rounded down — the usual setting in Japan. Change it in Sales settings.';

describe('StartingTaxNotice', () => {
  it("says what a new yen store's tax is, until its reader closes it", () => {
    show(yen);
    expect(screen.getByTestId('starting-tax-notice').textContent).toContain(SENTENCE);
    fireEvent.click(screen.getByRole('button', { name: 'Understood, hide this' }));
    expect(screen.queryByTestId('starting-tax-notice')).toBeNull();
    cleanup();
    show(yen);
    expect(screen.queryByTestId('starting-tax-notice')).toBeNull();
  });

  it('says nothing once the tax was changed, or for another currency', () => {
    show({ ...yen, taxRounding: 'HALF_UP' });
    expect(screen.queryByTestId('starting-tax-notice')).toBeNull();
    cleanup();
    show({ ...yen, mainCurrency: 'USD', taxMode: 'NONE', defaultTaxRate: 0 });
    expect(screen.queryByTestId('starting-tax-notice')).toBeNull();
  });
});
