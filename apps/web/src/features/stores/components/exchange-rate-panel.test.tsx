import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { VirtualStore } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { ExchangeRatePanel } from './exchange-rate-panel.tsx';

beforeAll(stubLayoutApis);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const store = {
  id: 's1',
  urlName: 'kissa',
  name: 'Kissa',
  mainCurrency: 'JPY',
  secondCurrency: 'USD',
} as unknown as VirtualStore & { secondCurrency: string };

const latest = { base: 'JPY', quote: 'USD', date: '2026-11-26', rate: '0.0065', source: 'ECB' };

function renderPanel() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') sent.push(JSON.parse(String(init.body)));
      const body = { effective: latest, manual: null, latest, stale: false };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <ExchangeRatePanel store={store} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return sent;
}

/** A Japanese owner thinks "1 USD = 153 JPY", not "1 JPY = 0.0065 USD". */
describe('exchange rate either way round', () => {
  it('shows each rate both ways', async () => {
    renderPanel();
    expect((await screen.findByTestId('effective-rate')).textContent).toContain('1 JPY = 0.0065 USD');
    expect(screen.getByTestId('effective-rate-inverse').textContent).toBe('1 USD = 153.8462 JPY');
  });

  it('takes "1 USD = 153 JPY" and stores it as the store\'s JPY → USD rate', async () => {
    const sent = renderPanel();
    // The way round that reads as a number of at least 1 is offered first.
    const input = await screen.findByLabelText(/Manual rate \(1 USD in JPY\)/);
    fireEvent.change(input, { target: { value: '153' } });
    expect(screen.getByText('That is 1 JPY = 0.006536 USD.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set manual rate' }));
    await vi.waitFor(() => expect(sent).toEqual([{ rate: '0.006535947712' }]));
  });

  it('still takes the rate as the store keeps it', async () => {
    const sent = renderPanel();
    await screen.findByTestId('effective-rate');
    fireEvent.click(screen.getByText('1 JPY = … USD'));
    fireEvent.change(screen.getByLabelText(/Manual rate \(1 JPY in USD\)/), { target: { value: '0.0066' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set manual rate' }));
    await vi.waitFor(() => expect(sent).toEqual([{ rate: '0.0066' }]));
  });
});
