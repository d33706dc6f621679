import type { DbOrTx } from '../../db/database.ts';
import type { TillDevicesTable } from '../../db/types.ts';

/** The store's tills, newest first, with the name of who made each (few rows per store). */
export function listTills(db: DbOrTx, storeId: string) {
  return db
    .selectFrom('till_devices as d')
    .leftJoin('users as u', 'u.id', 'd.created_by')
    .where('d.store_id', '=', storeId)
    .select([
      'd.id',
      'd.name',
      'd.created_by',
      'd.created_at',
      'd.last_seen_at',
      'd.revoked_at',
      'u.name as creator_name',
      'u.email as creator_email',
    ])
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id')
    .execute();
}

export type TillRow = Awaited<ReturnType<typeof listTills>>[number];

export async function insertTill(db: DbOrTx, row: TillDevicesTable): Promise<void> {
  await db.insertInto('till_devices').values(row).execute();
}

/** Revokes a till of the store; false when there is no such till (a revoked one stays revoked, at its first time). */
export async function revokeTill(db: DbOrTx, storeId: string, id: string, by: string, at: string): Promise<boolean> {
  const found = await db
    .selectFrom('till_devices')
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .select('id')
    .executeTakeFirst();
  if (!found) return false;
  await db
    .updateTable('till_devices')
    .set({ revoked_at: at, revoked_by: by })
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}

/** Tills a store may have at once (revoked ones not counted): bounds what one store can make. */
export function countActiveTills(db: DbOrTx, storeId: string) {
  return db
    .selectFrom('till_devices')
    .where('store_id', '=', storeId)
    .where('revoked_at', 'is', null)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
}
