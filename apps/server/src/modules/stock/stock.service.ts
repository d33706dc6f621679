import type { AdjustmentReason, StockMovement, StockReason } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { NewStockMovement, ProductRow, StockMovementRow } from '../../db/types.ts';
import { newOrderedId } from '../../lib/ids.ts';
import * as repo from './stock.repo.ts';

/**
 * The stock ledger (product.md §5): the only code that changes `products.quantity`, always together
 * with a `stock_movements` row and always inside the caller's transaction, so a product's quantity
 * equals the sum of its movements. Sales, refunds, cargo arrival and reversal, adjustments and
 * counts call it. The one quantity written elsewhere is a new product row's opening quantity, and
 * `recordOpeningStock` records its movement in the same transaction.
 */
export interface Movement {
  storeId: string;
  productId: string;
  delta: number;
  reason: StockReason;
  refCode?: string | null;
  userId?: string | null;
  note?: string;
  /** Why an ADJUSTMENT was made, when the person said. */
  adjustmentReason?: AdjustmentReason | null;
  /** When it was made, by the server's clock (never a device's): its id is ordered by it. */
  at: string;
}

function movementRow(m: Movement): NewStockMovement {
  return {
    // Stamped with the movement's own time (the server's clock, as `at` always is): the product
    // changes feed reads the ledger in id order up to a time (product-changes.service.ts).
    id: newOrderedId(Date.parse(m.at)),
    store_id: m.storeId,
    product_id: m.productId,
    delta: m.delta,
    reason: m.reason,
    ref_code: m.refCode ?? null,
    user_id: m.userId ?? null,
    note: m.note ?? '',
    adjustment_reason: m.adjustmentReason ?? null,
    created_at: m.at,
  };
}

/** Records the movements of products just inserted with their opening quantity (create, import). */
export async function recordOpeningStock(trx: DbOrTx, movements: Movement[]): Promise<void> {
  await repo.insertMovements(trx, movements.filter((m) => m.delta !== 0).map(movementRow));
}

/**
 * Adds `delta` to the product's quantity atomically (concurrent changes never lose each other) and
 * records the movement. Returns the updated product, or undefined when it is not in this store.
 */
export async function applyStockDelta(trx: DbOrTx, m: Movement): Promise<ProductRow | undefined> {
  const row = await repo.addToQuantity(trx, m.storeId, m.productId, m.delta, m.at);
  if (!row) return undefined;
  await repo.insertMovements(trx, [movementRow(m)]);
  return row;
}

/**
 * The movement rows of `movements` in product id order: two transactions that change the same
 * products then lock their rows in the same order, so on PostgreSQL they wait for each other
 * instead of deadlocking. What `applyStockDeltas` applies, and what a sale's one statement on
 * PostgreSQL applies the same way (migration 202611271500).
 */
export function orderedMovementRows(movements: Movement[]): NewStockMovement[] {
  return [...movements]
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))
    .map(movementRow);
}

/**
 * Applies a store's movements made at one moment (a sale's or a refund's lines, a cargo's arrival
 * or reversal: thousands of lines) in one transaction, the one path for several movements: each
 * product's deltas added up and added to its quantity atomically (`addToQuantities`: a statement
 * per 250 products, locked in id order on PostgreSQL), then the movements of the products found
 * recorded in product id order (`orderedMovementRows`) by multi-row inserts. Movements of another
 * store, of a product not in the store, or of nothing, are skipped. Returns the ids of the
 * products changed.
 */
export async function applyStockDeltas(
  trx: DbOrTx,
  dbKind: 'sqlite' | 'postgres',
  storeId: string,
  movements: Movement[],
): Promise<Set<string>> {
  return applyMovementRows(trx, dbKind, storeId, orderedMovementRows(movements));
}

/**
 * `applyStockDeltas` of rows `orderedMovementRows` made beforehand: a sale builds its rows before
 * its write task, on the main thread, so SQLite's one writer spends its time writing.
 */
