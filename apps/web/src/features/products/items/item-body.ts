import { type CreateItemBody, type UpdateItemBody } from '@shopdesk/shared';
import { allVariants, valueTexts, variantKey, type DraftVariant, type ItemDraft } from './draft.ts';

/** The item's own fields as typed in the editor. */
export interface ItemFields {
  name: string;
  brand: string;
  category: string;
  description: string;
  imageId: string | null;
}

/** Where an error shows: an item field, an option's name or value, or a variant's field (by row key). */
export type ErrorPlace =
  | { kind: 'item'; field: string }
  | { kind: 'option'; option: string; valueKey?: string }
  | { kind: 'variant'; row: string; field: string };

/** Error messages by place key (placeKey), as the editor reads them at each field. */
export type PlacedErrors = Record<string, string>;

export const placeKey = (p: ErrorPlace) =>
  p.kind === 'item'
    ? `item:${p.field}`
    : p.kind === 'option'
      ? `option:${p.option}${p.valueKey ? `:${p.valueKey}` : ''}`
      : `variant:${p.row}:${p.field}`;

/**
 * Turns typed money into minor units: `parse` throws on what is not an amount; `fail` records the
 * message at the field. An empty price is refused; an empty cost or opening stock is none.
 */
export interface MoneyReader {
  parse: (text: string) => number;
  message: (error: unknown, field: 'price' | 'cost') => string;
  priceRequired: string;
  wholeNumber: string;
  /** Two rows with the same typed barcode. */
  repeatCode: string;
}

interface Built<B> {
  body: B;
  /** The body's `variants[i]` is this row of the editor, to put an error at its field. */
  rows: string[];
  errors: PlacedErrors;
}

function variantBody(draft: ItemDraft, v: DraftVariant, read: MoneyReader, errors: PlacedErrors, editing: boolean) {
  const row = variantKey(v);
  const at = (field: string) => placeKey({ kind: 'variant', row, field });
  const money = (text: string, field: 'price' | 'cost'): number | undefined => {
    if (!text.trim()) {
      if (field === 'price') errors[at('price')] ??= read.priceRequired;
      return undefined;
    }
    try {
      return read.parse(text);
    } catch (error) {
      errors[at(field)] ??= read.message(error, field);
      return undefined;
    }
  };
  const price = money(v.price, 'price') ?? 0;
  const cost = money(v.cost, 'cost');
  let quantity: number | undefined;
  if (!v.id && v.quantity.trim()) {
    quantity = Number(v.quantity.trim());
    if (!Number.isInteger(quantity)) errors[at('quantity')] ??= read.wholeNumber;
  }
  const code = v.code.trim();
  return {
    ...(editing && v.id ? { id: v.id } : {}),
    optionValues: valueTexts(draft, v),
    ...(code ? { code } : {}),
    price,
    // A saved variant's cost emptied means none (0); a new one's empty cost is left out.
    ...(cost !== undefined ? { cost } : v.id ? { cost: 0 } : {}),
    ...(quantity !== undefined ? { quantity } : {}),
    ...(v.id ? { retired: v.retired } : {}),
  };
}

/**
 * The body of POST (new item) or PUT (saved item) from the draft, and the errors only the editor
 * can see (money that is not an amount); the shared schema checks the rest.
 */
export function buildItemBody(
  draft: ItemDraft,
  fields: ItemFields,
  read: MoneyReader,
  editing: boolean,
): Built<CreateItemBody & UpdateItemBody> {
  const errors: PlacedErrors = {};
  const variants = allVariants(draft);
  const rows = variants.map(variantKey);
  const body = {
    name: fields.name,
    brand: fields.brand,
    category: fields.category,
    description: fields.description,
    imageId: fields.imageId,
    options: draft.options.map((o) => ({ name: o.name, values: o.values.map((v) => v.text) })),
    variants: variants.map((v) => variantBody(draft, v, read, errors, editing)),
  };
  // Two rows given the same typed barcode: said at both, not only at the second.
  const codes = body.variants.map((v) => ('code' in v ? (v.code ?? '') : ''));
  codes.forEach((code, i) => {
    if (code && codes.indexOf(code) !== i) {
      for (const k of [codes.indexOf(code), i])
        errors[placeKey({ kind: 'variant', row: rows[k]!, field: 'code' })] ??= read.repeatCode;
    }
  });
  return { body: body as CreateItemBody & UpdateItemBody, rows, errors };
}

/**
 * Where a schema's or the server's error path (`variants.3.price`, `options.0.values.2`, `name`)
 * shows in the editor. Unknown paths go to the form's top (null).
 */
export function placeOfPath(
  path: readonly (string | number)[],
  draft: ItemDraft,
  rows: readonly string[],
): ErrorPlace | null {
  const [head, index, field, sub] = path;
  if (head === 'options' && typeof index === 'number') {
    const option = draft.options[index];
    if (!option) return null;
    if (field === 'values' && typeof sub === 'number' && option.values[sub])
      return { kind: 'option', option: option.key, valueKey: option.values[sub].key };
    return { kind: 'option', option: option.key };
  }
  if (head === 'options') return { kind: 'item', field: 'options' };
  if (head === 'variants' && typeof index === 'number') {
    const row = rows[index];
    if (!row) return null;
    return { kind: 'variant', row, field: typeof field === 'string' ? field : 'optionValues' };
  }
  if (head === 'variants') return { kind: 'item', field: 'variants' };
  if (typeof head === 'string' && head) return { kind: 'item', field: head };
  return null;
}

/** A dotted path from the server's error details (`variants.3.price`) as the schema's path. */
export function splitPath(dotted: string): (string | number)[] {
  return dotted.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
