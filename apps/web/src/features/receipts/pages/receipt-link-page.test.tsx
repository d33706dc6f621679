import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_RECEIPT_TEMPLATE, toPublicReceipt, type PublicReceipt, type VirtualStore } from '@shopdesk/shared';
import { MemoryRouter } from '../../../lib/router/index.ts';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { sampleSale } from '../lib/sample-sale.ts';

// The public receipt as the server answers it (the shared allow-list over a made-up sale); the
// print and share actions are the counter's and not what this page's language is about.
let answer: PublicReceipt;
vi.mock('../../../printing/receipt-actions/receipt-for-code.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  fetchPublicReceipt: () => Promise.resolve(answer),
}));
vi.mock('../../../printing/receipt-actions/receipt-actions.tsx', () => ({ ReceiptActions: () => null }));
const { default: ReceiptLinkPage } = await import('./receipt-link-page.tsx');

beforeAll(stubLayoutApis);
beforeEach(() => localStorage.clear());
afterEach(cleanup);

const store = (mainCurrency: 'JPY' | 'USD'): VirtualStore => ({
  id: 's',
  urlName: 'corner',
  name: 'Corner',
  mainCurrency,
  secondCurrency: null,
  timezone: 'Asia/Tokyo',
  address: '',
  phone: '',
  createdAt: '2026-01-01T00:00:00Z',
  taxMode: 'INCLUSIVE',
  defaultTaxRate: 1000,
  cashRounding: 0,
});

function open(mainCurrency: 'JPY' | 'USD') {
  const details = store(mainCurrency);
  const sale = sampleSale(details, { first: 'Tea', second: 'Rice ball' }, null);
  answer = toPublicReceipt(sale, { ...details, mainCurrency }, DEFAULT_RECEIPT_TEMPLATE, null);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/0000SAMPLE00']}>
          <ReceiptLinkPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const receiptText = () => screen.getByRole('figure').textContent ?? '';

describe('the receipt page in the app', () => {
  it("shows a yen store's receipt in Japanese though the app is in English", async () => {
    open('JPY');
    await waitFor(() => expect(receiptText()).toContain('合計'));
    expect(screen.getByRole('radio', { name: '日本語' })).toHaveProperty('checked', true);
  });

  it("shows a dollar store's receipt in English, and the reader's switch is kept for the next receipt", async () => {
    open('USD');
    await waitFor(() => expect(receiptText()).toContain('Total'));
    fireEvent.click(screen.getByRole('radio', { name: '日本語' }));
    await waitFor(() => expect(receiptText()).toContain('合計'));
    cleanup();
    open('USD');
    await waitFor(() => expect(receiptText()).toContain('合計'));
    fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    await waitFor(() => expect(receiptText()).toContain('Total'));
  });
});
