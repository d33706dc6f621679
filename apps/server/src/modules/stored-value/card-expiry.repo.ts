import type { DbOrTx } from '../../db/database.ts';

/**
 * Stores with a card past its last date still holding money, whose expiry has not run for
 * `latestDay` (the latest business date anywhere now), after `afterId`, a few at a time. Stores
 * without such a card are never read: the (store_id, expires_at) index answers the EXISTS.
 */
export function storesWithExpiredCards(db: DbOrTx, latestDay: string, afterId: string, limit: number) {
  return db
    .selectFrom('stores as s')
    .select(['s.id', 's.timezone', 's.sv_expired_through'])
    .where((eb) => eb.or([eb('s.sv_expired_through', 'is', null), eb('s.sv_expired_through', '<', latestDay)]))
    .where('s.id', '>', afterId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('stored_value_accounts as a')
          .select('a.id')
          .whereRef('a.store_id', '=', 's.id')
          .where('a.expires_at', '<', latestDay)
          .where('a.balance', '>', 0),
      ),
    )
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

/** Accounts of a store past their last date (before `today`) still holding money. */
export function expiredAccounts(db: DbOrTx, storeId: string, today: string, limit: number) {
  return db
    .selectFrom('stored_value_accounts')
    .select(['id', 'balance', 'expires_at', 'updated_at'])
    .where('store_id', '=', storeId)
    .where('expires_at', '<', today)
    .where('balance', '>', 0)
    .orderBy('expires_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Sets a balance to 0 if it still is `balance` (a refund or an adjustment meanwhile wins). */
export async function zeroBalance(
  db: DbOrTx,
  storeId: string,
  accountId: string,
  balance: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('stored_value_accounts')
    .set({ balance: 0, updated_at: now })
    .where('store_id', '=', storeId)
    .where('id', '=', accountId)
    .where('balance', '=', balance)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markExpiredThrough(db: DbOrTx, storeId: string, day: string): Promise<void> {
  await db.updateTable('stores').set({ sv_expired_through: day }).where('id', '=', storeId).execute();
}
