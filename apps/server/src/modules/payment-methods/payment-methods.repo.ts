import type { DbOrTx } from '../../db/database.ts';
import type { PaymentMethodsTable } from '../../db/types.ts';

/** Every method row of the store, those taken off its list too, in list order. */
export function findAll(db: DbOrTx, storeId: string): Promise<PaymentMethodsTable[]> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('store_id', '=', storeId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Inserts or replaces each row (a PUT's list, and the rows it takes off the list). */
export async function upsertAll(db: DbOrTx, rows: PaymentMethodsTable[]): Promise<void> {
  for (const row of rows) {
    const { store_id: _storeId, id: _id, ...rest } = row;
    await db
      .insertInto('payment_methods')
      .values(row)
      .onConflict((oc) => oc.columns(['store_id', 'id']).doUpdateSet(rest))
      .execute();
  }
}
