import type { StockReason } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { NewStockMovement, ProductRow } from '../../db/types.ts';
import { newId } from '../../lib/ids.ts';

/**
 * The stock ledger (product.md §5): the only code that changes `products.quantity`, always
 * together with a `stock_movements` row, and always inside the caller's transaction, so that a
 * product's quantity equals the sum of its movements. Sales, refunds and cargo arrivals call
 * `applyStockDelta` too.
 */
export interface Movement {
  storeId: string;
  productId: string;
  delta: number;
  reason: StockReason;
  refCode?: string | null;
  userId?: string | null;
  note?: string;
  at: string;
}

function movementRow(m: Movement): NewStockMovement {
  return {
    id: newId(),
    store_id: m.storeId,
    product_id: m.productId,
    delta: m.delta,
    reason: m.reason,
    ref_code: m.refCode ?? null,
    user_id: m.userId ?? null,
    note: m.note ?? '',
    created_at: m.at,
  };
}

// 9 columns a row: keeps multi-row inserts under the engines' parameter limits.
const MOVEMENT_CHUNK = 100;

/**
 * Records movements for products inserted with their opening quantity already set (create and
 * import write the product row and its first movement in one transaction).
 */
export async function recordOpeningStock(trx: DbOrTx, movements: Movement[]): Promise<void> {
  const rows = movements.filter((m) => m.delta !== 0).map(movementRow);
  for (let i = 0; i < rows.length; i += MOVEMENT_CHUNK) {
    await trx
      .insertInto('stock_movements')
      .values(rows.slice(i, i + MOVEMENT_CHUNK))
      .execute();
  }
}

/**
 * Adds `delta` to the product's quantity with one atomic `quantity = quantity + delta` (no
 * read-modify-write, so concurrent changes never lose each other) and records the movement.
 * Returns the updated product, or undefined when it is not in this store.
 */
export async function applyStockDelta(trx: DbOrTx, m: Movement): Promise<ProductRow | undefined> {
  const row = await trx
    .updateTable('products')
    .set((eb) => ({ quantity: eb('quantity', '+', m.delta), updated_at: m.at }))
    .where('store_id', '=', m.storeId)
    .where('id', '=', m.productId)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  await trx.insertInto('stock_movements').values(movementRow(m)).execute();
  return row;
}

/** A deleted product takes its ledger with it, in the same transaction, so no movement is orphaned. */
export async function deleteMovementsOf(trx: DbOrTx, storeId: string, productId: string): Promise<void> {
  await trx.deleteFrom('stock_movements').where('store_id', '=', storeId).where('product_id', '=', productId).execute();
}

export async function listMovements(db: DbOrTx, storeId: string, productId: string, offset: number, limit: number) {
  return db
    .selectFrom('stock_movements')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countMovements(db: DbOrTx, storeId: string, productId: string): Promise<number> {
  const row = await db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
