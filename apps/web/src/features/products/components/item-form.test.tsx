import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { MemoryRouter } from '../../../lib/router/index.ts';
import { ItemForm } from './item-form.tsx';

beforeAll(stubLayoutApis);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  // Categories are not what these tests are about: every call answers empty.
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
          <ItemForm store="corner" onSubmit={onSubmit} onCancel={() => {}} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onSubmit;
}

const text = (name: string | RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByRole('textbox', { name }), { target: { value } });

/** A T-shirt in S and M, typed as the owner would. */
function sizes() {
  text('Item name', 'T-shirt');
  fireEvent.click(screen.getByRole('button', { name: 'Add an option (Size, Colour…)' }));
  const option = screen.getByRole('region', { name: 'Option 1' });
  text('Option 1', 'Size', option);
  text('Add values', 'S, M', option);
  fireEvent.keyDown(within(option).getByRole('textbox', { name: 'Add values' }), { key: 'Enter' });
}

describe('item editor', () => {
  it('makes a variant per value, and a bulk price lands on every selected one', async () => {
    const onSubmit = renderForm();
    sizes();
    expect(screen.getAllByTestId('variant-row')).toHaveLength(2);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all variants' }));
    const bulk = screen.getByRole('region', { name: 'Edit selected variants' });
    text('Price', '7.50', bulk);
    fireEvent.click(within(bulk).getByRole('button', { name: 'Set on 2 variants' }));
    expect((screen.getByRole('textbox', { name: 'Price of T-shirt (M)' }) as HTMLInputElement).value).toBe('7.50');
    text('Opening stock of T-shirt (S)', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Create item with 2 variants' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'T-shirt',
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { optionValues: ['S'], price: 750, quantity: 3 },
          { optionValues: ['M'], price: 750 },
        ],
      }),
    );
  });

  it('says at each field what is missing, and saves nothing', async () => {
    const onSubmit = renderForm();
    sizes();
    text('Option 1', '');
    fireEvent.click(screen.getByRole('button', { name: 'Create item with 2 variants' }));
    expect(await screen.findByText('Some fields need a look: see the messages below.')).toBeTruthy();
    expect(screen.getAllByText('Price is required')).toHaveLength(2);
    expect(screen.getByText('Option name is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
