import type { DbOrTx } from '../../db/database.ts';
import type { NewStore, StoresTable } from '../../db/types.ts';
import type { Updateable } from 'kysely';

/** Whether any store, anyone's, has this urlName (urlNames are global: they are web paths). */
export async function urlNameExists(db: DbOrTx, urlName: string): Promise<boolean> {
  const row = await db
    .selectFrom('stores')
    .select('id')
    .where('url_name', '=', urlName.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** The store and its owner's member row (access to a store goes through `store_members`). Run it in a transaction. */
export async function insertStore(db: DbOrTx, store: NewStore): Promise<void> {
  await db.insertInto('stores').values(store).execute();
  await db
    .insertInto('store_members')
    .values({
      store_id: store.id,
      user_id: store.owner_id,
      role: 'OWNER',
      max_discount: 10000,
      created_at: store.created_at,
      updated_at: store.created_at,
    })
    .execute();
}

export async function updateStore(db: DbOrTx, id: string, patch: Updateable<StoresTable>): Promise<void> {
  await db.updateTable('stores').set(patch).where('id', '=', id).execute();
}

/**
 * Tables whose rows are priced in the store's main currency; cargos join when they land. Shifts
 * count too: a shift's float and its Z report are in the main currency, even a shift of a store
 * that never sold.
 */
const PRICED_TABLES = ['products', 'shop_transactions', 'shifts'] as const;

/**
 * Whether the store already holds data priced in its main currency: "mainCurrency may change only
 * while the store has no products, cargos or transactions" (product.md §3), nor shifts.
 */
export async function storeHasPricedRecords(db: DbOrTx, storeId: string): Promise<boolean> {
  for (const table of PRICED_TABLES) {
    const row = await db
      .selectFrom(table)
      .select('store_id')
      .where('store_id', '=', storeId)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}
