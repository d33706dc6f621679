import type { ImportBatchResult } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';

export async function findImportBatch(
  db: DbOrTx,
  storeId: string,
  importId: string,
  batch: number,
): Promise<ImportBatchResult | undefined> {
  const row = await db
    .selectFrom('import_batches')
    .select('result')
    .where('store_id', '=', storeId)
    .where('import_id', '=', importId)
    .where('batch', '=', batch)
    .executeTakeFirst();
  return row ? (JSON.parse(row.result) as ImportBatchResult) : undefined;
}

export async function insertImportBatch(
  db: DbOrTx,
  row: { storeId: string; importId: string; batch: number; result: ImportBatchResult; at: string },
): Promise<void> {
  await db
    .insertInto('import_batches')
    .values({
      store_id: row.storeId,
      import_id: row.importId,
      batch: row.batch,
      result: JSON.stringify(row.result),
      created_at: row.at,
    })
    .execute();
}
