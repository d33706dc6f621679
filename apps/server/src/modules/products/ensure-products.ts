import type { ProductUnit } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { ProductRow } from '../../db/types.ts';
import type { AppContext } from '../../lib/context.ts';
import { newId } from '../../lib/ids.ts';
import type { Scope } from '../access/index.ts';
import { assertCanCreate } from '../plans/index.ts';
import { findProductsByCodes, insertProducts, standaloneProduct } from './products.repo.ts';
import { productFields } from './products.service.ts';

/** What another module knows of a product it needs: enough to create it when missing. */
export interface ProductDraft {
  code: string;
  name: string;
  brand: string;
  price: number;
  /** The unit to create it in (EACH when absent): its stock moves in thousandths of KG, L, M. */
  unit?: ProductUnit | undefined;
}

/**
 * The id of the store's product for each code, creating the missing ones from their drafts inside
 * the caller's transaction (cargo arrival). Created products start at quantity 0: the caller moves
 * their stock through the ledger, whose movements the counter's product changes feed reads (and
 * they are new, so it lists them as created too). The free product limit is checked for all of them
 * at once (402, nothing written, when they do not fit).
 */
export async function ensureProducts(
  trx: DbOrTx,
  ctx: AppContext,
  scope: Scope,
  drafts: ProductDraft[],
  at: string,
): Promise<Map<string, string>> {
  const { store } = scope;
  const ids = new Map<string, string>();
  const codes = [...new Set(drafts.map((d) => d.code))];
  // Bounded chunks: an `in` list stays under every engine's parameter limit.
  for (let i = 0; i < codes.length; i += 500) {
    for (const row of await findProductsByCodes(trx, store.id, codes.slice(i, i + 500))) ids.set(row.code, row.id);
  }
  const missing = new Map<string, ProductDraft>();
  for (const d of drafts) if (!ids.has(d.code) && !missing.has(d.code)) missing.set(d.code, d);
  if (missing.size === 0) return ids;
  await assertCanCreate(trx, ctx, store.owner_id, 'products', missing.size);
  const rows: ProductRow[] = [...missing.values()].map((d) =>
    standaloneProduct({
      id: newId(),
      store_id: store.id,
      ...productFields({
        code: d.code,
        name: d.name,
        brand: d.brand,
        description: '',
        category: '',
        price: d.price,
        cost: 0,
      }),
      reorder_level: null,
      tax_rate: null,
      unit: d.unit ?? 'EACH',
      quantity: 0,
      created_at: at,
      updated_at: at,
      quantity_changed_at: null,
    }),
  );
  await insertProducts(trx, rows);
  for (const row of rows) ids.set(row.code, row.id);
  return ids;
}
