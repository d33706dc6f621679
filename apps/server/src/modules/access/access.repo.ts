import type { DbOrTx } from '../../db/database.ts';
import type { StoreRow } from '../../db/types.ts';

/*
 * Who may act on which store is decided here only. Today a user may access the stores they own;
 * when a store_members table arrives, these functions join it instead and no caller changes.
 */

/**
 * The session if it is neither revoked nor expired at `now` (ISO text compares chronologically),
 * with nothing selected yet, so other queries can join to it.
 */
function liveSession(db: DbOrTx, id: string, now: string) {
  return db
    .selectFrom('sessions')
    .where('sessions.id', '=', id)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now);
}

export function activeSessionQuery(db: DbOrTx, id: string, now: string) {
  return liveSession(db, id, now).selectAll();
}

/**
 * The live session's user and, in the same round trip, the store named `urlName` when that user may
 * access it (`store` columns are null otherwise). Every store-scoped call starts with exactly this
 * pair. `urlName` is already lowercased (`storeHeaderOf`), so the query can be compiled once.
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

/** The store the user works in when a call names none: their default store, if they may still access it. */
export function findDefaultStore(db: DbOrTx, userId: string): Promise<StoreRow | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('stores', (join) =>
      join.onRef('stores.id', '=', 'users.default_store_id').onRef('stores.owner_id', '=', 'users.id'),
    )
    .selectAll('stores')
    .where('users.id', '=', userId)
    .executeTakeFirst();
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
