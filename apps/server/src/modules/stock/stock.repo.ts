import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { insertShaped, runShaped } from '../../db/shaped-query.ts';
import type { NewStockMovement, ProductRow, StockMovementsTable } from '../../db/types.ts';
import { isPostgres, unnestRows, type ArrayType } from '../../db/unnest-rows.ts';

// 9 columns a row: keeps multi-row inserts under the engines' parameter limits.
const MOVEMENT_CHUNK = 100;

/** Every column of a movement row, with its PostgreSQL type, for the one-statement insert. */
const MOVEMENT_ARRAYS = [
  ['id', 'text'],
  ['store_id', 'text'],
  ['product_id', 'text'],
  ['delta', 'bigint'],
  ['reason', 'text'],
  ['ref_code', 'text'],
  ['user_id', 'text'],
  ['note', 'text'],
  ['adjustment_reason', 'text'],
  ['created_at', 'text'],
] as const satisfies ReadonlyArray<readonly [keyof StockMovementsTable, ArrayType]>;

/**
 * Inserts the movements: on PostgreSQL a bulk of them (an import chunk's opening stock, a cargo's
 * arrival) in one statement, one round trip; a sale's few lines, and every insert on SQLite, in
 * multi-row inserts whose text is kept per shape.
 */
export async function insertMovements(trx: DbOrTx, rows: NewStockMovement[]): Promise<void> {
  if (rows.length > MOVEMENT_CHUNK && isPostgres(trx)) {
    await trx
      .insertInto('stock_movements')
      .columns(MOVEMENT_ARRAYS.map(([column]) => column))
      .expression(unnestRows(rows, MOVEMENT_ARRAYS))
      .execute();
    return;
  }
  for (let i = 0; i < rows.length; i += MOVEMENT_CHUNK) {
    const chunk = rows.slice(i, i + MOVEMENT_CHUNK);
    // Its SQL text is kept per shape (shaped-query.ts): every sale's lines run this in its write lock.
    await insertShaped(trx, 'movements', chunk, () => trx.insertInto('stock_movements').values(chunk));
  }
}

/** One atomic `quantity = quantity + delta` (no read-modify-write) of one product of the store. */
function addToQuantityQuery(trx: DbOrTx, storeId: string, productId: string, delta: number, at: string) {
  return trx
    .updateTable('products')
    .set((eb) => ({ quantity: eb('quantity', '+', delta), quantity_changed_at: at }))
    .where('store_id', '=', storeId)
    .where('id', '=', productId);
}

/** `addToQuantityQuery`, answering the updated product; undefined when it is not in this store. */
export async function addToQuantity(
  trx: DbOrTx,
  storeId: string,
  productId: string,
  delta: number,
  at: string,
): Promise<ProductRow | undefined> {
  const { rows } = await runShaped(trx, 'add-to-quantity', [delta, at, storeId, productId], () =>
    addToQuantityQuery(trx, storeId, productId, delta, at).returningAll(),
  );
  return rows[0];
}

// Rows per statement of the bulk update: 3 parameters each, far under every engine's limit.
const BULK_CHUNK = 250;

/**
 * Adds each delta to its product's quantity, each `quantity = quantity + delta`, so a concurrent
 * sale is never lost; `deltas` holds each product once. One statement per 250 products (a `CASE`
 * over their ids, the rows found by primary key), the same on both engines; on PostgreSQL the
 * rows are locked in id order first, the order every change of several products takes, so none
 * deadlocks. Returns the ids of the products updated (those of the store). The texts are kept per
 * number of products (shaped-query.ts): a sale's lines run this inside its write transaction.
 *
 * Few statements matter most on a transaction of the main thread (a cargo's arrival: each
 * statement is a round trip to the write worker, sqlite-write-worker.ts): 2,000 single-row updates
 * took a 2,000-line arrival from 0.54 to 1.04 s. In the worker, a sale's five products cost the
 * same either way (measured).
 */
