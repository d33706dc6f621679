import type { DbOrTx } from '../../db/database.ts';
import type { FileRow } from '../../db/types.ts';

export function findFile(db: DbOrTx, storeId: string, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
}

/** Inserts or replaces the file's metadata (PUT replaces the image under the same id). */
export async function upsertFile(db: DbOrTx, row: FileRow): Promise<void> {
  await db
    .insertInto('files')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['store_id', 'id']).doUpdateSet({
        owner_id: row.owner_id,
        kind: row.kind,
        mime: row.mime,
        size: row.size,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Bytes of the store's files, leaving out `exceptId` (the file an upload is about to replace). */
export async function storeBytes(db: DbOrTx, storeId: string, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
    .where('store_id', '=', storeId)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** Deletes the metadata of those of `ids` the store has; returns the ids it deleted. */
export async function deleteFileRows(db: DbOrTx, storeId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('files')
    .where('store_id', '=', storeId)
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
