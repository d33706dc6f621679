import type { DbOrTx } from '../../db/database.ts';

/** A plain read, no lock: see plans.service.ts for why premium needs none. 0 when the user does not exist. */
export async function premiumOf(db: DbOrTx, userId: string): Promise<number> {
  const row = await db.selectFrom('users').select('premium').where('id', '=', userId).executeTakeFirst();
  return Number(row?.premium ?? 0);
}

/** Products across every store the user owns (the free tier counts per user, product.md §5). */
export async function countProductsOfOwner(db: DbOrTx, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .innerJoin('stores', 'stores.id', 'products.store_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('stores.owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Customers of one store, anonymised ones not counted (the customer limit is per store). */
export async function countCustomersOfStore(db: DbOrTx, storeId: string): Promise<number> {
  const row = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Cargos across every store the user owns, except TRANSFERRED ones (see plans.service.ts). */
export async function countCargosOfOwner(db: DbOrTx, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('cargos')
    .innerJoin('stores', 'stores.id', 'cargos.store_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('stores.owner_id', '=', ownerId)
    .where('cargos.status', '!=', 'TRANSFERRED')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The people who work in the owner's stores besides the owner: member rows and invitations still
 * open at `now` (neither accepted nor expired), so inviting reserves the place the member takes.
 */
export async function countMembersOfOwner(db: DbOrTx, ownerId: string, now: string): Promise<number> {
  const members = await db
    .selectFrom('store_members')
    .innerJoin('stores', 'stores.id', 'store_members.store_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('stores.owner_id', '=', ownerId)
    .where('store_members.role', '!=', 'OWNER')
    .executeTakeFirstOrThrow();
  const invited = await db
    .selectFrom('store_invitations')
    .innerJoin('stores', 'stores.id', 'store_invitations.store_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('stores.owner_id', '=', ownerId)
    .where('store_invitations.accepted_at', 'is', null)
    .where('store_invitations.expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(members.n) + Number(invited.n);
}

/** The timezone of the user's default store, which decides the free tier's calendar month. */
export async function defaultStoreTimezone(db: DbOrTx, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .innerJoin('stores', 'stores.id', 'users.default_store_id')
    .select('stores.timezone')
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row?.timezone;
}

/** Completed sales (refunded ones included: a refund does not give a sale back) with from ≤ business date < to. */
export async function countCompletedSalesOfOwner(
  db: DbOrTx,
  ownerId: string,
  from: string,
  to: string,
): Promise<number> {
  const row = await db
    .selectFrom('shop_transactions')
    .innerJoin('stores', 'stores.id', 'shop_transactions.store_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('stores.owner_id', '=', ownerId)
    .where('shop_transactions.status', '!=', 'PARKED')
    .where('shop_transactions.business_date', '>=', from)
    .where('shop_transactions.business_date', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- free_tier_usage: one row per (owner, kind, period), see migration 202611271300 ----------------

export interface UsageKey {
  ownerId: string;
  kind: string;
  period: string;
}

/**
 * Adds `n` to the row only while it stays within `limit`, in one statement: on PostgreSQL two of
 * them on one row take turns on that row's lock, and the second re-reads `used` before its WHERE
 * decides. False when nothing changed (the row is missing, or `n` more would pass the limit).
 */
export async function addUsageWithin(db: DbOrTx, key: UsageKey, n: number, limit: number): Promise<boolean> {
  const result = await db
    .updateTable('free_tier_usage')
    .set((eb) => ({ used: eb('used', '+', n) }))
    .where('owner_id', '=', key.ownerId)
    .where('kind', '=', key.kind)
    .where('period', '=', key.period)
    .where((eb) => eb(eb('used', '+', n), '<=', limit))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Creates the row when missing (at 0, to be set from the real count) and returns with it locked
 * until the transaction ends on PostgreSQL: every create that added to it has committed by then,
 * so a count read after this sees their rows. SQLite runs one write transaction at a time.
 */
export async function lockUsage(db: DbOrTx, dbKind: 'sqlite' | 'postgres', key: UsageKey): Promise<void> {
  await db
    .insertInto('free_tier_usage')
    .values({ owner_id: key.ownerId, kind: key.kind, period: key.period, used: 0 })
    .onConflict((oc) => oc.columns(['owner_id', 'kind', 'period']).doNothing())
    .execute();
  let query = db
    .selectFrom('free_tier_usage')
    .select('used')
    .where('owner_id', '=', key.ownerId)
    .where('kind', '=', key.kind)
    .where('period', '=', key.period);
  if (dbKind === 'postgres') query = query.forUpdate();
  await query.executeTakeFirstOrThrow();
}

export async function setUsage(db: DbOrTx, key: UsageKey, used: number): Promise<void> {
  await db
    .updateTable('free_tier_usage')
    .set({ used })
    .where('owner_id', '=', key.ownerId)
    .where('kind', '=', key.kind)
    .where('period', '=', key.period)
    .execute();
}

/** Drops the user's counters, so the next create recounts them from the real rows. */
export async function forgetUsage(db: DbOrTx, ownerId: string): Promise<void> {
  await db.deleteFrom('free_tier_usage').where('owner_id', '=', ownerId).execute();
}

/** A store's row locked until the transaction ends on PostgreSQL (FOR NO KEY UPDATE: inserts that reference the store still go on). */
export async function lockStore(db: DbOrTx, dbKind: 'sqlite' | 'postgres', storeId: string): Promise<void> {
  let query = db.selectFrom('stores').select('id').where('id', '=', storeId);
  if (dbKind === 'postgres') query = query.forNoKeyUpdate();
  await query.executeTakeFirst();
}
