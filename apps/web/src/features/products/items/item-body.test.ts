import { describe, expect, it } from 'vitest';
import { CreateItemBodySchema, UpdateItemBodySchema, type Product } from '@shopdesk/shared';
import { addOption, addValues, allVariants, draftOfItem, editVariants, emptyDraft, variantKey } from './draft.ts';
import { buildItemBody, placeKey, placeOfPath, splitPath, type MoneyReader } from './item-body.ts';
import { itemMessage } from './item-messages.ts';

const read: MoneyReader = {
  parse: (text) => {
    if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) throw new Error('not money');
    return Math.round(Number(text) * 100);
  },
  message: (_e, field) => `bad ${field}`,
  priceRequired: 'price required',
  wholeNumber: 'whole number',
  repeatCode: 'same code',
};
const fields = { name: 'T-shirt', brand: 'Acme', category: 'Tops', description: '', imageId: null };

function sizes() {
  let d = addOption(emptyDraft(), 'Size');
  d = addValues(d, d.options[0]!.key, ['S', 'M']);
  return d;
}

describe('the item body', () => {
  it('sends each ticked combination with its typed figures in minor units; empty codes left to the server', () => {
    let d = sizes();
    const [s, m] = allVariants(d).map(variantKey);
    d = editVariants(d, [s!, m!], { price: '10.50', cost: '4' });
    d = editVariants(d, [s!], { code: '4901234567894', quantity: '3' });
    const built = buildItemBody(d, fields, read, false);
    expect(built.errors).toEqual({});
    expect(built.body.options).toEqual([{ name: 'Size', values: ['S', 'M'] }]);
    expect(built.body.variants).toEqual([
      { optionValues: ['S'], code: '4901234567894', price: 1050, cost: 400, quantity: 3 },
      { optionValues: ['M'], price: 1050, cost: 400 },
    ]);
    expect(CreateItemBodySchema.safeParse(built.body).success).toBe(true);
  });

  it('says what the form alone knows at the row: price missing, not money, stock not whole, a code twice', () => {
    let d = sizes();
    const [s, m] = allVariants(d).map(variantKey);
    d = editVariants(d, [s!], { price: 'abc', quantity: '1.5', code: 'X1' });
    d = editVariants(d, [m!], { code: 'X1' });
    const { errors } = buildItemBody(d, fields, read, false);
    expect(errors[placeKey({ kind: 'variant', row: s!, field: 'price' })]).toBe('bad price');
    expect(errors[placeKey({ kind: 'variant', row: s!, field: 'quantity' })]).toBe('whole number');
    expect(errors[placeKey({ kind: 'variant', row: m!, field: 'price' })]).toBe('price required');
    expect(errors[placeKey({ kind: 'variant', row: s!, field: 'code' })]).toBe('same code');
    expect(errors[placeKey({ kind: 'variant', row: m!, field: 'code' })]).toBe('same code');
  });

  it('an edit lists saved variants by id with retired, never their stock', () => {
    const saved = {
      id: 'a',
      code: '2000000000015',
      price: 1000,
      cost: 0,
      quantity: 5,
      optionValues: ['S'],
      retired: false,
      unit: 'EACH',
    } as Product;
    let d = draftOfItem({ options: [{ name: 'Size', values: ['S', 'M'] }], variants: [saved] }, (n) => String(n / 100));
    d = editVariants(d, ['a'], { retired: true });
    d = editVariants(d, [variantKey(allVariants(d)[1]!)], { price: '12' });
    const built = buildItemBody(d, fields, read, true);
    expect(built.body.variants).toEqual([
      { id: 'a', optionValues: ['S'], code: '2000000000015', price: 1000, cost: 0, retired: true },
      { optionValues: ['M'], price: 1200 },
    ]);
    expect(UpdateItemBodySchema.safeParse(built.body).success).toBe(true);
  });

  it("puts the schema's and the server's errors at their field", () => {
    let d = sizes();
    d = addValues(d, d.options[0]!.key, ['L']);
    const rows = allVariants(d).map(variantKey);
    d = editVariants(d, rows, { price: '1' });
    const built = buildItemBody({ ...d, options: [{ ...d.options[0]!, name: '' }] }, fields, read, false);
    const parsed = CreateItemBodySchema.safeParse(built.body);
    expect(parsed.success).toBe(false);
    const places = parsed.error!.issues.map((i) => placeOfPath(i.path as (string | number)[], d, built.rows));
    expect(places).toContainEqual({ kind: 'option', option: d.options[0]!.key });
    expect(placeOfPath(splitPath('variants.2.code'), d, built.rows)).toEqual({
      kind: 'variant',
      row: rows[2],
      field: 'code',
    });
    expect(placeOfPath(splitPath('options.0.values.1'), d, built.rows)).toEqual({
      kind: 'option',
      option: d.options[0]!.key,
      valueKey: d.options[0]!.values[1]!.key,
    });
    expect(placeOfPath(splitPath('name'), d, built.rows)).toEqual({ kind: 'item', field: 'name' });
  });
});

describe('item messages', () => {
  const t = (key: string, options?: Record<string, unknown>) => `${key} ${JSON.stringify(options ?? {})}`;
  it('reads the messages that carry a value back by pattern', () => {
    expect(itemMessage(t, '"M" is listed twice')).toBe('items.errors.listedTwice {"value":"M"}');
    expect(itemMessage(t, '"XL" is not a value of Size')).toBe('items.errors.notAValue {"value":"XL","option":"Size"}');
    expect(itemMessage(t, 'A variant needs one value for each of the 2 options')).toBe(
      'items.errors.oneValueEach {"count":2}',
    );
  });
});
