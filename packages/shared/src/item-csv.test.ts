import { describe, expect, it } from 'vitest';
import { optionList, optionsMismatch, readRowItem } from './item-csv.ts';
import { ImportRowSchema, PRODUCT_CSV_COLUMNS } from './products.ts';

describe('product CSV item columns', () => {
  it('adds the handle and option columns after the existing ones, in order', () => {
    expect(PRODUCT_CSV_COLUMNS.slice(0, 10)).toEqual([
      'code',
      'name',
      'brand',
      'category',
      'price',
      'cost',
      'quantity',
      'description',
      'taxRate',
      'unit',
    ]);
    expect(PRODUCT_CSV_COLUMNS.slice(10)).toEqual([
      'handle',
      'option1Name',
      'option1Value',
      'option2Name',
      'option2Value',
      'option3Name',
      'option3Value',
    ]);
    // A row of a file written before them still parses.
    expect(ImportRowSchema.safeParse({ line: 2, code: 'A', name: 'Tea', price: '1' }).success).toBe(true);
  });

  it('reads a row without handle or options as a product of its own', () => {
    expect(readRowItem({})).toEqual({ handle: null, options: [] });
    expect(readRowItem({ handle: '  ', option1Name: '', option1Value: ' ' })).toEqual({ handle: null, options: [] });
  });

  it('reads the handle and the options in order, trimmed', () => {
    expect(
      readRowItem({
        handle: ' tee-1 ',
        option1Name: 'Size ',
        option1Value: ' M',
        option2Name: 'Colour',
        option2Value: 'Red',
      }),
    ).toEqual({
      handle: 'tee-1',
      options: [
        { name: 'Size', value: 'M' },
        { name: 'Colour', value: 'Red' },
      ],
    });
  });

  it('names the column of each problem', () => {
    expect(readRowItem({ handle: 'x', option1Name: 'Size', option1Value: 'M'.repeat(21) })).toEqual([
      { field: 'option1Value', message: 'Option value must be at most 20 characters' },
    ]);
    expect(readRowItem({ handle: 'x', option1Name: 'Size' })).toEqual([
      { field: 'option1Value', message: 'Option 1 has a name but no value' },
    ]);
    expect(readRowItem({ handle: 'x', option1Value: 'M' })).toEqual([
      { field: 'option1Name', message: 'Option 1 has a value but no name' },
    ]);
    expect(readRowItem({ handle: 'x', option2Name: 'Size', option2Value: 'M' })).toEqual([
      { field: 'option2Name', message: 'Option 2 is filled but option 1 is empty' },
    ]);
    expect(
      readRowItem({
        handle: 'x',
        option1Name: 'A',
        option1Value: '1',
        option2Name: 'B',
        option2Value: '2',
        option3Name: 'C',
        option3Value: '3',
        option4Name: 'D',
        option4Value: '4',
      }),
    ).toEqual([{ field: 'option4Name', message: 'An item has at most 3 options' }]);
    expect(
      readRowItem({ handle: 'x', option1Name: 'Size', option1Value: 'M', option2Name: 'size', option2Value: 'L' }),
    ).toEqual([{ field: 'option2Name', message: 'Two options have the same name' }]);
    expect(readRowItem({ handle: 'a/b', option1Name: 'Size', option1Value: 'M' })).toEqual([
      { field: 'handle', message: 'Handle must be 1–48 letters, digits, dots, dashes or underscores' },
    ]);
    expect(readRowItem({ option1Name: 'Size', option1Value: 'M' })).toEqual([
      { field: 'handle', message: 'A row with options needs a handle, the same on every row of its item' },
    ]);
    expect(readRowItem({ handle: 'tee' })).toEqual([
      { field: 'option1Name', message: 'A row with a handle needs its options (option1Name and option1Value)' },
    ]);
  });

  it('says how a row’s options differ from its item’s', () => {
    expect(optionList(['Size'])).toBe('Size');
    expect(optionList(['Size', 'Colour', 'Fit'])).toBe('Size, Colour and Fit');
    expect(optionsMismatch(['size', 'COLOUR'], ['Size', 'Colour'])).toBeNull();
    expect(optionsMismatch(['Size', 'Colour'], ['Size'])).toBe(
      "The row has Size and Colour but the item's options are Size",
    );
    expect(optionsMismatch(['Colour', 'Size'], ['Size', 'Colour'])).toBe(
      "The row has Colour and Size but the item's options are Size and Colour",
    );
  });
});
