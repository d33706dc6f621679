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
