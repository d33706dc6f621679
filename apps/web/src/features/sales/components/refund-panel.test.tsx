import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { refundShare, type ShopTransaction, type TransactionLine } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { RefundPanel } from './refund-panel.tsx';
import { SaleLines } from './sale-lines.tsx';
import { useSalesFormat } from './use-sales-format.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';

beforeAll(stubLayoutApis);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const line = (
  id: string,
  name: string,
  quantity: number,
  refundedQuantity: number,
  total: number,
): TransactionLine => ({
  id,
  productId: `p-${id}`,
  code: `C${id}`,
  name,
  unitPrice: Math.ceil(total / quantity),
  quantity,
  refundedQuantity,
  lineDiscount: 0,
  cartDiscount: 0,
  net: total,
  tax: 0,
  taxRate: 0,
  total,
  unit: 'EACH',
  labelPrice: null,
  priceOverride: false,
  cataloguePrice: null,
  label: null,
});

// Green tea: 3 sold for 10.00 after a cart discount share (not a multiple of 3), 1 refunded already.
const sale: ShopTransaction = {
  id: 's1',
  code: 'ABCDEFGHJKMN',
  clientId: '00000000-0000-4000-8000-000000000000',
  status: 'PARTIALLY_REFUNDED',
  soldAt: '2026-11-24T05:00:00.000Z',
  createdAt: '2026-11-24T05:00:00.000Z',
  updatedAt: '2026-11-24T05:00:00.000Z',
  completedAt: '2026-11-24T05:00:00.000Z',
  currency: 'USD',
  secondCurrency: null,
  rate: null,
  taxMode: 'NONE',
  lines: [line('a', 'Green tea', 3, 1, 1000), line('b', 'Soap', 2, 0, 333)],
  discount: null,
  gross: 1333,
  lineDiscounts: 0,
  cartDiscount: 0,
  taxes: [],
  tax: 0,
  total: 1333,
  rounding: 0,
  due: 1333,
  payments: [
    { method: 'CARD', currency: 'USD', amount: 1333, applied: 1333, change: 0, changeInMain: 0, changeCurrency: 'USD' },
  ],
  changeInMain: 0,
  refunds: [],
  refundedAmount: 333,
  note: '',
};

function Panel({ of = sale }: { of?: ShopTransaction }) {
  const f = useSalesFormat();
  return (
    <>
      <SaleLines sale={of} f={f} />
      <RefundPanel store="corner" sale={of} f={f} />
    </>
  );
}

// Comté: 1.342 kg at $19.80/kg for $26.57, nothing refunded yet.
const weighed: ShopTransaction = {
  ...sale,
  status: 'COMPLETED',
  lines: [{ ...line('w', 'Comté', 1342, 0, 2657), unitPrice: 1980, unit: 'KG' }],
  gross: 2657,
  total: 2657,
  due: 2657,
  payments: [
    { method: 'CARD', currency: 'USD', amount: 2657, applied: 2657, change: 0, changeInMain: 0, changeCurrency: 'USD' },
  ],
  refundedAmount: 0,
};

function renderWeighed() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <Panel of={weighed} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <Panel />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const preview = () => screen.getByTestId('refund-preview').textContent;

describe('the partial refund form', () => {
  it('bounds each stepper by sold − refunded and previews the amount the server will refund', () => {
    renderPanel();
    expect(screen.getByText('4 items can still be refunded, $10.00 in all.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose items' }));
    const more = screen.getByRole('button', { name: 'One more: Green tea' });
    for (let i = 0; i < 5; i++) fireEvent.click(more);
    // Only 2 of 3 remain: the stepper stops there.
    expect(screen.getByLabelText('Green tea: 2 of 2 to refund')).toBeTruthy();
    expect(more).toHaveProperty('disabled', true);
    expect(preview()).toContain(`$${(refundShare(1000, 3, 1, 2) / 100).toFixed(2)}`);
    fireEvent.click(screen.getByRole('button', { name: 'One fewer: Green tea' }));
    fireEvent.click(screen.getByRole('button', { name: 'One more: Soap' }));
    // 1000 × 2/3 − 1000 × 1/3 = 667 − 333, and 333 × 1/2 rounded half up = 167.
    expect(preview()).toContain('$5.01');
    expect(screen.getByRole('button', { name: 'Refund $5.01' })).toBeTruthy();
  });

  it('sends the lines, the money back and one clientId kept across a retry of the same refund', async () => {
    const bodies: { clientId: string; lines?: unknown; restock?: boolean; tenders?: unknown }[] = [];
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        // The first answer is lost on the way back; the retry is answered.
        if (++calls === 1) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ ...sale, status: 'PARTIALLY_REFUNDED' }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Choose items' }));
    fireEvent.click(screen.getByRole('button', { name: 'One more: Soap' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Return to stock' }));
    const ask = () => fireEvent.click(screen.getByRole('button', { name: 'Refund $1.67' }));
    ask();
    expect(await screen.findByText('Refund $1.67?')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Refund $1.67' }).at(-1)!);
    expect(await screen.findByRole('alert')).toBeTruthy();
    ask();
    await screen.findByText('Refund $1.67?');
    fireEvent.click(screen.getAllByRole('button', { name: 'Refund $1.67' }).at(-1)!);
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[0]).toEqual({
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      lines: [{ lineId: 'b', quantity: 1 }],
      restock: false,
      // The sale was paid by card only: the money goes back by card unless the cashier says otherwise.
      tenders: [{ method: 'CARD', methodId: 'CARD', currency: 'USD', amount: 167 }],
    });
    expect(bodies[1]!.clientId).toBe(bodies[0]!.clientId);
  });

  it('shows a weighed line in kg and refunds part of it typed in kg, in thousandths', () => {
    renderWeighed();
    expect(screen.getByText('1.342 kg × $19.80/kg')).toBeTruthy();
    // One weighed line is one item, not 1,342.
    expect(screen.getByText('1 item can still be refunded, $26.57 in all.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose items' }));
    expect(screen.getByText('Up to 1.342 kg')).toBeTruthy();
    const field = screen.getByLabelText('Quantity of Comté to refund, in kg (up to 1.342 kg)');
    fireEvent.change(field, { target: { value: '0.1' } });
    const back = refundShare(2657, 1342, 0, 100);
    expect(preview()).toContain(`$${(back / 100).toFixed(2)}`);
    // More than was sold is held at what remains.
    fireEvent.change(field, { target: { value: '5' } });
    expect(preview()).toContain('$26.57');
  });
});