export async function applyMovementRows(
  trx: DbOrTx,
  dbKind: 'sqlite' | 'postgres',
  storeId: string,
  rows: readonly NewStockMovement[],
): Promise<Set<string>> {
  const own = rows.filter((m) => m.store_id === storeId && m.delta !== 0);
  if (own.length === 0) return new Set();
  const byProduct = new Map<string, number>();
  for (const m of own) byProduct.set(m.product_id, (byProduct.get(m.product_id) ?? 0) + m.delta);
  const changed = await repo.addToQuantities(
    trx,
    dbKind,
    storeId,
    [...byProduct].map(([productId, delta]) => ({ productId, delta })),
    own[0]!.created_at,
  );
  await repo.insertMovements(
    trx,
    own.filter((m) => changed.has(m.product_id)),
  );
  return changed;
}

/**
 * A stock-take: sets the quantity to what was counted, as a COUNT movement of counted − current,
 * read with the row locked so a sale landing meanwhile is never overwritten.
 */
export async function applyCount(
  trx: DbOrTx,
  dbKind: 'sqlite' | 'postgres',
  m: Omit<Movement, 'delta' | 'reason'> & { counted: number },
): Promise<ProductRow | undefined> {
  const current = await repo.lockQuantity(trx, dbKind, m.storeId, m.productId);
  if (current === undefined) return undefined;
  const { counted, ...rest } = m;
  return applyStockDelta(trx, { ...rest, delta: counted - current, reason: 'COUNT' });
}

/**
 * Undoes what the movements of `refCode` with one of `reasons` still add up to, per product, as
 * movements of `reason` with the same refCode (a cargo marked not arrived again: CARGO_REVERT of
 * its CARGO_ARRIVAL and earlier CARGO_REVERT movements, so after any number of arrivals and
 * reversals the cargo's net effect is zero). Products deleted since took their movements with them.
 */
export async function reverseMovementsOf(
  trx: DbOrTx,
  dbKind: 'sqlite' | 'postgres',
  m: {
    storeId: string;
    refCode: string;
    reasons: StockReason[];
    reason: StockReason;
    userId?: string | null;
    at: string;
  },
): Promise<number> {
  const nets = await repo.netDeltasByRef(trx, m.storeId, m.refCode, m.reasons);
  const movements = nets.map((n) => ({
    storeId: m.storeId,
    productId: n.productId,
    delta: -n.net,
    reason: m.reason,
    refCode: m.refCode,
    userId: m.userId ?? null,
    at: m.at,
  }));
  // One movement per product: as many applied as products changed.
  return (await applyStockDeltas(trx, dbKind, m.storeId, movements)).size;
}

/** A deleted product takes its ledger with it, in the same transaction, so no movement is orphaned. */
export async function deleteLedgerOf(trx: DbOrTx, storeId: string, productId: string): Promise<void> {
  await repo.deleteMovementsOfProduct(trx, storeId, productId);
}

export function toMovement(
  row: StockMovementRow & { user_name?: string | null; user_email?: string | null },
): StockMovement {
  return {
    id: row.id,
    productId: row.product_id,
    delta: Number(row.delta),
    reason: row.reason as StockReason,
    refCode: row.ref_code,
    userId: row.user_id,
    userName: row.user_name?.trim() || row.user_email || null,
    note: row.note,
    adjustmentReason: (row.adjustment_reason as AdjustmentReason | null) ?? null,
    createdAt: row.created_at,
  };
}

/** One page of a product's ledger, newest first, with the total count. */
export async function movementsPage(
  db: DbOrTx,
  storeId: string,
  productId: string,
  offset: number,
  limit: number,
): Promise<{ items: StockMovement[]; total: number }> {
  const [rows, total] = await Promise.all([
    repo.listMovements(db, storeId, productId, offset, limit),
    repo.countMovements(db, storeId, productId),
  ]);
  return { items: rows.map(toMovement), total };
}

/** What breaks the ledger invariant in one store or all: the check every stock test ends with. */
export async function ledgerProblems(db: DbOrTx, storeId?: string) {
  const [mismatched, orphans] = await Promise.all([
    repo.ledgerMismatches(db, storeId),
    repo.orphanMovements(db, storeId),
  ]);
  return { mismatched, orphans };
}
