import type { DbOrTx } from '../../db/database.ts';

/**
 * The owner's premium flag, with their row locked until the transaction ends on PostgreSQL, so two
 * creates of one owner take turns over the last free slot (SQLite runs one write transaction at a
 * time, which gives the same guarantee). Undefined when the user does not exist.
 */
export async function lockOwnerPremium(
  trx: DbOrTx,
  dbKind: 'sqlite' | 'postgres',
  ownerId: string,
): Promise<number | undefined> {
  let query = trx.selectFrom('users').select('premium').where('id', '=', ownerId);
  if (dbKind === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? Number(row.premium) : undefined;
}

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
