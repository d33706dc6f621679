import {
  ItemOptionsSchema,
  variantName,
  ITEM_MAX_OPTION_VALUES,
  type ItemOption,
  type ProductUnit,
} from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { ItemRow, ProductRow } from '../../db/types.ts';
import { foldText, nameSortKey } from '../../core/text-keys.ts';
import { newId } from '../../lib/ids.ts';
import * as repo from './item-drafts.repo.ts';
import { productFields } from './products.service.ts';

/**
 * A variant's item as another module carries it (a cargo line handed to another store): enough for
 * a store without the variant to find or create an item like it (product.md §4 Item and Variant).
 */
export interface ItemDraft {
  name: string;
  /** The item's CSV handle: the receiving store's item with this handle is the one, when it has one. */
  handle: string | null;
  options: ItemOption[];
  /** The variant's value of each option, in the options' order. */
  optionValues: string[];
}

/** A missing variant to create under its item (`ensureProducts`). */
export interface VariantDraft {
  code: string;
  /** Its name where it came from: kept when it cannot join an item here (`variantRows`). */
  name: string;
  brand: string;
  price: number;
  unit?: ProductUnit | undefined;
  item: ItemDraft;
}

/**
 * The item draft stored with a line (JSON columns), or undefined when there is none or it does not
 * hold together (1–3 valid options, one non-empty value for each): such a line's product is then
 * created as an item of its own, as before variants.
 */
export function parseItemDraft(fields: {
  name: string | null;
  handle: string | null;
  options: string | null;
  optionValues: string | null;
}): ItemDraft | undefined {
  if (!fields.name || !fields.options || !fields.optionValues) return undefined;
  try {
    const options = ItemOptionsSchema.safeParse(JSON.parse(fields.options));
    const values: unknown = JSON.parse(fields.optionValues);
    if (!options.success || options.data.length === 0 || !Array.isArray(values)) return undefined;
    if (values.length !== options.data.length || !values.every((v) => typeof v === 'string' && v.trim() !== ''))
      return undefined;
    return { name: fields.name, handle: fields.handle, options: options.data, optionValues: values as string[] };
  } catch {
    return undefined;
  }
}

/** The item draft of each code of the store whose product is a variant of an item with options. */
export async function itemDraftsOf(db: DbOrTx, storeId: string, codes: string[]): Promise<Map<string, ItemDraft>> {
  const drafts = new Map<string, ItemDraft>();
  const unique = [...new Set(codes)];
  // Bounded chunks: an `in` list stays under every engine's parameter limit.
  for (let i = 0; i < unique.length; i += 500) {
    for (const row of await repo.variantItemsByCodes(db, storeId, unique.slice(i, i + 500))) {
      const draft = parseItemDraft({
        name: row.name,
        handle: row.handle,
        options: row.options,
        optionValues: row.option_values,
      });
      if (draft) drafts.set(row.code, draft);
    }
  }
  return drafts;
}

const sameText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/**
 * The draft's values in the order of `options` (an item of this store), or null when the two do
 * not have the same option names (case ignored): the variant cannot join that item.
 */
function valuesFor(options: ItemOption[], draft: ItemDraft): string[] | null {
  if (options.length !== draft.options.length) return null;
  const values: string[] = [];
  for (const option of options) {
    const at = draft.options.findIndex((o) => sameText(o.name, option.name));
    if (at < 0) return null;
    values.push(draft.optionValues[at]!);
  }
  return values;
}

const combination = (values: string[]) => values.map((v) => foldText(v)).join('\u0000');

/** An item of the store taking new variants: its row, options (values added as needed) and variants' combinations. */
interface Target {
  row: ItemRow;
  options: ItemOption[];
  taken: Set<string>;
  lastPosition: number;
  changed: boolean;
}

/**
 * The store's item for the draft: by its handle when it has one, else the oldest item with the same
 * name and the same option names; created with the draft's name, handle and options when there is
 * none (an item whose handle is taken by an item with other options is created without a handle).
 */
