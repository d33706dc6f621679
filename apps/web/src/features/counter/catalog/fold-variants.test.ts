import { describe, expect, it } from 'vitest';
import type { CounterProduct } from './catalog-db.ts';
import { foldVariants, itemNameOf } from './fold-variants.ts';

const product = (code: string, over: Partial<CounterProduct> = {}): CounterProduct => ({
  id: `id-${code}`,
  code,
  name: `Product ${code}`,
  brand: '',
  category: '',
  price: 500,
  quantity: 3,
  taxRate: null,
  updatedAt: '2026-12-06T00:00:00.000Z',
  itemId: `id-${code}`,
  optionValues: [],
  retired: false,
  ...over,
});

const shirt = (code: string, size: string, colour: string, over: Partial<CounterProduct> = {}) =>
  product(code, { name: `T-shirt (${size}, ${colour})`, itemId: 'shirt', optionValues: [size, colour], ...over });

const sizes = ['S', 'M', 'L'];
const colours = ['Red', 'Blue'];
const all = sizes.flatMap((s, i) =>
  colours.map((c, j) => shirt(`20${i}${j}`, s, c, { price: 1500 + 100 * i, quantity: i + j })),
);

describe('foldVariants', () => {
  it('shows an item of several variants once, with their count, price range and stock', () => {
    const entries = foldVariants([all[2]!, product('111'), all[0]!, all[5]!], (id) =>
      id === 'shirt' ? all : undefined,
    );
    expect(entries.map((e) => e.kind)).toEqual(['item', 'product']);
    const item = entries[0]!;
    if (item.kind !== 'item') throw new Error('not an item');
    expect(item).toMatchObject({ itemId: 'shirt', name: 'T-shirt', priceMin: 1500, priceMax: 1700 });
    expect(item.variants).toHaveLength(6);
    expect(item.quantity).toBe(all.reduce((s, v) => s + v.quantity, 0));
  });

  it('keeps products of their own as they are, in the order found', () => {
    const entries = foldVariants([product('1'), product('2')], () => undefined);
    expect(entries).toEqual([
      { kind: 'product', product: product('1') },
      { kind: 'product', product: product('2') },
    ]);
  });

  it('leaves retired variants out of the count, and an item with one left on sale adds it directly', () => {
    const retiredAllButOne = all.map((v, i) => (i === 3 ? v : { ...v, retired: true }));
    const entries = foldVariants([retiredAllButOne[0]!, retiredAllButOne[3]!], () => retiredAllButOne);
    expect(entries).toEqual([{ kind: 'product', product: retiredAllButOne[3] }]);
    const some = all.map((v, i) => (i < 2 ? { ...v, retired: true } : v));
    const folded = foldVariants([some[4]!], () => some);
    expect(folded[0]).toMatchObject({ kind: 'item' });
    if (folded[0]!.kind === 'item') expect(folded[0]!.variants.map((v) => v.code)).not.toContain(all[0]!.code);
  });

  it('without the copy, folds the variants the search found', () => {
    const entries = foldVariants([all[0]!, all[1]!, all[2]!], () => undefined);
    expect(entries).toHaveLength(1);
    if (entries[0]!.kind === 'item') expect(entries[0]!.variants).toHaveLength(3);
  });
});

describe('itemNameOf', () => {
  it('drops the options variantName() added, and leaves other names alone', () => {
    expect(itemNameOf(all[0]!)).toBe('T-shirt');
    expect(itemNameOf(product('1', { name: 'Tea (green)' }))).toBe('Tea (green)');
    expect(itemNameOf(shirt('9', 'M', 'Red', { name: 'Renamed shirt' }))).toBe('Renamed shirt');
  });
});
