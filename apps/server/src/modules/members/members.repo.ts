import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { StoreInvitationsTable } from '../../db/types.ts';

/** The store's people with their account's name and address: the owner first, then by joining date. */
export function listMembers(db: DbOrTx, storeId: string) {
  return memberQuery(db, storeId)
    .orderBy((eb) => eb.case().when('store_members.role', '=', 'OWNER').then(0).else(1).end())
    .orderBy('store_members.created_at')
    .orderBy('store_members.user_id')
    .execute();
}

export function findMember(db: DbOrTx, storeId: string, userId: string) {
  return memberQuery(db, storeId).where('store_members.user_id', '=', userId).executeTakeFirst();
}

function memberQuery(db: DbOrTx, storeId: string) {
  return db
    .selectFrom('store_members')
    .innerJoin('users', 'users.id', 'store_members.user_id')
    .select([
      'store_members.store_id',
      'store_members.user_id',
      'store_members.role',
      'store_members.permissions',
      'store_members.max_discount',
      'store_members.pin_hash',
      'store_members.created_at',
      'users.name',
      'users.email',
    ])
    .where('store_members.store_id', '=', storeId);
}

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

export async function insertMember(
  db: DbOrTx,
  row: { storeId: string; userId: string; role: string; permissions: string; maxDiscount: number; now: string },
): Promise<void> {
  await db
    .insertInto('store_members')
    .values({
      store_id: row.storeId,
      user_id: row.userId,
      role: row.role,
      permissions: row.permissions,
      max_discount: row.maxDiscount,
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

/** Never touches the owner's row. */
export async function updateMember(
  db: DbOrTx,
  storeId: string,
  userId: string,
  patch: { role: string; permissions: string; max_discount: number; updated_at: string },
): Promise<void> {
  await db
    .updateTable('store_members')
    .set(patch)
    .where('store_id', '=', storeId)
    .where('user_id', '=', userId)
    .where('role', '!=', 'OWNER')
    .execute();
}

/** Never deletes the owner's row; true when a member row was deleted. */
export async function deleteMember(db: DbOrTx, storeId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('store_members')
    .where('store_id', '=', storeId)
    .where('user_id', '=', userId)
    .where('role', '!=', 'OWNER')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether `email` (lowercased) already works in the store. */
export async function memberByEmail(db: DbOrTx, storeId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('store_members')
    .innerJoin('users', 'users.id', 'store_members.user_id')
    .select('store_members.user_id')
    .where('store_members.store_id', '=', storeId)
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertInvitation(db: DbOrTx, row: Insertable<StoreInvitationsTable>): Promise<void> {
  await db.insertInto('store_invitations').values(row).execute();
}

/** Open invitations of `email` in the store: a new invitation replaces them. */
export async function deleteOpenInvitationsOf(db: DbOrTx, storeId: string, email: string): Promise<void> {
  await db
    .deleteFrom('store_invitations')
    .where('store_id', '=', storeId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .execute();
}

/** Invitations not accepted yet, expired ones included (the screen shows them as expired), newest first. */
export function listOpenInvitations(db: DbOrTx, storeId: string) {
  return db
    .selectFrom('store_invitations')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('accepted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** An invitation not accepted yet (expired ones included), or undefined. */
export function findOpenInvitation(db: DbOrTx, storeId: string, id: string) {
  return db
    .selectFrom('store_invitations')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
}

/** Revokes an invitation not accepted yet; true when one was deleted. */
export async function deleteOpenInvitation(db: DbOrTx, storeId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('store_invitations')
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The invitation of a link. With `lock` on PostgreSQL the row is locked for the transaction, so two
 * acceptances of one link run one after the other and the second reads it accepted (SQLite runs one
 * write transaction at a time already).
 */
export function findInvitationByNonce(db: DbOrTx, storeId: string, hash: string, lock?: 'sqlite' | 'postgres') {
  const query = db
    .selectFrom('store_invitations')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('nonce_hash', '=', hash);
  return (lock === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Marks the invitation used; false when another request used it first (single use). */
export async function markAccepted(
  db: DbOrTx,
  storeId: string,
  id: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('store_invitations')
    .set({ accepted_at: now, accepted_by: userId })
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The store's name and the inviter's name, for the link's preview and the mail. */
export function invitationContext(db: DbOrTx, storeId: string, inviterId: string) {
  return db
    .selectFrom('stores')
    .innerJoin('users', (join) => join.on('users.id', '=', inviterId))
    .select(['stores.name as store_name', 'stores.owner_id', 'users.name as inviter_name', 'users.locale'])
    .where('stores.id', '=', storeId)
    .executeTakeFirst();
}
