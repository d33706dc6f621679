import { describe, expect, it } from 'vitest';
import type { Product } from '@shopdesk/shared';
import {
  addOption,
  addValues,
  allVariants,
  bulkSet,
  combinations,
  draftOfItem,
  draftOfProduct,
  editVariants,
  emptyDraft,
  isTicked,
  moveOption,
  moveValue,
  newVariants,
  removeValue,
  renameValue,
  setAllTicked,
  setTicked,
  valueTexts,
  variantKey,
  type ItemDraft,
} from './draft.ts';

const money = (minor: number) => (minor / 100).toFixed(2);

/** A T-shirt in S, M, L × Red, Blue, typed as the owner would. */
function tshirt(): ItemDraft {
  let d = addOption(emptyDraft(), 'Size');
  d = addValues(d, d.options[0]!.key, ['S, M, L'.split(',')].flat());
  d = addOption(d, 'Colour');
  return addValues(d, d.options[1]!.key, ['Red', 'Blue']);
}

const texts = (d: ItemDraft) => allVariants(d).map((v) => valueTexts(d, v).join('/'));

function product(over: Partial<Product>): Product {
  return {
    id: 'p1',
    code: '2000000000015',
    name: 'T-shirt',
    brand: '',
    category: '',
    description: '',
    price: 1000,
    cost: 400,
    quantity: 7,
    reorderLevel: null,
    imageId: null,
    unit: 'EACH',
    taxRate: null,
    optionValues: [],
    retired: false,
    createdAt: '2026-12-06T00:00:00Z',
    updatedAt: '2026-12-06T00:00:00Z',
    ...over,
  } as Product;
}

describe('combinations from options', () => {
  it('makes every combination, first option slowest, all ticked by default', () => {
    const d = tshirt();
    expect(combinations(d.options)).toHaveLength(6);
    expect(texts(d)).toEqual(['S/Red', 'S/Blue', 'M/Red', 'M/Blue', 'L/Red', 'L/Blue']);
  });

  it('an item without options has one variant', () => {
    expect(newVariants(emptyDraft())).toHaveLength(1);
    expect(newVariants(emptyDraft())[0]!.valueKeys).toEqual([]);
  });

  it('skips blank and repeated values (ignoring case)', () => {
    const d = tshirt();
    const more = addValues(d, d.options[0]!.key, ['m', ' ', 'XL']);
    expect(more.options[0]!.values.map((v) => v.text)).toEqual(['S', 'M', 'L', 'XL']);
  });

  it('unticked combinations are not made, and come back with what was typed', () => {
    let d = tshirt();
    const mBlue = allVariants(d)[3]!;
    d = editVariants(d, [variantKey(mBlue)], { price: '12.00' });
    d = setTicked(d, mBlue.valueKeys.join('|'), false);
    expect(texts(d)).not.toContain('M/Blue');
    expect(isTicked(d, mBlue.valueKeys.join('|'))).toBe(false);
    d = setTicked(d, mBlue.valueKeys.join('|'), true);
    expect(allVariants(d).find((v) => valueTexts(d, v).join('/') === 'M/Blue')!.price).toBe('12.00');
    expect(newVariants(setAllTicked(d, false))).toHaveLength(0);
    expect(newVariants(setAllTicked(setAllTicked(d, false), true))).toHaveLength(6);
  });

  it('reordering values and options reorders the variants and keeps their fields', () => {
    let d = tshirt();
    const first = allVariants(d)[0]!;
    d = editVariants(d, [variantKey(first)], { code: '4901234567894' });
    d = moveValue(d, d.options[0]!.key, 0, 2); // S to the end
    expect(texts(d)[0]).toBe('M/Red');
    const coded = allVariants(d).find((v) => v.code === '4901234567894')!;
    expect(valueTexts(d, coded)).toEqual(['S', 'Red']);
    expect(texts(d)[4]).toBe('S/Red');
    d = moveOption(d, 0, 1); // Colour first
    expect(texts(d).slice(0, 3)).toEqual(['Red/M', 'Red/L', 'Red/S']);
    expect(allVariants(d).find((v) => v.code === '4901234567894')!.valueKeys).toHaveLength(2);
  });

  it('renaming a value keeps its variants', () => {
    let d = tshirt();
    const red = d.options[1]!.values[0]!;
    const s = allVariants(d)[0]!;
    d = editVariants(d, [variantKey(s)], { price: '9.00' });
    d = renameValue(d, d.options[1]!.key, red.key, 'Crimson');
    expect(texts(d)[0]).toBe('S/Crimson');
    expect(allVariants(d)[0]!.price).toBe('9.00');
  });
});

describe('bulk edit', () => {
  it('sets the price and cost typed on the selected variants only, an empty field left alone', () => {
    let d = tshirt();
    const rows = allVariants(d);
    d = editVariants(d, rows.map(variantKey), { price: '10.00', cost: '4.00' });
    d = bulkSet(d, [variantKey(rows[0]!), variantKey(rows[5]!)], ' 15.00 ', '');
    const after = allVariants(d);
    expect(after.map((v) => v.price)).toEqual(['15.00', '10.00', '10.00', '10.00', '10.00', '15.00']);
    expect(after.every((v) => v.cost === '4.00')).toBe(true);
    expect(bulkSet(d, [variantKey(rows[1]!)], '', '')).toBe(d);
  });

  it('edits saved variants too', () => {
    const item = {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [product({ id: 'a', optionValues: ['S'] }), product({ id: 'b', code: '2', optionValues: ['M'] })],
    };
    const d = bulkSet(draftOfItem(item, money), ['a', 'b'], '', '5.00');
    expect(d.existing.map((v) => v.cost)).toEqual(['5.00', '5.00']);
  });
});

describe('saved items', () => {
  it('a product of its own given options takes the first values and the owner may pick others', () => {
    let d = draftOfProduct(product({}), money);
    expect(allVariants(d)).toHaveLength(1);
    d = addOption(d, 'Size');
    d = addValues(d, d.options[0]!.key, ['S', 'M', 'L']);
    const saved = d.existing[0]!;
    expect(valueTexts(d, saved)).toEqual(['S']);
    expect(saved.picked).toEqual([0]);
    expect(texts(d)).toEqual(['S', 'M', 'L']);
    expect(newVariants(d).map((v) => valueTexts(d, v)[0])).toEqual(['M', 'L']);
  });

  it('keeps saved variants ticked and their values from being removed', () => {
    const item = {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [product({ id: 'a', optionValues: ['S'] })],
    };
    const d = draftOfItem(item, money);
    const s = d.options[0]!.values[0]!;
    expect(isTicked(setTicked(d, s.key, false), s.key)).toBe(true);
    expect(removeValue(d, d.options[0]!.key, s.key)).toBe(d);
    expect(removeValue(d, d.options[0]!.key, d.options[0]!.values[1]!.key).options[0]!.values).toHaveLength(1);
    expect(d.existing[0]!.price).toBe('10.00');
  });
});
