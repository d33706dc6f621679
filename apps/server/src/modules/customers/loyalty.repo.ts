import { sql, type Insertable, type Updateable } from 'kysely';
import { MAX_POINTS } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { LoyaltyEntriesTable, StoresTable } from '../../db/types.ts';

export async function insertEntry(db: DbOrTx, row: Insertable<LoyaltyEntriesTable>): Promise<void> {
  await db.insertInto('loyalty_entries').values(row).execute();
}

/**
 * Adds `points` (signed) to a live customer's balance unless that takes it below 0 or past
 * MAX_POINTS: one guarded statement, never a read then a write. False when refused or not found.
 */
export async function addPoints(db: DbOrTx, storeId: string, customerId: string, points: number): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set((eb) => ({ points_balance: eb('points_balance', '+', points) }))
    .where('store_id', '=', storeId)
    .where('id', '=', customerId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb(eb('points_balance', '+', points), '>=', 0))
    .where((eb) => eb(eb('points_balance', '+', points), '<=', MAX_POINTS))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets a balance to 0 if it still is `balance` (the expiry's guarded write). */
export async function zeroBalance(db: DbOrTx, storeId: string, customerId: string, balance: number): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({ points_balance: 0 })
    .where('store_id', '=', storeId)
    .where('id', '=', customerId)
    .where('points_balance', '=', balance)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface HistoryRef {
  type: 'SALE' | 'POINTS';
  at: string;
  id: string;
}

const SALE_STATUSES = ['COMPLETED', 'REFUNDED', 'PARTIALLY_REFUNDED'];

/** One page of a customer's sales and points entries together, newest first. */
export async function historyPage(
  db: DbOrTx,
  storeId: string,
  customerId: string,
  offset: number,
  limit: number,
): Promise<HistoryRef[]> {
  const sales = db
    .selectFrom('shop_transactions')
    .select([sql<string>`'SALE'`.as('type'), 'sold_at as at', 'id'])
    .where('store_id', '=', storeId)
    .where('customer_id', '=', customerId)
    .where('status', 'in', SALE_STATUSES);
  const entries = db
    .selectFrom('loyalty_entries')
    .select([sql<string>`'POINTS'`.as('type'), 'at', 'id'])
    .where('store_id', '=', storeId)
    .where('customer_id', '=', customerId);
  const rows = await db
    .selectFrom(sales.unionAll(entries).as('h'))
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('type')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows as HistoryRef[];
}

export async function historyCount(db: DbOrTx, storeId: string, customerId: string): Promise<number> {
  const [sales, entries] = await Promise.all([
    db
      .selectFrom('shop_transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .where('customer_id', '=', customerId)
      .where('status', 'in', SALE_STATUSES)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('loyalty_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', storeId)
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(sales.n) + Number(entries.n);
}

export function salesByIds(db: DbOrTx, storeId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('shop_transactions')
    .select(['id', 'code', 'status', 'total', 'refunded_amount', 'item_count', 'first_items', 'sold_at'])
    .where('store_id', '=', storeId)
    .where('id', 'in', ids)
    .execute();
}

/** Entries with their sale's code and the acting person's name. */
export function entriesByIds(db: DbOrTx, storeId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('loyalty_entries as e')
    .leftJoin('shop_transactions as s', (join) =>
      join.onRef('s.store_id', '=', 'e.store_id').onRef('s.id', '=', 'e.sale_id'),
    )
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.kind', 'e.points', 'e.note', 'e.user_id', 'e.at', 's.code as sale_code', 'u.name as user_name'])
    .where('e.store_id', '=', storeId)
    .where('e.id', 'in', ids)
    .execute();
}

export async function updateLoyalty(
  db: DbOrTx,
  storeId: string,
  patch: Pick<
    Updateable<StoresTable>,
    'loyalty_enabled' | 'loyalty_earn_rate' | 'loyalty_point_value' | 'loyalty_min_redeem' | 'loyalty_expiry_months'
  >,
): Promise<void> {
  await db.updateTable('stores').set(patch).where('id', '=', storeId).execute();
}

/** Stores whose points expire and whose expiry has not run for `day` yet, after `afterId` (a few at a time). */
export function storesDueForExpiry(db: DbOrTx, day: string, afterId: string, limit: number) {
  return db
    .selectFrom('stores')
    .select(['id', 'loyalty_expiry_months'])
    .where('loyalty_enabled', '=', 1)
    .where('loyalty_expiry_months', 'is not', null)
    .where((eb) => eb.or([eb('loyalty_expired_through', 'is', null), eb('loyalty_expired_through', '<', day)]))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Customers holding points whose last visit (or creation, never seen) is before `cutoff`. */
export function expiringCustomers(db: DbOrTx, storeId: string, cutoff: string, limit: number) {
  return db
    .selectFrom('customers')
    .select(['id', 'points_balance'])
    .where('store_id', '=', storeId)
    .where('deleted_at', 'is', null)
    .where('points_balance', '>', 0)
    .where((eb) => eb(eb.fn.coalesce('last_visit_at', 'created_at'), '<', cutoff))
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markExpiredThrough(db: DbOrTx, storeId: string, day: string): Promise<void> {
  await db.updateTable('stores').set({ loyalty_expired_through: day }).where('id', '=', storeId).execute();
}
