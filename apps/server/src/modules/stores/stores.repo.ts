import type { DbOrTx } from '../../db/database.ts';
import type { NewStore, StoreRow, StoresTable } from '../../db/types.ts';
import type { Updateable } from 'kysely';

/*
 * Access to a store is decided here only. Today a user may access the stores they own; when a
 * store_members table arrives, these three functions join it instead and no caller changes.
 */

export function findAccessibleStoreByUrlName(db: DbOrTx, userId: string, urlName: string): Promise<StoreRow | undefined> {
  return db
    .selectFrom('stores')
    .selectAll()
    .where('url_name', '=', urlName.toLowerCase())
    .where('owner_id', '=', userId)
    .executeTakeFirst();
}

export function findAccessibleStoreById(db: DbOrTx, userId: string, id: string): Promise<StoreRow | undefined> {
  return db.selectFrom('stores').selectAll().where('id', '=', id).where('owner_id', '=', userId).executeTakeFirst();
}

export function listAccessibleStores(db: DbOrTx, userId: string): Promise<StoreRow[]> {
  return db
    .selectFrom('stores')
    .selectAll()
    .where('owner_id', '=', userId)
    .orderBy('created_at')
    .orderBy('url_name')
    .execute();
}

/** Whether any store, anyone's, has this urlName (urlNames are global: they are web paths). */
export async function urlNameExists(db: DbOrTx, urlName: string): Promise<boolean> {
  const row = await db.selectFrom('stores').select('id').where('url_name', '=', urlName.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

export async function insertStore(db: DbOrTx, store: NewStore): Promise<void> {
  await db.insertInto('stores').values(store).execute();
}

export async function updateStore(db: DbOrTx, id: string, patch: Updateable<StoresTable>): Promise<void> {
  await db.updateTable('stores').set(patch).where('id', '=', id).execute();
}
