import type { DbOrTx } from '../../db/database.ts';
import type { StoreRow } from '../../db/types.ts';

/*
 * Who may act on which store is decided here only: a user may access the stores where they have a
 * `store_members` row, the owner's (role OWNER, written with the store) or a member's. Each query
 * also reads that row, from which `rights.ts` makes what the user may do there.
 */

/** The member row's columns every store lookup selects beside the store. */
const MEMBER_COLUMNS = [
  'store_members.role as member_role',
  'store_members.permissions as member_permissions',
  'store_members.max_discount as member_max_discount',
] as const;

export interface MemberColumns {
  member_role: string;
  member_permissions: string;
  member_max_discount: number;
}

export type StoreWithMember = StoreRow & MemberColumns;

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
    .leftJoin('stores', (join) => join.on('stores.url_name', '=', urlName))
    .leftJoin('store_members', (join) =>
      join.onRef('store_members.store_id', '=', 'stores.id').onRef('store_members.user_id', '=', 'sessions.user_id'),
    )
    .selectAll('stores')
    .select(MEMBER_COLUMNS)
    .select(['sessions.user_id as session_user_id', 'sessions.expires_at as session_expires_at']);
}

/** Stores joined to the member row of `userId`: a store without one is not the user's to see. */
function storesOf(db: DbOrTx, userId: string) {
  return db
    .selectFrom('stores')
    .innerJoin('store_members', (join) =>
      join.onRef('store_members.store_id', '=', 'stores.id').on('store_members.user_id', '=', userId),
    )
    .selectAll('stores')
    .select(MEMBER_COLUMNS);
}

export function findAccessibleStoreByUrlName(
  db: DbOrTx,
  userId: string,
  urlName: string,
): Promise<StoreWithMember | undefined> {
  return storesOf(db, userId).where('stores.url_name', '=', urlName.toLowerCase()).executeTakeFirst();
}

export function findAccessibleStoreById(db: DbOrTx, userId: string, id: string): Promise<StoreWithMember | undefined> {
  return storesOf(db, userId).where('stores.id', '=', id).executeTakeFirst();
}

/** The store the user works in when a call names none: their default store, if they may still access it. */
export function findDefaultStore(db: DbOrTx, userId: string): Promise<StoreWithMember | undefined> {
  return storesOf(db, userId)
    .innerJoin('users', (join) => join.onRef('users.default_store_id', '=', 'stores.id').on('users.id', '=', userId))
    .executeTakeFirst();
}

/** The user's stores: those they own and those they are a member of, oldest first. */
export function listAccessibleStores(db: DbOrTx, userId: string): Promise<StoreWithMember[]> {
  return storesOf(db, userId).orderBy('stores.created_at').orderBy('stores.url_name').execute();
}

/** One member row of a store, as `rightsOf` reads it: the acting member or approver on a till. */
export function findMemberRights(db: DbOrTx, storeId: string, userId: string): Promise<MemberColumns | undefined> {
  return db
    .selectFrom('store_members')
    .where('store_id', '=', storeId)
    .where('user_id', '=', userId)
    .select(['role as member_role', 'permissions as member_permissions', 'max_discount as member_max_discount'])
    .executeTakeFirst();
}

/**
 * A till (till_devices) of a store, with the store, for a till token (which names both): the
 * store's columns come along so a till request resolves its store in this one query, like a
 * session's, and the query names its store (a Citus router query).
 */
export function findTillWithStore(db: DbOrTx, storeId: string, tillId: string) {
  return db
    .selectFrom('till_devices')
    .innerJoin('stores', 'stores.id', 'till_devices.store_id')
    .where('till_devices.store_id', '=', storeId)
    .where('till_devices.id', '=', tillId)
    .selectAll('stores')
    .select([
      'till_devices.id as till_id',
      'till_devices.name as till_name',
      'till_devices.token_hash as till_token_hash',
      'till_devices.revoked_at as till_revoked_at',
      'till_devices.last_seen_at as till_last_seen_at',
    ])
    .executeTakeFirst();
}

/** The member row with its PIN hash: the member named by a till's member token, checked with the key the hash gives. */
export function findMemberWithPin(db: DbOrTx, storeId: string, userId: string) {
  return db
    .selectFrom('store_members')
    .where('store_id', '=', storeId)
    .where('user_id', '=', userId)
    .select([
      'role as member_role',
      'permissions as member_permissions',
      'max_discount as member_max_discount',
      'pin_hash',
      'previous_pin_hash',
    ])
    .executeTakeFirst();
}

/** Notes that a till was seen (its list shows when), at most once a minute per till. */
export async function touchTill(db: DbOrTx, storeId: string, tillId: string, now: string): Promise<void> {
  await db
    .updateTable('till_devices')
    .set({ last_seen_at: now })
    .where('store_id', '=', storeId)
    .where('id', '=', tillId)
    .execute();
}
