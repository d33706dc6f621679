import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/database.ts';
import { insertShaped } from '../../db/shaped-query.ts';
import type {
  ShopRefundLinesTable,
  ShopRefundsTable,
  ShopTendersTable,
  ShopTransactionLinesTable,
  ShopTransactionsTable,
} from '../../db/types.ts';

/** How many codes one `productsByCodesQuery` takes: a sale's codes go in groups of this many. */
export const CODES_PER_READ = 10;

/**
 * What a sale line needs of its products (identity, name, price and when it was last edited, cost,
 * tax rate and unit), by code,
 * CODES_PER_READ codes at a time (a shorter group repeats a code), for
 * `ctx.readAll`: one SQL text, so compiled once and, on PostgreSQL, a prepared statement.
 */
export function productsByCodesQuery(db: Db, storeId: string, ...codes: string[]) {
  return db
    .selectFrom('products')
    .select(['id', 'code', 'name', 'price', 'cost', 'tax_rate', 'unit', 'updated_at'])
    .where('store_id', '=', storeId)
    .where('code', 'in', codes);
}

/**
 * Inserts a sale's header unless the store already has one with its client id: the unique key
 * decides (also for two requests at the same moment), so the caller learns from the answer whether
 * this request stored the sale (true) or a retry met the first one (false).
 */
export async function insertTransactionOnce(db: DbOrTx, row: ShopTransactionsTable): Promise<boolean> {
  // The inserts of a sale keep their SQL text per shape (shaped-query.ts): they run in its write lock.
  const { rows } = await insertShaped(db, 'sale-once', [row], () =>
    db
      .insertInto('shop_transactions')
      .values(row)
      .onConflict((oc) => oc.columns(['store_id', 'client_id']).doNothing())
      .returning('id'),
  );
  return rows.length > 0;
}

/**
 * PostgreSQL only: a sale's whole write in one statement, `shopdesk_store_sale` (store-sale.pg.ts),
 * with the payload sale-write.ts builds. Raises SQLSTATE 'SD402' for the free limit.
 */
/** What `shopdesk_store_sale` answers (store-sale.pg.ts). */
interface StoreSaleResult {
  stored: boolean;
  shift_id: string | null;
  points_balance?: number | string | null;
  /** Each STORED_VALUE tender's card balance after it, by tender row id. */
  card_balances?: Record<string, number | string>;
}

export async function storeSaleAtOnce(db: DbOrTx, payload: object): Promise<StoreSaleResult> {
  const { rows } = await sql<{
    result: StoreSaleResult;
  }>`select shopdesk_store_sale(${JSON.stringify(payload)}::jsonb) as result`.execute(db);
  return rows[0]!.result;
}

export async function insertLines(db: DbOrTx, rows: ShopTransactionLinesTable[]): Promise<void> {
  if (rows.length > 0)
    await insertShaped(db, 'sale-lines', rows, () => db.insertInto('shop_transaction_lines').values(rows));
}

export async function insertTenders(db: DbOrTx, rows: ShopTendersTable[]): Promise<void> {
  if (rows.length > 0) await insertShaped(db, 'sale-tenders', rows, () => db.insertInto('shop_tenders').values(rows));
}

export async function insertReceiptCode(db: DbOrTx, code: string, storeId: string, transactionId: string) {
  const row = { code, store_id: storeId, transaction_id: transactionId };
  await insertShaped(db, 'receipt-code', [row], () => db.insertInto('receipt_codes').values(row));
}

/** A user's name (their email when they have none), or undefined for a deleted account. */
export async function userName(db: DbOrTx, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
  return row ? row.name.trim() || row.email : undefined;
}

/** The names of these users (or their emails, for those with no name), by id. */
export async function userNames(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name.trim() || r.email]));
}

export async function findTransactionByCode(db: DbOrTx, storeId: string, code: string) {
  return db
    .selectFrom('shop_transactions')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('code', '=', code)
    .executeTakeFirst();
}

/**
 * The sale a store holds under a clientId: looked for only when a new sale's write met it (a retry)
 * or its pricing refused it.
 */