async function targetOf(trx: DbOrTx, storeId: string, draft: ItemDraft, brand: string, at: string): Promise<Target> {
  let found: ItemRow | undefined;
  let handleFree = draft.handle !== null;
  if (draft.handle) {
    const byHandle = await repo.itemByHandle(trx, storeId, draft.handle);
    if (byHandle) handleFree = false;
    if (byHandle && valuesFor(JSON.parse(byHandle.options) as ItemOption[], draft)) found = byHandle;
  } else {
    const named = await repo.itemsWithOptionsNamed(trx, storeId, nameSortKey(draft.name));
    found = named.find((row) => valuesFor(JSON.parse(row.options) as ItemOption[], draft) !== null);
  }
  if (found) {
    const variants = await repo.variantsTaken(trx, storeId, found.id);
    return {
      row: found,
      options: JSON.parse(found.options) as ItemOption[],
      taken: new Set(variants.values.map((v) => combination(JSON.parse(v) as string[]))),
      lastPosition: variants.lastPosition,
      changed: false,
    };
  }
  const row: ItemRow = {
    store_id: storeId,
    id: newId(),
    handle: handleFree ? draft.handle : null,
    name: draft.name,
    name_key: nameSortKey(draft.name),
    brand,
    description: '',
    category: '',
    image_id: null,
    options: JSON.stringify(draft.options),
    created_at: at,
    updated_at: at,
  };
  await repo.insertItemRow(trx, row);
  return {
    row,
    options: draft.options.map((o) => ({ ...o, values: [...o.values] })),
    taken: new Set(),
    lastPosition: -1,
    changed: false,
  };
}

/**
 * The item's spelling of each value, adding a value it lacks to its option (null, nothing added,
 * when that option is full: the variant then stands alone).
 */
function placeValues(target: Target, values: string[]): string[] | null {
  const known = values.map((value, i) => target.options[i]!.values.find((v) => sameText(v, value)));
  if (known.some((k, i) => k === undefined && target.options[i]!.values.length >= ITEM_MAX_OPTION_VALUES)) return null;
  return values.map((value, i) => {
    if (known[i] !== undefined) return known[i];
    const option = target.options[i]!;
    option.values = [...option.values, value];
    target.changed = true;
    return value;
  });
}

/**
 * What a product created for goods arriving (a cargo) starts with: no reorder level or own tax rate,
 * its unit, and quantity 0 until the caller moves its stock through the ledger.
 */
export function arrivingStock(unit: ProductUnit | undefined, at: string) {
  return {
    reorder_level: null,
    tax_rate: null,
    unit: unit ?? 'EACH',
    quantity: 0,
    created_at: at,
    updated_at: at,
    quantity_changed_at: null,
  };
}

/**
 * A new variant of `item`: named "Name (Value, Value)" after the item and carrying its brand,
 * description, category and image, as every variant of an item with options does.
 */
function variantRow(d: VariantDraft, item: ItemRow, values: string[], position: number, at: string): ProductRow {
  return {
    id: newId(),
    store_id: item.store_id,
    ...productFields({
      code: d.code,
      name: variantName(item.name, values),
      brand: item.brand,
      description: item.description,
      category: item.category,
      price: d.price,
      cost: 0,
      imageId: item.image_id,
    }),
    ...arrivingStock(d.unit, at),
    item_id: item.id,
    option_values: JSON.stringify(values),
    variant_position: position,
    retired_at: null,
  };
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

const groupKey = (item: ItemDraft) =>
  item.handle
    ? `handle:${item.handle}`
    : `name:${nameSortKey(item.name)}\u0000${item.options
        .map((o) => foldText(o.name))
        .sort()
        .join('\u0000')}`;

/**
 * The product rows of missing variants, inside the caller's transaction: each under its store's item
 * (found or created as `targetOf` says, once for all the drafts of one item), placed after the
 * item's variants in the order of its options. A variant whose combination the item already has
 * under another barcode, or whose option is full, is created as an item of its own under its own
 * name (`standalone`), as every product was before variants. Stock starts at 0: the caller moves it.
 */
export async function variantRows(
  trx: DbOrTx,
  storeId: string,
  drafts: VariantDraft[],
  at: string,
  standalone: (draft: VariantDraft) => ProductRow,
): Promise<ProductRow[]> {
  const groups = new Map<string, VariantDraft[]>();
  for (const d of drafts) groups.set(groupKey(d.item), [...(groups.get(groupKey(d.item)) ?? []), d]);
  const rows: ProductRow[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    const target = await targetOf(trx, storeId, first.item, first.brand, at);
    const joining: { d: VariantDraft; values: string[] }[] = [];
    for (const d of group) {
      const ordered = valuesFor(target.options, d.item);
      const values = ordered && placeValues(target, ordered);
      if (!values || target.taken.has(combination(values))) rows.push(standalone(d));
      else {
        target.taken.add(combination(values));
        joining.push({ d, values });
      }
    }
    // New variants follow the item's options' order (S before M, Red before Blue), after its others.
    const rank = (values: string[]) => values.map((v, i) => target.options[i]!.values.indexOf(v));
    joining.sort((a, b) => compareRanks(rank(a.values), rank(b.values)));
    for (const { d, values } of joining) rows.push(variantRow(d, target.row, values, ++target.lastPosition, at));
    if (target.changed) await repo.setItemOptions(trx, storeId, target.row.id, JSON.stringify(target.options), at);
  }
  return rows;
}
