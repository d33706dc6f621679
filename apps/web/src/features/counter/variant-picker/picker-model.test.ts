import { describe, expect, it } from 'vitest';
import type { CounterProduct } from '../catalog/catalog-db.ts';
import {
  availableValues,
  choose,
  initialSelection,
  pickerOptions,
  stockGrid,
  variantFor,
  type PickerOption,
} from './picker-model.ts';

const variant = (code: string, optionValues: string[], quantity = 2): CounterProduct => ({
  id: `id-${code}`,
  code,
  name: `T-shirt (${optionValues.join(', ')})`,
  brand: '',
  category: '',
  price: 1500,
  quantity,
  taxRate: null,
  updatedAt: '2026-12-06T00:00:00.000Z',
  itemId: 'shirt',
  optionValues,
  retired: false,
});

// L in Blue only: "L, Red" is a combination no variant has.
const variants = [
  variant('1', ['M', 'Red'], 4),
  variant('2', ['S', 'Blue'], 0),
  variant('3', ['L', 'Blue'], 7),
  variant('4', ['S', 'Red'], 1),
  variant('5', ['M', 'Blue'], 2),
];
const itemOptions: PickerOption[] = [
  { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
  { name: 'Colour', values: ['Red', 'Blue'] },
];
const unnamed = (n: number) => `Option ${n}`;

describe('pickerOptions', () => {
  it("follows the item's options and order, leaving out values no variant on sale has", () => {
    expect(pickerOptions(variants, itemOptions, unnamed)).toEqual([
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Red', 'Blue'] },
    ]);
  });

  it('offline, derives them position by position: sizes small to large, numbers by value, others as first used', () => {
    expect(pickerOptions(variants, null, unnamed)).toEqual([
      { name: 'Option 1', values: ['S', 'M', 'L'] },
      { name: 'Option 2', values: ['Red', 'Blue'] },
    ]);
    const shoes = [variant('a', ['27', 'Black']), variant('b', ['24.5', 'White']), variant('c', ['9', 'Black'])];
    expect(pickerOptions(shoes, undefined, unnamed).map((o) => o.values)).toEqual([
      ['9', '24.5', '27'],
      ['Black', 'White'],
    ]);
  });

  it('keeps a value the item no longer lists (an edit not yet in the copy), last', () => {
    const options = pickerOptions([...variants, variant('6', ['XXL', 'Red'])], itemOptions, unnamed);
    expect(options[0]!.values).toEqual(['S', 'M', 'L', 'XXL']);
  });
});

describe('choosing on a phone', () => {
  const options = pickerOptions(variants, itemOptions, unnamed);

  it('offers every size first, then disables the colours the chosen size does not come in', () => {
    const start = initialSelection(options);
    expect(start).toEqual([null, null]);
    expect([...availableValues(options, variants, start, 0)]).toEqual([
      ['S', true],
      ['M', true],
      ['L', true],
    ]);
    const large = choose(options, variants, start, 0, 'L');
    expect(Object.fromEntries(availableValues(options, variants, large, 1))).toEqual({ Red: false, Blue: true });
    expect(variantFor(variants, large)).toBeNull();
    expect(variantFor(variants, choose(options, variants, large, 1, 'Blue'))?.code).toBe('3');
  });

  it('clears a later choice that no longer fits, and a second tap clears a choice', () => {
    const mRed = choose(options, variants, choose(options, variants, [null, null], 0, 'M'), 1, 'Red');
    expect(variantFor(variants, mRed)?.code).toBe('1');
    expect(choose(options, variants, mRed, 0, 'L')).toEqual(['L', null]);
    expect(choose(options, variants, mRed, 0, 'S')).toEqual(['S', 'Red']);
    expect(choose(options, variants, mRed, 1, 'Red')).toEqual(['M', null]);
  });

  it('chooses an option of one value at the start', () => {
    const one = [variant('x', ['S', 'Red']), variant('y', ['M', 'Red'])];
    const opts = pickerOptions(one, null, unnamed);
    expect(initialSelection(opts)).toEqual([null, 'Red']);
    expect(variantFor(one, choose(opts, one, initialSelection(opts), 0, 'M'))?.code).toBe('y');
  });
});

describe('stockGrid', () => {
  it('lays the variants out by option 1 × option 2, empty where no variant has the combination', () => {
    const grid = stockGrid(pickerOptions(variants, itemOptions, unnamed), variants);
    expect(grid.rows).toEqual(['S', 'M', 'L']);
    expect(grid.columns).toEqual(['Red', 'Blue']);
    expect(grid.cells.map((row) => row.map((v) => v?.quantity ?? null))).toEqual([
      [1, 0],
      [4, 2],
      [null, 7],
    ]);
  });

  it('has one column for an item of one option, and filters by option 3 for an item of three', () => {
    const single = [variant('s', ['S']), variant('m', ['M'])];
    expect(stockGrid(pickerOptions(single, null, unnamed), single)).toMatchObject({
      rows: ['S', 'M'],
      columns: [''],
    });
    const three = [variant('1', ['S', 'Red', 'Cotton'], 1), variant('2', ['S', 'Red', 'Linen'], 5)];
    const options = pickerOptions(three, null, unnamed);
    expect(stockGrid(options, three, ['Linen']).cells[0]![0]!.code).toBe('2');
    expect(stockGrid(options, three, ['Cotton']).cells[0]![0]!.code).toBe('1');
  });
});
