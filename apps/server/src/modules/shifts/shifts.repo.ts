import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { runShaped } from '../../db/shaped-query.ts';
import type { ShiftCashMovesTable, ShiftCashTable, ShiftsTable } from '../../db/types.ts';

/** Queries of shifts: the shifts, their cash per currency and pay-ins/outs, and the sale figures they read. */

type DbKind = 'sqlite' | 'postgres';

/**
 * The store's open shift, locked until the transaction ends on PostgreSQL: `share` for a sale,
 * refund or move joining it, `update` for closing it. Closing waits for the joiners that came
 * first and they wait for it, so no sale lands in a shift whose count is already taken; a joiner
 * that waited re-reads the row, finds it CLOSED and joins no shift. SQLite runs one write
 * transaction at a time, which gives the same order.
 */
export async function findOpenShift(db: DbOrTx, storeId: string, lock?: { dbKind: DbKind; mode: 'share' | 'update' }) {
  // 'OPEN' written into the SQL, not bound: the open-shift index is partial (`where status =
  // 'OPEN'`), and SQLite plans a bound value's statement anew at every run to see whether that
  // index fits (3.5 µs a run as a literal, 12 µs bound; every sale reads this in its write).
  // Compiled once per lock mode (db/shaped-query.ts): every sale's write runs it.
  const mode = lock?.dbKind === 'postgres' ? lock.mode : 'none';
  const { rows } = await runShaped(db, `findOpenShift:${mode}`, [storeId], () => {
    const query = db
      .selectFrom('shifts')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('status', '=', sql.lit('OPEN'));
    return mode === 'share' ? query.forShare() : mode === 'update' ? query.forUpdate() : query;
  });
  return rows[0];
}

export async function findShift(
  db: DbOrTx,
  storeId: string,
  id: string,
  lock?: { dbKind: DbKind; mode: 'share' | 'update' },
) {
  let query = db.selectFrom('shifts').selectAll().where('store_id', '=', storeId).where('id', '=', id);
  if (lock?.dbKind === 'postgres') query = lock.mode === 'share' ? query.forShare() : query.forUpdate();
  return query.executeTakeFirst();
}

