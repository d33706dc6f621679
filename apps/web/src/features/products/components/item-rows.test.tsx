import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ItemSummary } from '@shopdesk/shared';
import '../../../lib/i18n.ts'; // the English texts, as in the app
import { stubLayoutApis } from '../../../lib/jsdom-stubs.test-support.ts';
import { ItemCards, ItemTable } from './item-rows.tsx';

beforeAll(stubLayoutApis);
afterEach(cleanup);

const summary = (over: Partial<ItemSummary>): ItemSummary => ({
  id: 'i1',
  name: 'Rice',
  brand: '',
  category: '',
  imageId: null,
  options: [],
  variantCount: 1,
  code: '2000000000015',
  quantity: 12_500,
  unit: 'KG',
  priceMin: 600,
  priceMax: 600,
  lowStockCount: 0,
  updatedAt: '2026-12-06T00:00:00.000Z',
  ...over,
});

const rice = summary({});
const coffee = summary({
  id: 'i2',
  name: 'Coffee',
  options: [{ name: 'Pack', values: ['Loose', 'Box'] }],
  variantCount: 2,
  code: null,
  quantity: 2_254,
  unit: null,
  priceMin: 1200,
  priceMax: 3000,
});

function show(View: typeof ItemTable) {
  const noop = () => undefined;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <View
          store="corner"
          items={[rice, coffee]}
          stale={false}
          opened={new Set()}
          onToggle={noop}
          onOpenProduct={noop}
          onPrintProduct={noop}
          onPrintOne={noop}
          onPrintItem={noop}
          canEdit
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('the folded product list', () => {
  for (const [name, View] of [
    ['table (desktop)', ItemTable],
    ['cards (phone)', ItemCards],
  ] as const) {
    it(`shows a weighed item's stock in its unit, and no sum of kilograms and pieces: ${name}`, () => {
      show(View);
      expect(screen.getByLabelText('12.500 kg in stock')).toBeTruthy();
      expect(screen.queryByText('12500')).toBeNull();
      // The mixed item's 2.250 kg and 4 boxes were never added up into "2254".
      expect(screen.queryByText(/2254|2,254/)).toBeNull();
      expect(within(document.body).getAllByText(/2 variants/).length).toBeGreaterThan(0);
    });
  }
});
