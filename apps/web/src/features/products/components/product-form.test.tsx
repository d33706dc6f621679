import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { MemoryRouter } from '../../../lib/router/index.ts';
import { ProductForm } from './product-form.tsx';

beforeAll(stubLayoutApis);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  // Categories and barcode lookups are not what these tests are about: every call answers empty.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  const onSubmit = vi.fn(async () => undefined);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <MemoryRouter>
          <ProductForm
            store="corner"
            initialCode="TEA-1"
            onSubmit={onSubmit}
            onCancel={() => {}}
            onOpenProduct={() => {}}
          />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onSubmit;
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /Save|Create|Add/ }));

/** Nothing a shop owner types is changed silently; each refusal is a sentence. */
describe('product form checks', () => {
  it('refuses a price typed with a minus sign instead of saving it as positive', async () => {
    const onSubmit = renderForm();
    type(/Product name/, 'Green tea');
    type(/^Price/, '-100');
    save();
    expect(await screen.findByText('A price cannot be negative. Enter it without the minus sign.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses letters in a price with an example in the currency', async () => {
    const onSubmit = renderForm();
    type(/Product name/, 'Green tea');
    type(/^Price/, '4.5O');
    save();
    expect(await screen.findByText('Enter a price in digits, like 4.50.')).toBeTruthy();
    expect(screen.queryByText(/validated value/)).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a negative opening quantity', async () => {
    const onSubmit = renderForm();
    type(/Product name/, 'Green tea');
    type(/^Price/, '4.50');
    type(/Opening quantity/, '-5');
    save();
    expect(await screen.findByText('Opening stock must not be negative')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps an over-long name whole and says how long it is, instead of cutting it to 120', async () => {
    const onSubmit = renderForm();
    const long = 'N'.repeat(169);
    type(/Product name/, long);
    expect((screen.getByLabelText(/Product name/) as HTMLInputElement).value).toBe(long);
    expect(screen.getByLabelText(/Product name/).hasAttribute('maxlength')).toBe(false);
    expect(screen.getByText('This is 169 characters long; at most 120 fit. Please shorten it.')).toBeTruthy();
    type(/^Price/, '4.50');
    save();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves what was typed when it is right', async () => {
    const onSubmit = renderForm();
    type(/Product name/, 'Green tea');
    type(/^Price/, '1,234.50');
    type(/Opening quantity/, '3');
    save();
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]).toMatchObject([{ name: 'Green tea', price: 123450, quantity: 3 }]);
  });
});
