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

export async function insertStore(db: DbOrTx, store: NewStore): Promise<void> {
  await db.insertInto('stores').values(store).execute();
}

export async function updateStore(db: DbOrTx, id: string, patch: Updateable<StoresTable>): Promise<void> {
  await db.updateTable('stores').set(patch).where('id', '=', id).execute();
}