export async function addToQuantities(
  trx: DbOrTx,
  dbKind: 'sqlite' | 'postgres',
  storeId: string,
  deltas: Array<{ productId: string; delta: number }>,
  at: string,
): Promise<Set<string>> {
  const ordered = [...deltas].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
  const updated = new Set<string>();
  for (let i = 0; i < ordered.length; i += BULK_CHUNK) {
    const chunk = ordered.slice(i, i + BULK_CHUNK);
    const ids = chunk.map((d) => d.productId);
    if (dbKind === 'postgres')
      await runShaped(trx, `lock-products:${ids.length}`, [storeId, ...ids], () =>
        trx
          .selectFrom('products')
          .select('id')
          .where('store_id', '=', storeId)
          .where('id', 'in', ids)
          .orderBy('id')
          .forUpdate(),
      );
    // Not a join with a VALUES list: SQLite scanned the whole store's products. Nor `+store_id`: the
    // key is (store_id, id) since migration 202611271400, and without the store SQLite scanned the
    // table (stock-write-plans.test.ts).
    const delta = sql<number>`case products.id ${sql.join(
      chunk.map((d) => sql`when ${d.productId} then cast(${d.delta} as bigint)`),
      sql` `,
    )} else 0 end`;
    const values = [...chunk.flatMap((d) => [d.productId, d.delta]), at, storeId, ...ids];
    const { rows } = await runShaped(trx, `add-to-quantities:${ids.length}`, values, () =>
      trx
        .updateTable('products')
        .set({ quantity: sql<number>`products.quantity + ${delta}`, quantity_changed_at: at })
        .where('store_id', '=', storeId)
        .where('id', 'in', ids)
        .returning('id'),
    );
    for (const row of rows) updated.add(row.id);
  }
  return updated;
}

/**
 * The product's current quantity, its row locked until the transaction ends (FOR UPDATE on
 * PostgreSQL; SQLite runs one write transaction at a time), so a count never overwrites a sale
 * landing meanwhile.
 */
export async function lockQuantity(
  trx: DbOrTx,
  dbKind: 'sqlite' | 'postgres',
  storeId: string,
  productId: string,
): Promise<number | undefined> {
  let query = trx.selectFrom('products').select('quantity').where('store_id', '=', storeId).where('id', '=', productId);
  if (dbKind === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? Number(row.quantity) : undefined;
}

/** Per product of the store, the sum of the movements with `refCode` and one of `reasons`. */
export async function netDeltasByRef(
  trx: DbOrTx,
  storeId: string,
  refCode: string,
  reasons: string[],
): Promise<Array<{ productId: string; net: number }>> {
  const rows = await trx
    .selectFrom('stock_movements')
    .select(['product_id', sql<number>`sum(delta)`.as('net')])
    .where('store_id', '=', storeId)
    .where('ref_code', '=', refCode)
    .where('reason', 'in', reasons)
    .groupBy('product_id')
    .execute();
  return rows.map((r) => ({ productId: r.product_id, net: Number(r.net) }));
}

export async function deleteMovementsOfProduct(trx: DbOrTx, storeId: string, productId: string): Promise<void> {
  await trx.deleteFrom('stock_movements').where('store_id', '=', storeId).where('product_id', '=', productId).execute();
}

/** A page of a product's movements, newest first, each with the name (else email) of who made it. */
export function listMovements(db: DbOrTx, storeId: string, productId: string, offset: number, limit: number) {
  return db
    .selectFrom('stock_movements as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('m')
    .select(['u.name as user_name', 'u.email as user_email'])
    .where('m.store_id', '=', storeId)
    .where('m.product_id', '=', productId)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
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

/** Products of a store (or of every store) whose quantity differs from the sum of their movements. */
export async function ledgerMismatches(db: DbOrTx, storeId?: string) {
  let query = db
    .selectFrom('products as p')
    .leftJoin('stock_movements as m', (join) =>
      join.onRef('m.product_id', '=', 'p.id').onRef('m.store_id', '=', 'p.store_id'),
    )
    .select(['p.store_id', 'p.code', 'p.quantity', sql<number>`coalesce(sum(m.delta), 0)`.as('ledger')])
    .groupBy(['p.store_id', 'p.id', 'p.code', 'p.quantity'])
    .having(sql<boolean>`p.quantity <> coalesce(sum(m.delta), 0)`);
  if (storeId) query = query.where('p.store_id', '=', storeId);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), ledger: Number(r.ledger) }));
}

/** Movements that point at a missing product or at another store's product. */
export async function orphanMovements(db: DbOrTx, storeId?: string) {
  let query = db
    .selectFrom('stock_movements as m')
    .leftJoin('products as p', (join) => join.onRef('p.id', '=', 'm.product_id').onRef('p.store_id', '=', 'm.store_id'))
    .select(['m.id', 'm.store_id'])
    .where('p.id', 'is', null);
  if (storeId) query = query.where('m.store_id', '=', storeId);
  return query.execute();
}
