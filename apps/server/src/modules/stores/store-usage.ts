import type { DbOrTx } from '../../db/database.ts';

/** A check answering whether a store already holds data priced in its main currency. */
type UsageCheck = (db: DbOrTx, storeId: string) => Promise<boolean>;

/**
 * The checks behind "mainCurrency may change only while the store has no products, cargos or
 * transactions" (product.md §3). Each feature that stores money adds its table here, e.g.
 * `(db, id) => exists(db, 'cargos', id)`.
 */
const USAGE_CHECKS: UsageCheck[] = [(db, storeId) => exists(db, 'products', storeId)];

async function exists(db: DbOrTx, table: 'products', storeId: string): Promise<boolean> {
  const row = await db.selectFrom(table).select('store_id').where('store_id', '=', storeId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function storeHasRecords(db: DbOrTx, storeId: string): Promise<boolean> {
  for (const check of USAGE_CHECKS) {
    if (await check(db, storeId)) return true;
  }
  return false;
}
