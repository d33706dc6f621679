import { MAX_STORED_VALUE } from '@shopdesk/shared';
import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { StoredValueEntriesTable } from '../../db/types.ts';

/**
 * The owner's writes to one account (block, unblock, adjust): each a guarded UPDATE whose returned
 * balance is the entry's balance after, written by the caller in the same transaction.
 */

/** Sets the status from `from` to `to`; the balance at that moment, or null when it was not `from` any more. */
export async function setStatus(
  trx: DbOrTx,
  storeId: string,
  accountId: string,
  from: string,
  to: string,
  now: string,
): Promise<number | null> {
  const row = await trx
    .updateTable('stored_value_accounts')
    .set({ status: to, updated_at: now })
    .where('store_id', '=', storeId)
    .where('id', '=', accountId)
    .where('status', '=', from)
    .returning('balance')
    .executeTakeFirst();
  return row ? Number(row.balance) : null;
}

/** Adds `amount` (signed) unless the balance would go below zero or past MAX_STORED_VALUE; the balance after, or null. */
export async function addToBalance(
  trx: DbOrTx,
  storeId: string,
  accountId: string,
  amount: number,
  now: string,
): Promise<number | null> {
  const row = await trx
    .updateTable('stored_value_accounts')
    .set((eb) => ({ balance: eb('balance', '+', amount), updated_at: now }))
    .where('store_id', '=', storeId)
    .where('id', '=', accountId)
    .where((eb) => eb(eb('balance', '+', amount), '>=', 0))
    .where((eb) => eb(eb('balance', '+', amount), '<=', MAX_STORED_VALUE))
    .returning('balance')
    .executeTakeFirst();
  return row ? Number(row.balance) : null;
}

export async function insertEntry(trx: DbOrTx, row: Insertable<StoredValueEntriesTable>): Promise<void> {
  await trx.insertInto('stored_value_entries').values(row).execute();
}

/** An adjustment made with this clientId: its account and request fingerprint. */
export function entryByClientId(db: DbOrTx, storeId: string, clientId: string) {
  return db
    .selectFrom('stored_value_entries')
    .select(['account_id', 'request_hash'])
    .where('store_id', '=', storeId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}
