import { variantName, type ItemOption } from '@shopdesk/shared';
import { nameSortKey } from '../core/text-keys.ts';
import { newId } from '../lib/ids.ts';
import { recordOpeningStock } from '../modules/stock/index.ts';
import type { TestApp } from './harness.ts';
import { ean13 } from './products.ts';

/*
 * An item with options and its variants written straight to the database, as the items service
 * writes them (product.md §4): tests of the import, export and reports need items without waiting
 * for the item API. Opening stock goes through the ledger, so its invariant holds.
 */

export interface VariantSeed {
  values: string[];
  code?: string;
  price?: number;
  cost?: number;
  quantity?: number;
  reorderLevel?: number | null;
  retired?: boolean;
}

export interface SeededItem {
  id: string;
  variants: Array<{ id: string; code: string; values: string[] }>;
}

export async function storeIdOf(t: TestApp, urlName: string): Promise<string> {
  const row = await t.db.selectFrom('stores').select('id').where('url_name', '=', urlName).executeTakeFirstOrThrow();
  return row.id;
}

export async function insertItem(
  t: TestApp,
  storeId: string,
  item: { name: string; handle?: string | null; brand?: string; category?: string; options: ItemOption[] },
  variants: VariantSeed[],
): Promise<SeededItem> {
  const at = new Date().toISOString();
  const id = newId();
  const brand = item.brand ?? '';
  const category = item.category ?? '';
  const made = variants.map((v) => ({ ...v, id: newId(), code: v.code ?? ean13() }));
  await t.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('items')
      .values({
        store_id: storeId,
        id,
        handle: item.handle ?? null,
        name: item.name,
        name_key: nameSortKey(item.name),
        brand,
        description: '',
        category,
        image_id: null,
        options: JSON.stringify(item.options),
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (const [position, v] of made.entries()) {
      const name = variantName(item.name, v.values);
      await trx
        .insertInto('products')
        .values({
          id: v.id,
          store_id: storeId,
          code: v.code,
          name,
          name_key: nameSortKey(name),
          brand,
          description: '',
          category,
          price: v.price ?? 1000,
          cost: v.cost ?? 400,
          quantity: v.quantity ?? 0,
          image_id: null,
          reorder_level: v.reorderLevel ?? null,
          tax_rate: null,
          unit: 'EACH',
          search: `${v.code}\n${name}\n${brand}`.toLowerCase(),
          created_at: at,
          updated_at: at,
          quantity_changed_at: null,
          item_id: id,
          option_values: JSON.stringify(v.values),
          variant_position: position,
          retired_at: v.retired ? at : null,
        })
        .execute();
    }
    await recordOpeningStock(
      trx,
      made.map((v) => ({
        storeId,
        productId: v.id,
        delta: v.quantity ?? 0,
        reason: 'ADJUSTMENT' as const,
        refCode: null,
        userId: null,
        note: 'Opening stock (test)',
        at,
      })),
    );
  });
  return { id, variants: made.map((v) => ({ id: v.id, code: v.code, values: v.values })) };
}
