import type { TestApp } from './harness.ts';

/**
 * How many products, or completed sales, a user owns across their stores, counted in the database:
 * what the free tier's limits must match exactly.
 */
export async function ownedCount(
  t: Pick<TestApp, 'db'>,
  userId: string,
  table: 'products' | 'shop_transactions',
): Promise<number> {
  let query = t.db
    .selectFrom(table)
    .innerJoin('stores', 'stores.id', `${table}.store_id`)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('stores.owner_id', '=', userId);
  if (table === 'shop_transactions') query = query.where('shop_transactions.status', '=', 'COMPLETED');
  return Number((await query.executeTakeFirstOrThrow()).n);
}
