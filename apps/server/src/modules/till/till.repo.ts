import type { DbOrTx } from '../../db/database.ts';

/** The store's members with their names and PIN hashes: the till's roster (few rows per store). */
export function listMembers(db: DbOrTx, storeId: string) {
  return db
    .selectFrom('store_members')
    .innerJoin('users', 'users.id', 'store_members.user_id')
    .where('store_members.store_id', '=', storeId)
    .select([
      'store_members.user_id',
      'users.name',
      'store_members.role as member_role',
      'store_members.permissions as member_permissions',
      'store_members.max_discount as member_max_discount',
      'store_members.pin_hash',
      'store_members.created_at',
    ])
    .orderBy('store_members.created_at')
    .orderBy('store_members.user_id')
    .execute();
}

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

export async function setPinHash(db: DbOrTx, storeId: string, userId: string, hash: string, at: string) {
  const result = await db
    .updateTable('store_members')
    .set({ pin_hash: hash, previous_pin_hash: null, updated_at: at })
    .where('store_id', '=', storeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces a member's PIN hash only while it is still `verified` (the upgrade of a former hash). */
export async function replacePinHash(
  db: DbOrTx,
  storeId: string,
  userId: string,
  verified: string,
  hash: string,
  at: string,
) {
  await db
    .updateTable('store_members')
    .set({ pin_hash: hash, previous_pin_hash: verified, updated_at: at })
    .where('store_id', '=', storeId)
    .where('user_id', '=', userId)
    .where('pin_hash', '=', verified)
    .execute();
}

export async function updateTillSettings(
  db: DbOrTx,
  storeId: string,
  settings: { lock_after_sale: number; idle_lock_minutes: number },
) {
  await db.updateTable('stores').set(settings).where('id', '=', storeId).execute();
}
