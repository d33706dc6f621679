import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { VirtualStore } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { SaleSettingsForm } from './sale-settings-form.tsx';

beforeAll(stubLayoutApis);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const yenStore = {
  id: 's1',
  urlName: 'kissa',
  name: 'Kissa',
  mainCurrency: 'JPY',
  secondCurrency: null,
  taxMode: 'INCLUSIVE',
  defaultTaxRate: 1000,
  cashRounding: 0,
  shiftsEnabled: false,
  taxCalculation: 'PER_LINE',
  taxRounding: 'HALF_UP',
  taxRegistrationNumber: null,
} as unknown as VirtualStore;

function renderForm(store: VirtualStore) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      return new Response(JSON.stringify({ ...store, ...body }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <SaleSettingsForm store={store} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return sent;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save sales settings' }));

describe('the tax calculation settings', () => {
  it('sends the calculation and rounding chosen', async () => {
    const sent = renderForm(yenStore);
    fireEvent.click(screen.getByLabelText(/Once per rate per receipt/));
    fireEvent.click(await screen.findByLabelText(/Round down/));
    save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ taxCalculation: 'PER_RATE', taxRounding: 'DOWN', taxRegistrationNumber: null });
  });

  it("normalises a yen store's typed registration number and then computes per rate", async () => {
    const sent = renderForm(yenStore);
    fireEvent.change(screen.getByLabelText(/Registration number \(qualified invoice\)/), {
      target: { value: 't 7000-0120-50002' },
    });
    expect(screen.queryByLabelText(/Per line/)).toBeNull();
    save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ taxCalculation: 'PER_RATE', taxRegistrationNumber: 'T7000012050002' });
  });

  it('says why a mistyped number is refused and sends nothing', async () => {
    const sent = renderForm(yenStore);
    fireEvent.change(screen.getByLabelText(/Registration number \(qualified invoice\)/), {
      target: { value: 'T7000012050003' },
    });
    save();
    expect(await screen.findByText(/check digit does not match/)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("leaves another currency's number alone (its form does not show one)", async () => {
    const sent = renderForm({ ...yenStore, mainCurrency: 'USD', taxRegistrationNumber: 'GB 123' } as VirtualStore);
    expect(screen.queryByLabelText(/Registration number/)).toBeNull();
    save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('taxRegistrationNumber');
    expect(sent[0]).toMatchObject({ taxCalculation: 'PER_LINE', taxRounding: 'HALF_UP' });
  });
});