export async function findTransactionByClientId(db: DbOrTx, storeId: string, clientId: string) {
  return db
    .selectFrom('shop_transactions')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** A sale's lines, tenders, refunds and refund lines, for the full view. */
export async function transactionParts(db: DbOrTx, storeId: string, transactionId: string) {
  const [lines, tenders, refunds, refundLines] = await Promise.all([
    db
      .selectFrom('shop_transaction_lines')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('transaction_id', '=', transactionId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('shop_tenders')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('transaction_id', '=', transactionId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('shop_refunds')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('transaction_id', '=', transactionId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('shop_refund_lines')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('transaction_id', '=', transactionId)
      .execute(),
  ]);
  return { lines, tenders, refunds, refundLines };
}

/** Replaces a parked sale's header fields, only while it is still parked; false when it is not. */
export async function updateParkedTransaction(
  db: DbOrTx,
  storeId: string,
  id: string,
  patch: Partial<ShopTransactionsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('shop_transactions')
    .set(patch)
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('status', '=', 'PARKED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteLinesOf(db: DbOrTx, storeId: string, transactionId: string): Promise<void> {
  await db
    .deleteFrom('shop_transaction_lines')
    .where('store_id', '=', storeId)
    .where('transaction_id', '=', transactionId)
    .execute();
}

/**
 * Deletes a held cart with its lines and receipt code, inside the caller's transaction. The header
 * is touched first where it is still PARKED, which locks it against a completion meanwhile (on
 * PostgreSQL the row lock; SQLite writes one at a time): false when it is no longer held.
 */
export async function deleteParked(db: DbOrTx, storeId: string, id: string, at: string): Promise<boolean> {
  if (!(await updateParkedTransaction(db, storeId, id, { updated_at: at }))) return false;
  await deleteLinesOf(db, storeId, id);
  await db.deleteFrom('shop_tenders').where('store_id', '=', storeId).where('transaction_id', '=', id).execute();
  await db.deleteFrom('receipt_codes').where('store_id', '=', storeId).where('transaction_id', '=', id).execute();
  await db
    .deleteFrom('shop_transactions')
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('status', '=', 'PARKED')
    .execute();
  return true;
}

export async function listParked(db: DbOrTx, storeId: string, limit: number) {
  return db
    .selectFrom('shop_transactions')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('status', '=', 'PARKED')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// Refunds ---------------------------------------------------------------------------------------

export async function insertRefundOnce(db: DbOrTx, row: ShopRefundsTable): Promise<boolean> {
  const inserted = await db
    .insertInto('shop_refunds')
    .values(row)
    .onConflict((oc) => oc.columns(['store_id', 'client_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findRefundByClientId(db: DbOrTx, storeId: string, clientId: string) {
  return db
    .selectFrom('shop_refunds')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/**
 * Adds `quantity` to a line's refunded quantity only if it stays within the sold quantity, in one
 * statement, so concurrent refunds can never refund a unit twice. Returns the refunded quantity
 * after the change, or undefined when it would exceed what was sold.
 */
export async function refundLineUnits(
  db: DbOrTx,
  storeId: string,
  transactionId: string,
  lineId: string,
  quantity: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('shop_transaction_lines')
    .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '+', quantity) }))
    .where('store_id', '=', storeId)
    .where('transaction_id', '=', transactionId)
    .where('id', '=', lineId)
    .where((eb) => eb(eb('refunded_quantity', '+', quantity), '<=', eb.ref('quantity')))
    .returning('refunded_quantity')
    .executeTakeFirst();
  return row ? Number(row.refunded_quantity) : undefined;
}

/**
 * Takes the sale's row lock (PostgreSQL; SQLite's one writer serialises already) before a PER_RATE
 * refund reads its lines: the refund's tax for a rate depends on what every line of the rate had
 * refunded before, so two refunds of one sale must not read it at once. NO KEY UPDATE, as the
 * refund's own header row (its foreign key) holds KEY SHARE on the sale row.
 */
export async function lockSaleForRefund(
  db: DbOrTx,
  dbKind: 'sqlite' | 'postgres',
  storeId: string,
  transactionId: string,
): Promise<void> {
  if (dbKind !== 'postgres') return;
  await db
    .selectFrom('shop_transactions')
    .select('id')
    .where('store_id', '=', storeId)
    .where('id', '=', transactionId)
    .forNoKeyUpdate()
    .execute();
}

/** A sale's lines in position order, as a refund prices them (priceRefund). */
export async function saleLinesForRefund(db: DbOrTx, storeId: string, transactionId: string) {
  return db
    .selectFrom('shop_transaction_lines')
    .select(['id', 'quantity', 'refunded_quantity', 'net', 'tax', 'total', 'tax_rate'])
    .where('store_id', '=', storeId)
    .where('transaction_id', '=', transactionId)
    .orderBy('position')
    .execute();
}

/**
 * A product's deletion leaves its sale lines with their own code and name but no product id
 * (product.md: null for a product deleted since), so a refund knows there is nothing to restock.
 */
export async function forgetProductInLines(db: DbOrTx, storeId: string, productId: string): Promise<void> {
  await db
    .updateTable('shop_transaction_lines')
    .set({ product_id: null })
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .execute();
}

export async function insertRefundLines(db: DbOrTx, rows: ShopRefundLinesTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('shop_refund_lines').values(rows).execute();
}

/** Each line's share of the points its sale earned and used, by line id (a refund reverses its part). */
export async function linePoints(db: DbOrTx, storeId: string, transactionId: string) {
  const rows = await db
    .selectFrom('shop_transaction_lines')
    .select(['id', 'points_earned', 'points_used'])
    .where('store_id', '=', storeId)
    .where('transaction_id', '=', transactionId)
    .execute();
  return new Map(rows.map((r) => [r.id, { earned: Number(r.points_earned ?? 0), used: Number(r.points_used ?? 0) }]));
}

/** A refund's amounts, known once its lines are taken (the header is inserted first to claim its clientId). */
export async function setRefundTotals(
  db: DbOrTx,
  storeId: string,
  refundId: string,
  totals: { amount: number; tax: number; points_reversed: number; points_returned: number },
) {
  await db.updateTable('shop_refunds').set(totals).where('store_id', '=', storeId).where('id', '=', refundId).execute();
}

/** Adds a refund to the sale's refunded amount and sets its status from what is left unrefunded. */
export async function recordRefundOnTransaction(
  db: DbOrTx,
  storeId: string,
  transactionId: string,
  amount: number,
  at: string,
): Promise<void> {
  const left = await db
    .selectFrom('shop_transaction_lines')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .where('transaction_id', '=', transactionId)
    .where((eb) => eb('refunded_quantity', '<', eb.ref('quantity')))
    .executeTakeFirstOrThrow();
  await db
    .updateTable('shop_transactions')
    .set((eb) => ({
      refunded_amount: eb('refunded_amount', '+', amount),
      status: Number(left.n) === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
      updated_at: at,
    }))
    .where('store_id', '=', storeId)
    .where('id', '=', transactionId)
    .execute();
}
