import {
  asProductUnit,
  ErrorCode,
  ITEM_MAX_VARIANTS,
  variantName,
  type Item,
  type UpdateItemBodySchema,
} from '@shopdesk/shared';
import type { z } from 'zod';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import type { ItemRow } from '../../db/types.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { fieldError } from '../../core/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { assertCanCreate } from '../plans/index.ts';
import { recordOpeningStock } from '../stock/index.ts';
import {
  assertCodesFree,
  drawCodes,
  generatedHandle,
  handleTaken,
  itemNameKey,
  itemNotFound,
  newVariantRow,
  parseOptions,
  variantFields,
  type ItemDetails,
} from './item-rows.ts';
import { assertDistinct, placeVariant, positions, type PlacedVariant } from './item-variants.ts';
import { readItem } from './items.service.ts';
import * as repo from './items.repo.ts';
import { insertProducts, updateProduct, type ProductView } from './products.repo.ts';
import { assertProductImage, codeTaken, productEvent, releaseImages, unitChangeWithStock } from './products.service.ts';

type UpdateItem = z.output<typeof UpdateItemBodySchema>;
type VariantInput = UpdateItem['variants'][number];

/** A variant the item ends with: one it had (`row`), listed or not, or a new one. */
interface Planned {
  row?: ProductView;
  input?: VariantInput;
  /** Where the body lists it (`variants.i`), or where an unlisted one's values went wrong (`options`). */
  field: string;
  label: string;
  placed: PlacedVariant;
}

const invalid = (field: string, message: string) => fieldError(ErrorCode.VALIDATION_ERROR, field, message);

/** Pairs the body's variants with the item's: those with an id must be the item's, each listed once. */
function plan(item: ItemRow, variants: ProductView[], body: UpdateItem): Planned[] {
  const byId = new Map(variants.map((v) => [v.id, v]));
  const listed = new Map<string, number>();
  body.variants.forEach((v, i) => {
    if (v.id === undefined) return;
    if (!byId.has(v.id)) throw invalid(`variants.${i}.id`, 'This is not a variant of this item.');
    if (listed.has(v.id)) throw invalid(`variants.${i}.id`, 'This variant is listed twice.');
    listed.set(v.id, i);
  });
  const added = body.variants.flatMap((input, i) => (input.id === undefined ? [{ input, i }] : []));
  if (variants.length + added.length > ITEM_MAX_VARIANTS)
    throw invalid('variants', `An item has at most ${ITEM_MAX_VARIANTS} variants`);
  const options = body.options;
  const existing = variants.map((row): Planned => {
    const i = listed.get(row.id);
    const input = i === undefined ? undefined : body.variants[i];
    const values = input?.optionValues ?? (JSON.parse(row.option_values) as string[]);
    const field = i === undefined ? 'options' : `variants.${i}.optionValues`;
    const label = `${row.name} (${row.code})`;
    return { row, input, field, label, placed: placeVariant(options, values, field, label, i === undefined) };
  });
  const fresh = added.map(({ input, i }): Planned => {
    const field = `variants.${i}.optionValues`;
    const label = variantName(body.name, input.optionValues);
    return { input, field, label, placed: placeVariant(options, input.optionValues, field, label, false) };
  });
  const all = [...existing, ...fresh];
  assertDistinct(
    all.map((p) => p.placed),
    all.map((p) => p.field),
    all.map((p) => p.label),
  );
  // An item made with options has an id of its own, not its product's: without options it would
  // not be the item of its own its product needs (migration 202612060100).
  if (options.length === 0 && parseOptions(item.options).length > 0 && all[0]?.row?.id !== item.id)
    throw invalid('options', 'An item made with options keeps at least one option.');
  return all;
}

/** The patch of a variant the item had, or null when nothing of it changes. */
function variantPatch(p: Planned & { row: ProductView }, details: ItemDetails, position: number, now: string) {
  const { row, input } = p;
  const code = input?.code ?? row.code;
  const fields = variantFields(
    details,
    p.placed.values,
    code,
    input ? input.price : Number(row.price),
    input?.cost ?? Number(row.cost),
  );
  const patch = {
    ...fields,
    reorder_level: input?.reorderLevel === undefined ? row.reorder_level : input.reorderLevel,
    tax_rate: input?.taxRate === undefined ? row.tax_rate : input.taxRate,
    unit: input?.unit ?? asProductUnit(row.unit),
    option_values: JSON.stringify(p.placed.values),
    variant_position: position,
    retired_at: input?.retired === undefined ? row.retired_at : input.retired ? (row.retired_at ?? now) : null,
  };
  const same = (Object.keys(patch) as (keyof typeof patch)[]).every(
    (key) => key === 'name_key' || key === 'search' || String(patch[key]) === String(row[key as keyof ProductView]),
  );
  return same ? null : { ...patch, updated_at: now };
}

