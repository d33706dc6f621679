import { describe, expect, it } from 'vitest';
import { itemsOf } from './queued-items.ts';

const request = (lines: { code: string; quantity: number; name?: string }[]) =>
  ({ kind: 'create', body: { clientId: 'c', status: 'COMPLETED', lines } }) as never;

describe('a queued sale as the queue lists it', () => {
  it('counts a weighing as one item and shows its weight with the unit', () => {
    const entry = {
      request: request([]),
      preview: {
        currency: 'JPY',
        total: 977,
        lines: [
          { name: 'Beef', quantity: 342, unit: 'KG' },
          { name: 'Tea', quantity: 2 },
          { name: 'Milk', quantity: 1, unit: 'EACH' },
        ],
      },
    };
    expect(itemsOf(entry)).toEqual({ count: 1 + 2 + 1, names: '0.342 kg × Beef, 2 × Tea, Milk' });
  });

  it('reads the request lines as pieces when the sale has no preview', () => {
    const entry = {
      request: request([
        { code: '4901', quantity: 3, name: 'Soap' },
        { code: '4902', quantity: 1 },
      ]),
      preview: null,
    };
    expect(itemsOf(entry)).toEqual({ count: 4, names: '3 × Soap, 4902' });
  });
});
