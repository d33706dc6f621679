import { ErrorCode, variantName, type Item, type ItemOption, type ItemVariantInput } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { ItemRow, ProductRow } from '../../db/types.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { nameSortKey } from '../../core/text-keys.ts';
import { storeBarcodeRules } from '../barcode-rules/index.ts';
import { freeHandle, handleBase } from './item-variants.ts';
import * as items from './items.repo.ts';
import { productFields, randomUnclaimedOrRefuse, toProduct } from './products.service.ts';
import { findProductsByCodes, type ProductView } from './products.repo.ts';

/*
 * What the items service's create and update share: an item's answer, its variants' product rows,
 * their barcodes (given ones checked across the store, missing ones drawn) and its handle.
 */

export const itemNotFound = () => notFound('This item is not in this store.');

export const handleTaken = () =>
  fieldError(ErrorCode.CONFLICT, 'handle', 'Another item of this store already has this handle.', 409);

export function parseOptions(json: string): ItemOption[] {
  return JSON.parse(json) as ItemOption[];
}

/** The item as the API answers it; its variants' cost only to a member who may see costs. */
export function toItem(row: ItemRow, variants: ProductView[], withCost: boolean): Item {
  return {
    id: row.id,
    handle: row.handle,
    name: row.name,
    brand: row.brand,
    description: row.description,
    category: row.category,
    imageId: row.image_id,
    options: parseOptions(row.options),
    variants: variants.map((v) => toProduct(v, withCost)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What every variant copies from its item (product.md §4): they keep these columns for search, receipts and labels. */
export interface ItemDetails {
  name: string;
  brand: string;
  description: string;
  category: string;
  imageId: string | null;
}

/** A variant's descriptive columns: its name with its values, the item's details, its search text. */
export function variantFields(item: ItemDetails, values: string[], code: string, price: number, cost: number) {
  return productFields({ ...item, name: variantName(item.name, values), code, price, cost });
}

/** A new variant's product row, its opening stock in `quantity` (recorded by the caller as a movement). */
export function newVariantRow(args: {
  id: string;
  storeId: string;
  itemId: string;
  item: ItemDetails;
  input: Omit<ItemVariantInput, 'id'>;
  values: string[];
  position: number;
  code: string;
  now: string;
}): ProductRow {
  const { input } = args;
  return {
    id: args.id,
    store_id: args.storeId,
    ...variantFields(args.item, args.values, args.code, input.price, input.cost ?? 0),
    quantity: input.quantity ?? 0,
    reorder_level: input.reorderLevel ?? null,
    tax_rate: input.taxRate ?? null,
    unit: input.unit ?? 'EACH',
    created_at: args.now,
    updated_at: args.now,
    quantity_changed_at: null,
    item_id: args.itemId,
    option_values: JSON.stringify(args.values),
    variant_position: args.position,
    retired_at: input.retired ? args.now : null,
  };
}

export function itemNameKey(name: string): string {
  return nameSortKey(name);
}

/**
 * Refuses a barcode another product of the store has (`owners` maps a code to the variant ids it
 * may belong to: the variant that already has it keeps it), naming the variant (`labels`).
 */
export async function assertCodesFree(
  db: DbOrTx,
  storeId: string,
  wanted: { code: string; field: string; label: string; self?: string }[],
): Promise<void> {
  const found = await findProductsByCodes(
    db,
    storeId,
    wanted.map((w) => w.code),
  );
  for (const w of wanted) {
    const other = found.find((p) => p.code === w.code && p.id !== w.self);
    if (other) {
      throw fieldError(
        ErrorCode.CONFLICT,
        w.field,
        `The barcode ${w.code} of ${w.label} is already used by ${other.name} in this store.`,
        409,
      );
    }
  }
}

/**
 * Unused in-store EAN-13s (product.md §4 "Random barcode") for `count` new variants, none of them
 * in `reserved` (the body's own codes), none claimed by a barcode rule of the store.
 */
export async function drawCodes(db: DbOrTx, storeId: string, count: number, reserved: Set<string>): Promise<string[]> {
  if (count === 0) return [];
  const rules = await storeBarcodeRules(db, storeId);
  const codes: string[] = [];
  // 10^10 numbers per store: a collision is rare, ten rounds of them practically impossible.
  for (let round = 0; round < 10 && codes.length < count; round++) {
    const drawn = new Set<string>();
    while (drawn.size < count - codes.length) {
      const code = randomUnclaimedOrRefuse(rules);
      if (!reserved.has(code) && !codes.includes(code)) drawn.add(code);
    }
    const taken = new Set((await findProductsByCodes(db, storeId, [...drawn])).map((p) => p.code));
    codes.push(...[...drawn].filter((c) => !taken.has(c)));
  }
  if (codes.length < count) throw new AppError(409, ErrorCode.CONFLICT, 'Could not find unused in-store barcodes.');
  return codes;
}

/** A handle made from the name, unique in the store. */
export async function generatedHandle(db: DbOrTx, storeId: string, name: string): Promise<string> {
  const base = handleBase(name);
  return freeHandle(base, await items.handlesLike(db, storeId, base));
}
