import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@shopdesk/shared';
import { matchesSearch, notCountedCount, reviewLines, reviewTotals } from './review.ts';
import { saveCount } from './save-count.ts';
import { emptyTally, tallyReducer } from './tally.ts';

const product = (code: string, quantity: number, category = ''): Product => ({
  id: `id-${code}`,
  code,
  name: `Name ${code}`,
  brand: '',
  description: '',
  category,
  price: 100,
  cost: 50,
  quantity,
  imageId: null,
  reorderLevel: null,
  taxRate: null,
  unit: 'EACH',
  optionValues: [],
  retired: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('stock-take review', () => {
  it('shows each count beside the stock on record with the difference, unknown codes apart', () => {
    const products = new Map([
      ['A', product('A', 17)],
      ['B', product('B', 4)],
      ['X', null],
    ]);
    const lines = reviewLines(
      [
        { code: 'A', counted: 3 },
        { code: 'B', counted: 4 },
        { code: 'X', counted: 2 },
      ],
      products,
    );
    expect(lines.map((l) => [l.code, l.counted, l.product?.quantity ?? null, l.difference])).toEqual([
      ['A', 3, 17, -14],
      ['B', 4, 4, 0],
      ['X', 2, null, null],
    ]);
    expect(reviewTotals(lines)).toEqual({ products: 2, items: 7, differing: 1, netChange: -14, unknown: 1 });
  });

  it('counts the products of the counted area that were not scanned', () => {
    const lines = reviewLines(
      [
        { code: 'A', counted: 1 },
        { code: 'B', counted: 1 },
        { code: 'X', counted: 1 },
      ],
      new Map([
        ['A', product('A', 1, 'Drinks')],
        ['B', product('B', 1, 'Snacks')],
        ['X', null],
      ]),
    );
    expect(notCountedCount(120, lines, null)).toBe(118);
    expect(notCountedCount(10, lines, 'Drinks')).toBe(9);
    expect(notCountedCount(0, lines, 'Empty')).toBe(0);
  });

  it('narrowed to an item by name, counts its variants one by one (none folded away)', () => {
    const variant = (code: string, name: string) => ({ ...product(code, 2, 'Clothes'), name });
    const lines = reviewLines(
      [
        { code: 'S1', counted: 2 },
        { code: 'M1', counted: 1 },
        { code: 'H1', counted: 5 },
      ],
      new Map([
        ['S1', variant('S1', 'T-shirt (S, Red)')],
        ['M1', variant('M1', 'T-shirt (M, Red)')],
        ['H1', variant('H1', 'Hanger')],
      ]),
    );
    // The search found the item's 6 variants; 2 of them were counted.
    expect(notCountedCount(6, lines, null, 't-shirt')).toBe(4);
    expect(notCountedCount(6, lines, 'Clothes', 'T-SHIRT red')).toBe(4);
    expect(notCountedCount(3, lines, null, 'blue')).toBe(3);
  });

  it('matches as the server search does: every term in code, name or brand, case and accents ignored', () => {
    const p = { code: '2000000000015', name: 'Éclair (M)', brand: 'Pâtisserie' };
    expect(matchesSearch(p, 'eclair')).toBe(true);
    expect(matchesSearch(p, 'ÉCLAIR patis')).toBe(true);
    expect(matchesSearch(p, '00015')).toBe(true);
    expect(matchesSearch(p, 'eclair blue')).toBe(false);
    expect(matchesSearch(p, '')).toBe(true);
  });

  it('net change is the sum of the differences, and the totals follow the lines (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ code: fc.string({ minLength: 1, maxLength: 3 }), counted: fc.nat(50) }), {
          selector: (e) => e.code,
        }),
        fc.array(fc.integer({ min: -20, max: 50 })),
        (entries, stock) => {
          const products = new Map(
            entries.map((e, i) => [e.code, stock[i] === undefined ? null : product(e.code, stock[i]!)] as const),
          );
          const lines = reviewLines(entries, products);
          const totals = reviewTotals(lines);
          const known = lines.filter((l) => l.product);
          expect(totals.products + totals.unknown).toBe(entries.length);
          expect(totals.netChange).toBe(known.reduce((n, l) => n + l.counted - l.product!.quantity, 0));
          for (const l of known) expect(l.product!.quantity + l.difference!).toBe(l.counted);
        },
      ),
    );
  });
});

