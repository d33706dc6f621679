import {
  seesCost,
  variantName,
  type CreateItemBodySchema,
  type Item,
  type ItemSearchQuery,
  type ItemSummary,
  type ItemWindow,
  type ProductUnit,
} from '@shopdesk/shared';
import type { z } from 'zod';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import type { ItemRow } from '../../db/types.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
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
  toItem,
} from './item-rows.ts';
import { assertDistinct, placeVariant, positions } from './item-variants.ts';
import * as repo from './items.repo.ts';
import { insertProducts } from './products.repo.ts';
import { assertProductImage, codeTaken, productEvent, releaseImages, removeProduct } from './products.service.ts';

type CreateItem = z.output<typeof CreateItemBodySchema>;

/** The item and its variants as they are in `db` (a transaction's view, or the database's). */
export async function readItem(db: DbOrTx, scope: Scope, id: string): Promise<Item> {
  const row = await repo.findItem(db, scope.store.id, id);
  if (!row) throw itemNotFound();
  return toItem(row, await repo.variantsOf(db, scope.store.id, id), seesCost(scope.rights));
}

export function getItem(ctx: AppContext, scope: Scope, id: string): Promise<Item> {
  return readItem(ctx.db, scope, id);
}

/**
 * Creates an item and its variants in one transaction with the free-plan check (each variant is a
 * product), the image check and the barcode checks, so a refused create writes nothing. An item
 * without options is made as a product is: its one product's id is the item's, and the insert
 * trigger (migration 202612060100) writes the item.
 */
export async function createItem(ctx: AppContext, scope: Scope, body: CreateItem): Promise<Item> {
  const { store, userId } = scope;
  const now = iso(ctx.clock.now());
  const { options } = body;
  const labels = body.variants.map((v) => variantName(body.name, v.optionValues));
  const fields = body.variants.map((_, i) => `variants.${i}.optionValues`);
  const placed = body.variants.map((v, i) => placeVariant(options, v.optionValues, fields[i]!, labels[i]!, false));
  assertDistinct(placed, fields, labels);
  const order = positions(placed);
  const details = {
    name: body.name,
    brand: body.brand,
    description: body.description,
    category: body.category,
    imageId: body.imageId ?? null,
  };
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await assertCanCreate(trx, ctx, store.owner_id, 'products', body.variants.length);
      await assertProductImage(trx, store.id, body.imageId, null);
      if (body.handle && (await repo.handleOwner(trx, store.id, body.handle))) throw handleTaken();
      const given = body.variants.flatMap((v, i) =>
        v.code ? [{ code: v.code, field: `variants.${i}.code`, label: labels[i]! }] : [],
      );
      await assertCodesFree(trx, store.id, given);
      const drawn = await drawCodes(
        trx,
        store.id,
        body.variants.length - given.length,
        new Set(given.map((g) => g.code)),
      );
      const own = options.length === 0;
      const itemId = newId();
      const handle = body.handle ?? (own ? null : await generatedHandle(trx, store.id, body.name));
      if (!own) {
        await repo.insertItem(trx, {
          store_id: store.id,
          id: itemId,
          handle,
          name: body.name,
          name_key: itemNameKey(body.name),
          brand: body.brand,
          description: body.description,
          category: body.category,
          image_id: body.imageId ?? null,
          options: JSON.stringify(options),
          created_at: now,
          updated_at: now,
        });
      }
      const rows = body.variants.map((input, i) =>
        newVariantRow({
          id: own ? itemId : newId(),
          storeId: store.id,
          itemId,
          item: details,
          input,
          values: placed[i]!.values,
          position: order[i]!,
          code: input.code ?? drawn.shift()!,
          now,
        }),
      );
      await insertProducts(trx, rows);
      if (own && handle !== null) await repo.updateItem(trx, store.id, itemId, { handle });
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
      for (const row of rows) {
        await recordAudit(trx, scope, { ...productEvent('PRODUCT_CREATE', row), at: ctx.clock.now() });
      }
      return readItem(trx, scope, itemId);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'handle')) throw handleTaken();
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/**
 * Deletes every variant as a product's delete does (ledger, sale lines forgotten, tombstones,
 * audit), in one transaction; the delete trigger removes the item with its last variant.
 */
export async function deleteItem(ctx: AppContext, scope: Scope, id: string): Promise<void> {
  const { store } = scope;
  const images = await ctx.db.transaction().execute(async (trx) => {
    const item = await repo.findItem(trx, store.id, id, true);
    if (!item) throw itemNotFound();
    const variants = await repo.variantsOf(trx, store.id, id);
    for (const variant of variants) await removeProduct(trx, ctx, scope, variant);
    // An item left without variants by an earlier failure would outlive the trigger: removed here.
    await repo.deleteItem(trx, store.id, id);
    return [item.image_id, ...variants.map((v) => v.image_id)];
  });
  await releaseImages(ctx, store.id, [...new Set(images)]);
}

/** The one unit an item's variants share (those not retired, else all), or null when they differ. */
function commonUnit(t: repo.VariantTotals | undefined): ProductUnit | null {
  if (!t) return 'EACH';
  const [min, max] = t.active > 0 ? [t.unit_min, t.unit_max] : [t.any_unit_min, t.any_unit_max];
  return min !== null && min === max ? (min as ProductUnit) : null;
}

function summaryOf(item: ItemRow, totals: repo.VariantTotals | undefined): ItemSummary {
  const t = totals;
  const active = t?.active ?? 0;
  return {
    id: item.id,
    name: item.name,
    brand: item.brand,
    category: item.category,
    imageId: item.image_id,
    options: parseOptions(item.options),
    variantCount: active,
    code: active === 1 ? (t?.active_code ?? null) : active === 0 && t?.variants === 1 ? t.any_code : null,
    quantity: t?.quantity ?? 0,
    unit: commonUnit(t),
    priceMin: t?.price_min ?? t?.any_price_min ?? 0,
    priceMax: t?.price_max ?? t?.any_price_max ?? 0,
    lowStockCount: t?.low_stock ?? 0,
    updatedAt: item.updated_at,
  };
}

/**
 * The folded list (product.md §5 "Variants"): a window of items by items_store_name_idx, then only
 * that window's variants summed by products_store_item_idx, so a page reads ~size items and their
 * variants whatever the catalogue's size.
 */
export async function itemWindow(
  ctx: AppContext,
  scope: Scope,
  page: number,
  size: number,
  filter: ItemSearchQuery,
): Promise<ItemWindow> {
  const { store } = scope;
  const offset = page * size;
  let rows: ItemRow[];
  let total: number;
  const q = filter.q?.trim() ?? '';
  const sort = filter.sort;
  if (q && !filter.category && repo.isWalkedSort(sort)) {
    // A search by name walks the matching products in order and stops when the window is full (items.repo.ts).
    const walk = await repo.walkItemSearch(ctx.db, store.id, q, sort ?? 'name', offset, size);
    rows = await repo.itemsByIds(ctx.db, store.id, walk.ids);
    total = walk.all ? walk.seen : await repo.countSearchedItems(ctx.db, store.id, q);
  } else {
    rows = await repo.searchItems(ctx.db, store.id, filter, offset, size);
    total =
      rows.length < size && (rows.length > 0 || offset === 0)
        ? offset + rows.length
        : await repo.countItems(ctx.db, store.id, filter);
  }
  const totals = new Map(
    (
      await repo.variantTotals(
        ctx.db,
        store.id,
        rows.map((r) => r.id),
      )
    ).map((t) => [t.item_id, t]),
  );
  return { items: rows.map((row) => summaryOf(row, totals.get(row.id))), page, size, total };
}
