import type { DbOrTx } from '../../db/database.ts';
import type { ReceiptTemplatesTable } from '../../db/types.ts';

export function findTemplate(db: DbOrTx, storeId: string): Promise<ReceiptTemplatesTable | undefined> {
  return db.selectFrom('receipt_templates').selectAll().where('store_id', '=', storeId).executeTakeFirst();
}

/** Inserts or replaces the store's template (a PUT replaces it whole). */
export async function upsertTemplate(db: DbOrTx, row: ReceiptTemplatesTable): Promise<void> {
  const { store_id: _storeId, ...rest } = row;
  await db
    .insertInto('receipt_templates')
    .values(row)
    .onConflict((oc) => oc.column('store_id').doUpdateSet(rest))
    .execute();
}

/** The store and sale a public receipt code belongs to (the one global lookup, by the code's key). */
export function findReceiptCode(db: DbOrTx, code: string) {
  return db
    .selectFrom('receipt_codes')
    .select(['store_id', 'transaction_id'])
    .where('code', '=', code)
    .executeTakeFirst();
}

/**
 * The store of a receipt: the whole row, because a sale that sold gift cards prints the store's
 * stored-value settings (storedValueSettingsOf reads them from the row); toPublicReceipt copies
 * only what a receipt may show.
 */
export function findStoreDetails(db: DbOrTx, storeId: string) {
  return db.selectFrom('stores').selectAll().where('id', '=', storeId).executeTakeFirst();
}

/** The gift cards a sale sold: each card's code and last usable date. */
export function findSoldCards(db: DbOrTx, storeId: string, saleId: string) {
  return db
    .selectFrom('stored_value_accounts')
    .select(['code', 'expires_at', 'last_used_at'])
    .where('store_id', '=', storeId)
    .where('sale_id', '=', saleId)
    .where('kind', '=', 'GIFT_CARD')
    .execute();
}

/** The stored image's type and date, when the store has an image under `id`. */
export function findImage(db: DbOrTx, storeId: string, id: string) {
  return db
    .selectFrom('files')
    .select(['mime', 'size', 'updated_at'])
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .executeTakeFirst();
}