describe('saving a reviewed count', () => {
  it('saves unchanged products, holds back one that moved since the review, never sends unknown codes', async () => {
    const reviewed = reviewLines(
      [
        { code: 'A', counted: 3 },
        { code: 'B', counted: 5 },
        { code: 'X', counted: 1 },
        { code: 'G', counted: 1 },
      ],
      new Map([
        ['A', product('A', 17)],
        ['B', product('B', 6)],
        ['X', null],
        ['G', product('G', 2)],
      ]),
    );
    // B sold one after the review; G was deleted.
    const now = new Map([
      ['A', product('A', 17)],
      ['B', product('B', 5)],
      ['G', null],
    ]);
    const count = vi.fn(async (code: string, counted: number) => product(code, counted));
    const result = await saveCount(reviewed, { read: async (code) => now.get(code) ?? null, count });
    expect(count.mock.calls).toEqual([['A', 3]]);
    expect(result.saved).toEqual([{ code: 'A', name: 'Name A', before: 17, quantity: 3, unit: 'EACH' }]);
    expect(result.changed).toEqual([{ code: 'B', name: 'Name B', reviewed: 6, now: 5, unit: 'EACH' }]);
    expect(result.failed).toEqual([{ code: 'G', error: null }]);
  });

  it('keeps going past a failed product', async () => {
    const lines = reviewLines(
      [
        { code: 'A', counted: 1 },
        { code: 'B', counted: 2 },
      ],
      new Map([
        ['A', product('A', 0)],
        ['B', product('B', 0)],
      ]),
    );
    const result = await saveCount(lines, {
      read: async (code) => product(code, 0),
      count: async (code, counted) => {
        if (code === 'A') throw new TypeError('network');
        return product(code, counted);
      },
    });
    expect(result.saved.map((s) => s.code)).toEqual(['B']);
    expect(result.failed.map((f) => f.code)).toEqual(['A']);
  });
});

describe('a weighed product in the review', () => {
  const kg = (code: string, quantity: number): Product => ({ ...product(code, quantity), unit: 'KG' });

  it('compares and sends its count in thousandths, and keeps it out of the piece totals', async () => {
    // 1.347 kg counted against 1.500 kg on record; 3 pieces against 2.
    const lines = reviewLines(
      [
        { code: 'K', counted: 1347, measured: true },
        { code: 'A', counted: 3 },
      ],
      new Map([
        ['K', kg('K', 1500)],
        ['A', product('A', 2)],
      ]),
    );
    expect(lines.map((l) => l.difference)).toEqual([-153, 1]);
    expect(reviewTotals(lines)).toEqual({ products: 2, items: 3, differing: 2, netChange: 1, unknown: 0 });
    const count = vi.fn(async (code: string, counted: number) => ({ ...kg(code, counted) }));
    const result = await saveCount(lines.slice(0, 1), { read: async (code) => kg(code, 1500), count });
    // The stock-take API takes a weighed product's quantity in thousandths, as it stores it.
    expect(count.mock.calls).toEqual([['K', 1347]]);
    expect(result.saved).toEqual([{ code: 'K', name: 'Name K', before: 1500, quantity: 1347, unit: 'KG' }]);
  });
});

describe('tally add', () => {
  it('puts a product not scanned in the count with the given quantity, newest first', () => {
    let t = tallyReducer(emptyTally(), { type: 'scan', code: 'A' });
    t = tallyReducer(t, { type: 'add', code: 'Z', counted: 0 });
    expect(t.entries).toEqual([
      { code: 'Z', counted: 0 },
      { code: 'A', counted: 1 },
    ]);
    t = tallyReducer(t, { type: 'add', code: 'A', counted: 0 });
    expect(t.entries).toEqual([
      { code: 'A', counted: 0 },
      { code: 'Z', counted: 0 },
    ]);
  });
});