export async function nextShiftNumber(db: DbOrTx, storeId: string): Promise<number> {
  const row = await db
    .selectFrom('shifts')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

export async function insertShift(db: DbOrTx, row: ShiftsTable, cash: ShiftCashTable[]): Promise<void> {
  await db.insertInto('shifts').values(row).execute();
  if (cash.length > 0) await db.insertInto('shift_cash').values(cash).execute();
}

/**
 * Gives the shift being opened every completed sale and refund of the store that was stored
 * without a shift since `since` (when shifts were turned on): sold while no shift was open, or
 * synced from a device after its shift had closed. Parked carts get their shift when completed.
 */
export async function adoptShiftless(db: DbOrTx, storeId: string, shiftId: string, since: string): Promise<void> {
  await db
    .updateTable('shop_transactions')
    .set({ shift_id: shiftId })
    .where('store_id', '=', storeId)
    .where('shift_id', 'is', null)
    .where('status', '!=', 'PARKED')
    // Stored since (a new sale), or completed since (a held cart completed later); a sale from
    // before keeps no shift even when a refund touches it afterwards.
    .where((eb) => eb.or([eb('created_at', '>=', since), eb('completed_at', '>=', since)]))
    .execute();
  await db
    .updateTable('shop_refunds')
    .set({ shift_id: shiftId })
    .where('store_id', '=', storeId)
    .where('shift_id', 'is', null)
    .where('created_at', '>=', since)
    .execute();
}

export async function shiftCashRows(db: DbOrTx, storeId: string, shiftIds: string[]) {
  if (shiftIds.length === 0) return [];
  return db
    .selectFrom('shift_cash')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('shift_id', 'in', shiftIds)
    .execute();
}

export async function cashMoves(db: DbOrTx, storeId: string, shiftId: string) {
  return db
    .selectFrom('shift_cash_moves')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('shift_id', '=', shiftId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Stores a move unless the store already has one with its clientId; false for a retry. */
export async function insertMoveOnce(db: DbOrTx, row: ShiftCashMovesTable): Promise<boolean> {
  const inserted = await db
    .insertInto('shift_cash_moves')
    .values(row)
    .onConflict((oc) => oc.columns(['store_id', 'client_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findMoveByClientId(db: DbOrTx, storeId: string, clientId: string) {
  return db
    .selectFrom('shift_cash_moves')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/**
 * Cash taken by the shift's sales per currency: what was handed over minus the change given back,
 * each where it physically went: change handed back in the main currency for a second-currency
 * tender (`change_currency` set) leaves the main currency's drawer, as `change_in_main`; otherwise
 * `change` leaves the tender's own. Rows of one currency may come twice (summed by the caller).
 */
export async function cashSalesByCurrency(db: DbOrTx, storeId: string, shiftId: string) {
  const cash = db
    .selectFrom('shop_tenders as t')
    .innerJoin('shop_transactions as s', (j) =>
      j.onRef('s.id', '=', 't.transaction_id').onRef('s.store_id', '=', 't.store_id'),
    )
    .where('t.store_id', '=', storeId)
    .where('s.shift_id', '=', shiftId)
    .where('t.refund_id', 'is', null)
    .where('t.method', '=', 'CASH');
  const [own, elsewhere] = await Promise.all([
    cash
      .select([
        't.currency',
        (eb) =>
          eb.fn
            .sum<number>(
              eb(
                't.amount',
                '-',
                eb.case().when('t.change_currency', 'is', null).then(eb.ref('t.change')).else(0).end(),
              ),
            )
            .as('amount'),
      ])
      .groupBy('t.currency')
      .execute(),
    cash
      .select([
        't.change_currency as currency',
        (eb) => eb.fn.sum<number>(eb.neg(eb.ref('t.change_in_main'))).as('amount'),
      ])
      .where('t.change_currency', 'is not', null)
      .groupBy('t.change_currency')
      .execute(),
  ]);
  return [...own, ...elsewhere.map((r) => ({ currency: r.currency ?? '', amount: r.amount }))];
}

/** Cash given back by the shift's refunds per currency. */
export async function cashRefundsByCurrency(db: DbOrTx, storeId: string, shiftId: string) {
  return db
    .selectFrom('shop_tenders as t')
    .innerJoin('shop_refunds as r', (j) => j.onRef('r.id', '=', 't.refund_id').onRef('r.store_id', '=', 't.store_id'))
    .select(['t.currency', (eb) => eb.fn.sum<number>('t.amount').as('amount')])
    .where('t.store_id', '=', storeId)
    .where('r.shift_id', '=', shiftId)
    .where('t.method', '=', 'CASH')
    .groupBy('t.currency')
    .execute();
}

/** A shift's sales: count and total; with `soldBefore`, only those sold before that time (late sales). */
export async function saleTotals(db: DbOrTx, storeId: string, shiftId: string, opts: { soldBefore?: string } = {}) {
  let query = db
    .selectFrom('shop_transactions')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('total').as('total')])
    .where('store_id', '=', storeId)
    .where('shift_id', '=', shiftId);
  if (opts.soldBefore !== undefined) query = query.where('sold_at', '<', opts.soldBefore);
  return query.executeTakeFirstOrThrow();
}

export async function refundTotals(db: DbOrTx, storeId: string, shiftId: string) {
  return db
    .selectFrom('shop_refunds')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('total')])
    .where('store_id', '=', storeId)
    .where('shift_id', '=', shiftId)
    .executeTakeFirstOrThrow();
}

/** A tender's payment method, or its fixed method when stored before named tenders. */
const methodKey = sql<string>`coalesce(t.payment_method_id, t.method)`.as('method_key');
/** The shift's sales and refunds per user who rang them up (the X and Z reports by cashier). */
export async function cashierTotals(db: DbOrTx, storeId: string, shiftId: string) {
  const [sales, refunds] = await Promise.all([
    db
      .selectFrom('shop_transactions')
      .select((eb) => ['user_id', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('total').as('total')])
      .where('store_id', '=', storeId)
      .where('shift_id', '=', shiftId)
      .groupBy('user_id')
      .execute(),
    db
      .selectFrom('shop_refunds')
      .select((eb) => ['user_id', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('total')])
      .where('store_id', '=', storeId)
      .where('shift_id', '=', shiftId)
      .groupBy('user_id')
      .execute(),
  ]);
  return { sales, refunds };
}

/** Main-currency money per payment method: what the shift's sales took (sign 1) and its refunds gave back. */
export async function methodTotals(db: DbOrTx, storeId: string, shiftId: string) {
  const sales = db
    .selectFrom('shop_tenders as t')
    .innerJoin('shop_transactions as s', (j) =>
      j.onRef('s.id', '=', 't.transaction_id').onRef('s.store_id', '=', 't.store_id'),
    )
    .select([methodKey, (eb) => eb.fn.sum<number>('t.applied').as('amount')])
    .where('t.store_id', '=', storeId)
    .where('s.shift_id', '=', shiftId)
    .where('t.refund_id', 'is', null)
    .groupBy('method_key')
    .execute();
  const refunds = db
    .selectFrom('shop_tenders as t')
    .innerJoin('shop_refunds as r', (j) => j.onRef('r.id', '=', 't.refund_id').onRef('r.store_id', '=', 't.store_id'))
    .select([methodKey, (eb) => eb.fn.sum<number>('t.applied').as('amount')])
    .where('t.store_id', '=', storeId)
    .where('r.shift_id', '=', shiftId)
    .groupBy('method_key')
    .execute();
  return { sales: await sales, refunds: await refunds };
}

/** Closes an open shift; false when it was not open any more. */
export async function markClosed(
  db: DbOrTx,
  storeId: string,
  id: string,
  patch: { closed_at: string; closed_by: string; totals: string },
): Promise<boolean> {
  const result = await db
    .updateTable('shifts')
    .set({ ...patch, status: 'CLOSED' })
    .where('store_id', '=', storeId)
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Writes a currency's closing figures (its row exists from opening, or is added for a currency met later). */
export async function saveClosingCash(db: DbOrTx, row: ShiftCashTable, exists: boolean): Promise<void> {
  if (!exists) {
    await db.insertInto('shift_cash').values(row).execute();
    return;
  }
  const { store_id, shift_id, currency, ...figures } = row;
  await db
    .updateTable('shift_cash')
    .set(figures)
    .where('store_id', '=', store_id)
    .where('shift_id', '=', shift_id)
    .where('currency', '=', currency)
    .where('counted', 'is', null)
    .execute();
}

export async function countClosed(db: DbOrTx, storeId: string): Promise<number> {
  const row = await db
    .selectFrom('shifts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .where('status', '=', 'CLOSED')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listClosed(db: DbOrTx, storeId: string, offset: number, limit: number) {
  return db
    .selectFrom('shifts')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('status', '=', 'CLOSED')
    .orderBy('number', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function userNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