async function assertUniqueHandle(trx: DbOrTx, storeId: string, itemId: string, handle: string | null) {
  if (handle === null) return;
  const owner = await repo.handleOwner(trx, storeId, handle);
  if (owner !== undefined && owner !== itemId) throw handleTaken();
}

/**
 * Replaces an item's details and options and changes or adds the listed variants (product.md §5
 * "Variants"), in one transaction: every variant is renamed with its values and given the item's
 * details (search, receipts and labels read the product row), and those that changed get a new
 * `updated_at`, so devices' copies (GET /product/changes) pick them up.
 */
export async function updateItem(ctx: AppContext, scope: Scope, id: string, body: UpdateItem): Promise<Item> {
  const { store, userId } = scope;
  const now = iso(ctx.clock.now());
  try {
    const { item, before } = await ctx.db.transaction().execute(async (trx) => {
      const current = await repo.findItem(trx, store.id, id, true);
      if (!current) throw itemNotFound();
      const variants = await repo.variantsOf(trx, store.id, id);
      const planned = plan(current, variants, body);
      await assertProductImage(trx, store.id, body.imageId, current.image_id);
      const order = positions(planned.map((p) => p.placed));
      const fresh = planned.filter((p) => !p.row);
      planned.forEach((p) => {
        const unit = p.input?.unit;
        if (p.row && unit && unit !== p.row.unit && Number(p.row.quantity) !== 0) throw unitChangeWithStock();
      });
      const given = planned.flatMap((p) => {
        const code = p.input?.code;
        if (!code || code === p.row?.code) return [];
        return [{ code, field: p.field.replace(/optionValues$/, 'code'), label: p.label, self: p.row?.id }];
      });
      await assertCodesFree(trx, store.id, given);
      if (fresh.length > 0) await assertCanCreate(trx, ctx, store.owner_id, 'products', fresh.length);
      const reserved = new Set([...given.map((g) => g.code), ...variants.map((v) => v.code)]);
      const drawn = await drawCodes(trx, store.id, fresh.filter((p) => !p.input?.code).length, reserved);

      let handle = body.handle === undefined ? current.handle : body.handle;
      if (handle === null && body.options.length > 0) handle = await generatedHandle(trx, store.id, body.name);
      await assertUniqueHandle(trx, store.id, id, handle);
      const details: ItemDetails = {
        name: body.name,
        brand: body.brand,
        description: body.description,
        category: body.category,
        imageId: body.imageId ?? null,
      };
      // The item first: once it has options, the products' update trigger leaves it alone.
      await repo.updateItem(trx, store.id, id, {
        handle,
        name: body.name,
        name_key: itemNameKey(body.name),
        brand: body.brand,
        description: body.description,
        category: body.category,
        image_id: details.imageId,
        options: JSON.stringify(body.options),
        updated_at: now,
      });
      for (const [i, p] of planned.entries()) {
        if (!p.row) continue;
        const patch = variantPatch({ ...p, row: p.row }, details, order[i]!, now);
        if (!patch) continue;
        await updateProduct(trx, store.id, p.row.id, patch);
        await recordAudit(trx, scope, { ...productEvent('PRODUCT_EDIT', patch), at: ctx.clock.now() });
      }
      const rows = planned.flatMap((p, i) =>
        p.row
          ? []
          : [
              newVariantRow({
                id: newId(),
                storeId: store.id,
                itemId: id,
                item: details,
                input: p.input!,
                values: p.placed.values,
                position: order[i]!,
                code: p.input!.code ?? drawn.shift()!,
                now,
              }),
            ],
      );
      await insertProducts(trx, rows);
      await recordOpeningStock(
        trx,
        rows.map((row) => ({
          storeId: store.id,
          productId: row.id,
          delta: row.quantity,
          reason: 'ADJUSTMENT' as const,
          userId,
          note: 'Opening stock',
          at: now,
        })),
      );
      for (const row of rows)
        await recordAudit(trx, scope, { ...productEvent('PRODUCT_CREATE', row), at: ctx.clock.now() });
      return { item: await readItem(trx, scope, id), before: [current.image_id, ...variants.map((v) => v.image_id)] };
    });
    const released = before.filter((image) => image !== item.imageId);
    if (released.length > 0) await releaseImages(ctx, store.id, [...new Set(released)]);
    return item;
  } catch (error) {
    if (isUniqueViolation(error, 'handle')) throw handleTaken();
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}
