import type { DbOrTx } from '../../db/database.ts';
import type { NewStore, StoreRow, StoresTable } from '../../db/types.ts';
import type { Updateable } from 'kysely';
import { liveSession } from '../auth/sessions.repo.ts';

/*
 * Access to a store is decided here only. Today a user may access the stores they own; when a
 * store_members table arrives, these three functions join it instead and no caller changes.
 */

/**
 * The live session's user and, in the same round trip, the store named `urlName` when that user may
 * access it (`store` is null otherwise). Every store-scoped call starts with exactly this pair.
 * `urlName` is already lowercased (`storeHeaderOf`), so the query can be compiled once.
 */
export function activeSessionWithStoreQuery(db: DbOrTx, sessionId: string, now: string, urlName: string) {
  return liveSession(db, sessionId, now)
    .leftJoin('stores', (join) =>
      join.on('stores.url_name', '=', urlName).onRef('stores.owner_id', '=', 'sessions.user_id'),
    )
    .selectAll('stores')
    .select(['sessions.user_id as session_user_id', 'sessions.expires_at as session_expires_at']);
}

export function findAccessibleStoreByUrlName(
  db: DbOrTx,
  userId: string,
  urlName: string,
): Promise<StoreRow | undefined> {
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
