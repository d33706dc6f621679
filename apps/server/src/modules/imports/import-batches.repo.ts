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

/**
 * Stores a batch's result unless one is stored already, and returns the stored one: of two
 * identical batches finishing at once, both answer with the first result (`kept` false for the
 * second, so what follows the first keeping happens once).
 */
export async function keepImportBatch(
  db: DbOrTx,
  row: { storeId: string; importId: string; batch: number; result: ImportBatchResult; at: string },
): Promise<{ result: ImportBatchResult; kept: boolean }> {
  const inserted = await db
    .insertInto('import_batches')
    .values({
      store_id: row.storeId,
      import_id: row.importId,
      batch: row.batch,
      result: JSON.stringify(row.result),
      created_at: row.at,
    })
    .onConflict((oc) => oc.columns(['store_id', 'import_id', 'batch']).doNothing())
    .executeTakeFirst();
  const kept = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  return { result: (await findImportBatch(db, row.storeId, row.importId, row.batch)) ?? row.result, kept };
}
