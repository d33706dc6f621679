import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from '../../lib/router/index.ts';
import '../../lib/i18n.ts'; // the English texts, as in the app
import { listSales, updateSale } from '../sale-queue-db.ts';
import { submitSale } from '../submit-sale.ts';
import { freshDevice, logIn, saleBody } from '../sale-queue.test-support.ts';
import { onlineManager } from '@tanstack/react-query';
import { SaleQueueIndicator } from './sale-queue-indicator.tsx';
import { announceQueueChanged } from '../queue-events.ts';
import { stubLayoutApis } from '../../lib/jsdom-stubs.test-support.ts';

beforeAll(stubLayoutApis);

beforeEach(async () => {
  await freshDevice();
  logIn('u1');
  onlineManager.setOnline(false);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

function show(onOpen = vi.fn()) {
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <SaleQueueIndicator onOpen={onOpen} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return onOpen;
}

describe('SaleQueueIndicator', () => {
  it('is hidden while nothing waits, and counts queued sales in a live region', async () => {
    show();
    expect(screen.getByRole('status').textContent).toBe('');
    const preview = { currency: 'JPY', total: 1500, lines: [{ name: 'Green tea', quantity: 2 }] };
    await act(() => submitSale('my-shop', { kind: 'create', body: saleBody() }, { preview }));
    expect(await screen.findByText('1 sale waiting to sync')).toBeTruthy();
    await act(() => submitSale('my-shop', { kind: 'create', body: saleBody() }));
    expect(await screen.findByText('2 sales waiting to sync')).toBeTruthy();
    expect(within(screen.getByRole('status')).getByRole('button')).toBeTruthy();
  });

  it('lists a refused sale with its reason, and discards it only after confirmation', async () => {
    const onOpen = show();
    const body = saleBody();
    const preview = { currency: 'JPY', total: 1500, lines: [{ name: 'Green tea', quantity: 2 }] };
    await act(() => submitSale('my-shop', { kind: 'create', body }, { preview }));
    await act(async () => {
      await updateSale(body.clientId, (e) => ({
        ...e,
        state: 'refused',
        refusal: { status: 402, code: 'FREE_LIMIT_REACHED', message: 'The free plan allows 100 sales a month.' },
      }));
      announceQueueChanged();
    });
    fireEvent.click(await screen.findByRole('button', { name: '1 sale refused' }));
    const entry = await screen.findByTestId('sale-queue-entry');
    expect(within(entry).getByText('¥1,500')).toBeTruthy();
    expect(within(entry).getByText(/2 × Green tea/)).toBeTruthy();
    expect(within(entry).getByText(/The server refused this sale:/)).toBeTruthy();
    // Refused for the free limit: the way to upgrade, and that it goes out by itself afterwards.
    expect(within(entry).getByText(/sent by itself once you upgrade/)).toBeTruthy();
    expect(within(entry).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
      '/my-shop/profile/subscription/pricing',
    );

    fireEvent.click(within(entry).getByRole('button', { name: 'Open as cart' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ clientId: body.clientId }));

    fireEvent.click(await screen.findByRole('button', { name: '1 sale refused' }));
    fireEvent.click(within(await screen.findByTestId('sale-queue-entry')).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText(/lost for good/)).toBeTruthy();
    expect(await listSales()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Discard for good' }));
    await waitFor(async () => expect(await listSales()).toEqual([]));
    await waitFor(() => expect(screen.queryByTestId('sale-queue-indicator')).toBeNull());
  }, 20_000);
});
