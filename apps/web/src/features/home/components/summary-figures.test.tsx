import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  OWNER_RIGHTS,
  ROLE_PERMISSIONS,
  type ProductSummary,
  type StoreRights,
  type VirtualStore,
} from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { MemoryRouter } from '../../../lib/router/index.ts';
import { useSession } from '../../../lib/session-store.ts';
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { SummaryFigures } from './summary-figures.tsx';

beforeAll(stubLayoutApis);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.setState({ virtualStore: null });
});

const cashier: StoreRights = { role: 'CASHIER', permissions: ROLE_PERMISSIONS.CASHIER, maxDiscount: 1000 };

/** The home's figures for a member with `rights`, the server answering `summary`. */
function renderFor(rights: StoreRights, summary: ProductSummary) {
  useSession.setState({
    virtualStore: { urlName: 'corner', mainCurrency: 'USD', secondCurrency: null, rights } as unknown as VirtualStore,
    userLocale: 'en-US',
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(summary), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <MemoryRouter>
          <SummaryFigures store="corner" />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const figures = { productCount: 3, stockValueAtPrice: 4500, lowStockCount: 1 };

describe("the home's figures", () => {
  it('show the stock value at cost to a member who may see cost', async () => {
    renderFor(OWNER_RIGHTS, { ...figures, stockValueAtCost: 2500 });
    expect(await screen.findByText('$25.00')).toBeTruthy();
    expect(screen.getByText('Stock value at cost')).toBeTruthy();
    expect(screen.getByText('$45.00')).toBeTruthy();
  });

  it('show a cashier no stock value at cost, nor NaN, and every other figure', async () => {
    renderFor(cashier, { ...figures, stockValueAtCost: null });
    expect(await screen.findByText('$45.00')).toBeTruthy();
    expect(screen.queryByText('Stock value at cost')).toBeNull();
    expect(screen.getByText('Stock value at price')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/NaN/);
  });

  it('hide the tile when the server sends no value at cost, whatever the rights on this device say', async () => {
    renderFor(OWNER_RIGHTS, { ...figures, stockValueAtCost: null });
    await waitFor(() => expect(screen.getByText('$45.00')).toBeTruthy());
    expect(screen.queryByText('Stock value at cost')).toBeNull();
    expect(document.body.textContent).not.toMatch(/NaN/);
  });
});
