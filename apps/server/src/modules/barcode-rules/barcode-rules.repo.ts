import type { DbOrTx } from '../../db/database.ts';
import type { StoreBarcodeRulesTable } from '../../db/types.ts';

/** A store's barcode rules, by position (the order a scan tries them in). */
export function listBarcodeRules(db: DbOrTx, storeId: string): Promise<StoreBarcodeRulesTable[]> {
  return db
    .selectFrom('store_barcode_rules')
    .selectAll()
    .where('store_id', '=', storeId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Replaces the store's rules with `rows`. Run it in a transaction. */
export async function replaceBarcodeRules(db: DbOrTx, storeId: string, rows: StoreBarcodeRulesTable[]): Promise<void> {
  await db.deleteFrom('store_barcode_rules').where('store_id', '=', storeId).execute();
  if (rows.length > 0) await db.insertInto('store_barcode_rules').values(rows).execute();
}
