import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { StockMovement } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { StockDialog } from './stock-dialog.tsx';
import { StockHistory } from './stock-history.tsx';

beforeAll(stubLayoutApis);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">{children}</MantineProvider>
    </QueryClientProvider>,
  );
}

/** A stock adjustment says why (received, damaged, theft, correction, own use). */
describe('stock adjustment reasons', () => {
  it('asks for the reason of an adjustment and sends it', async () => {
    const onSubmit = vi.fn(async () => undefined);
    wrap(<StockDialog mode="adjust" current={5} onClose={() => {}} onSubmit={onSubmit} />);
    const reason = await screen.findByLabelText(/Reason/);
    expect([...(reason as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Choose a reason',
      'Received',
      'Damaged',
      'Theft',
      'Correction',
      'Own use',
    ]);
    fireEvent.change(screen.getByLabelText(/Change/), { target: { value: '-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose why the stock changed')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: 'DAMAGED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]).toEqual([{ delta: -2, reason: 'ADJUSTMENT', adjustmentReason: 'DAMAGED' }]);
  });

  it('shows the reason of each adjustment in the stock history', async () => {
    const movement = (id: string, delta: number, adjustmentReason: StockMovement['adjustmentReason']) => ({
      id,
      productId: 'p1',
      delta,
      reason: 'ADJUSTMENT',
      refCode: null,
      userId: 'u1',
      userName: 'Ada',
      note: '',
      adjustmentReason,
      createdAt: '2026-11-27T01:00:00.000Z',
    });
    const items = [movement('m1', -1, 'THEFT'), movement('m2', 4, 'RECEIVED'), movement('m3', 1, null)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ items, page: 0, size: 10, total: 3 }), { status: 200 })),
    );
    wrap(<StockHistory store="corner" code="TEA-1" defaultOpened />);
    const rows = await screen.findAllByTestId('stock-movement');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Adjustment: Theft'),
      expect.stringContaining('Adjustment: Received'),
      expect.not.stringContaining('Adjustment:'),
    ]);
  });
});
