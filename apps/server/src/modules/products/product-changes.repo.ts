import type { DbOrTx } from '../../db/database.ts';
import type { ProductTombstonesTable } from '../../db/types.ts';
import { PRODUCT_COLUMNS, type ProductView } from './products.repo.ts';

/** A position in a stream ordered by (time, id). */
export interface FeedPosition {
  at: string;
  id: string;
}

/**
 * Products of the store created or edited after `after` and at or before `cutoff`, oldest first
 * (`updated_at`; their stock changes are read from the ledger, `movementsAfter`).
 */
export async function changedProducts(
  db: DbOrTx,
  storeId: string,
  after: FeedPosition | null,
  cutoff: string,
  limit: number,
): Promise<ProductView[]> {
  let query = db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('store_id', '=', storeId)
    .where('updated_at', '<=', cutoff);
  if (after) {
    const { at, id } = after;
    query = query.where((eb) =>
      eb.or([eb('updated_at', '>', at), eb.and([eb('updated_at', '=', at), eb('id', '>', id)])]),
    );
  }
  return query.orderBy('updated_at').orderBy('id').limit(limit).execute();
}

/**
 * The store's stock movements with an id after `afterId` and at most `bound`, in id order: their
 * ids are ordered by the time they were made (stock.service.ts), so this reads the ledger from a
 * place on, by the store's key (`store_id`, `id`).
 */
export function movementsAfter(
  db: DbOrTx,
  storeId: string,
  afterId: string,
  bound: string,
  limit: number,
): Promise<Array<{ id: string; product_id: string }>> {
  return db
    .selectFrom('stock_movements')
    .select(['id', 'product_id'])
    .where('store_id', '=', storeId)
    .where('id', '>', afterId)
    .where('id', '<=', bound)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The store's products with these ids (at most a feed page's), as an answer shows them. */
export function productsWithIds(db: DbOrTx, storeId: string, ids: string[]): Promise<ProductView[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('store_id', '=', storeId)
    .where('id', 'in', ids)
    .execute();
}

/** Tombstones of the store after `after` and at or before `cutoff`, oldest first. */
export async function deletedProducts(
  db: DbOrTx,
  storeId: string,
  after: FeedPosition | null,
  cutoff: string,
  limit: number,
): Promise<ProductTombstonesTable[]> {
  let query = db
    .selectFrom('product_tombstones')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('deleted_at', '<=', cutoff);
  if (after) {
    const { at, id } = after;
    query = query.where((eb) =>
      eb.or([eb('deleted_at', '>', at), eb.and([eb('deleted_at', '=', at), eb('product_id', '>', id)])]),
    );
  }
  return query.orderBy('deleted_at').orderBy('product_id').limit(limit).execute();
}

export async function insertTombstone(db: DbOrTx, row: ProductTombstonesTable): Promise<void> {
  await db
    .insertInto('product_tombstones')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['store_id', 'product_id']).doUpdateSet({ deleted_at: row.deleted_at, code: row.code }),
    )
    .execute();
}
