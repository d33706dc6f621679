import type { Updateable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { StoresTable } from '../../db/types.ts';

/**
 * Reads of gift cards and store credit for the management routes (product.md §5): one account with
 * its customer, its entries, a customer's credit. The ledger's writers are in
 * sale-stored-value.repo.ts (sales, refunds) and card-admin.repo.ts (blocks, adjustments).
 */

/** The most entries one account's page lists (newest first). */
export const MAX_ENTRIES = 200;

/** An account as the screens show it, with its customer's code and name (`a` the account, `c` the customer). */
export const ACCOUNT_COLUMNS = [
  'a.id',
  'a.kind',
  'a.code',
  'a.customer_id',
  'a.currency',
  'a.balance',
  'a.issued',
  'a.expires_at',
  'a.status',
  'a.created_at',
  'a.updated_at',
  'a.last_used_at',
  'c.code as customer_code',
  'c.name as customer_name',
] as const;

function accountsWithCustomer(db: DbOrTx, storeId: string) {
  return db
    .selectFrom('stored_value_accounts as a')
    .leftJoin('customers as c', (j) => j.onRef('c.store_id', '=', 'a.store_id').onRef('c.id', '=', 'a.customer_id'))
    .select(ACCOUNT_COLUMNS)
    .where('a.store_id', '=', storeId);
}

export type AccountRow = NonNullable<Awaited<ReturnType<typeof accountByCode>>>;

export function accountByCode(db: DbOrTx, storeId: string, code: string) {
  return accountsWithCustomer(db, storeId).where('a.code', '=', code).executeTakeFirst();
}

export function accountById(db: DbOrTx, storeId: string, id: string) {
  return accountsWithCustomer(db, storeId).where('a.id', '=', id).executeTakeFirst();
}

/** A customer's store credit account (at most one per customer). */
export function creditOfCustomer(db: DbOrTx, storeId: string, customerId: string) {
  return accountsWithCustomer(db, storeId)
    .where('a.customer_id', '=', customerId)
    .where('a.kind', '=', 'STORE_CREDIT')
    .executeTakeFirst();
}

/** Whether the store has this live (not anonymised) customer. */
export async function customerExists(db: DbOrTx, storeId: string, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('store_id', '=', storeId)
    .where('id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** An account's entries, newest first, with the sale's code and the acting person's name (index: store, account, at). */
export function entriesOf(db: DbOrTx, storeId: string, accountId: string, limit = MAX_ENTRIES) {
  return db
    .selectFrom('stored_value_entries as e')
    .leftJoin('shop_transactions as s', (j) => j.onRef('s.store_id', '=', 'e.store_id').onRef('s.id', '=', 'e.sale_id'))
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select([
      'e.id',
      'e.kind',
      'e.amount',
      'e.balance_after',
      'e.refund_id',
      'e.note',
      'e.at',
      's.code as sale_code',
      'u.name as user_name',
    ])
    .where('e.store_id', '=', storeId)
    .where('e.account_id', '=', accountId)
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}

export type EntryRow = Awaited<ReturnType<typeof entriesOf>>[number];

export async function updateSettings(
  db: DbOrTx,
  storeId: string,
  patch: Pick<Updateable<StoresTable>, 'sv_expire_six_months' | 'sv_usable_at' | 'sv_contact'>,
): Promise<void> {
  await db.updateTable('stores').set(patch).where('id', '=', storeId).execute();
}
