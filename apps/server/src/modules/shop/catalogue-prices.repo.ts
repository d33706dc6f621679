import type { DbOrTx } from '../../db/database.ts';

/**
 * A product's price in effect at `at` (an ISO time): the latest price set at or before it, or, for
 * a time before the first price kept, that first price. Undefined only for a product with no
 * price kept at all, which the triggers of migration 202612051400 never leave.
 */
export async function priceInEffect(
  db: DbOrTx,
  storeId: string,
  productId: string,
  at: string,
): Promise<number | undefined> {
  const history = db
    .selectFrom('product_prices')
    .select('price')
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId);
  const before = await history
    .where('effective_at', '<=', at)
    .orderBy('effective_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const row = before ?? (await history.orderBy('effective_at', 'asc').limit(1).executeTakeFirst());
  return row === undefined ? undefined : Number(row.price);
}
