import type { Db, DbOrTx } from '../../db/database.ts';
import { writeTask } from '../../db/write-task.ts';
import type {
  NewStockMovement,
  ShopTendersTable,
  ShopTransactionLinesTable,
  ShopTransactionsTable,
} from '../../db/types.ts';
import { assertCanCreate, freeLimitReached, limitContextOf, saleSlot, type WriteLimits } from '../plans/index.ts';
import { openShiftIdFor } from '../shifts/index.ts';
import { recordStatRows, saleStatRows, type SaleForStatistics, type StatRows } from '../statistics/index.ts';
import { applyMovementRows, orderedMovementRows, type Movement } from '../stock/index.ts';
import { applyCustomerSale, type CustomerSaleWrite } from '../loyalty/index.ts';
import { applyStoredValueSale, type StoredValueSaleWrite } from '../stored-value/index.ts';
import { pointsOverBalance } from './sale-loyalty.ts';
import { cardCodeTaken, cardShort } from './sale-stored-value.ts';
import * as repo from './transactions.repo.ts';

/**
 * Storing a sale: the write transaction of `POST /shop/transaction` (a new sale or held cart) and of
 * `PUT /shop/transaction/{code}` (a held cart edited or completed), everything checkout.service has
 * already priced and settled: the one path that writes a sale. `saleToStore` prepares it on the
 * caller's thread, down to its ledger and report rows, and `storeSaleTask` writes it: a write task
 * (db/write-task.ts), which on SQLite runs in the write worker's thread, so its argument holds
 * plain data only, including what the free tier needs of the context.
 */
export interface SaleInput extends WriteLimits {
  /** The whole header; for a held cart, its own id, code and clientId with the new content. */
  header: ShopTransactionsTable;
  lines: ShopTransactionLinesTable[];
  tenders: ShopTendersTable[];
  /** True: `header` replaces a held cart's content, and only while that cart is still parked. */
  replacesParked: boolean;
  /** Who sold it (the ledger's user). */
  userId: string;
  ownerId: string;
  /** When the server received the sale (the free tier counts the sale in its business date's month). */
  receivedAt: Date;
  /** The device's time of the sale: its day and hour in the reports. */
  soldAt: Date;
  /** The store's timezone, for the reports' local hour. */
  timezone: string;
  /** A completed sale's customer: points, visit, ledger rows (sale-loyalty.ts); null: none or a held cart. */
  loyalty: CustomerSaleWrite | null;
  /** A completed sale's gift cards sold and spent (sale-stored-value.ts); null: none. */
  storedValue: StoredValueSaleWrite | null;
}

/** A sale ready to write: what `storeSale` and its one statement on PostgreSQL both take. */
export interface SaleToStore extends Omit<SaleInput, 'userId' | 'soldAt' | 'timezone'> {
  /** A completed sale's ledger rows, in product id order (stock's `orderedMovementRows`); none for a held cart. */
  movements: NewStockMovement[];
  /** A completed sale's report rows (statistics' `saleStatRows`); null for a held cart. */
  stats: StatRows | null;
}

/**
 * `stored` is false when nothing was written: the store already has a sale with this clientId, or
 * the held cart is no longer parked (completed meanwhile by another request).
 */
export interface StoredSale {
  stored: boolean;
  shiftId: string | null;
  /** What the customer's write changed of the header: the balance after, or the sale unlinked. */
  customer?: Partial<ShopTransactionsTable>;
  /** Each STORED_VALUE tender's card balance after it, by tender row id. */
  cardBalances?: Record<string, number>;
}

/** The header's columns after `applyCustomerSale`: what the answer shows as the sale now is. */
function customerPatch(
  outcome: Awaited<ReturnType<typeof applyCustomerSale>>,
  loyalty: CustomerSaleWrite,
): Partial<ShopTransactionsTable> {
  if (outcome.outcome === 'applied') {
    const overdrawn = loyalty.redeemed > 0 && outcome.balance - loyalty.earned < 0;
    return { points_balance: outcome.balance, points_overdrawn: overdrawn ? 1 : 0 };
  }
  return {
    customer_id: null,
    customer_code: null,
    customer_name: null,
    points_earned: null,
    points_redeemed: null,
    points_balance: null,
  };
}

/** A completed sale's items going out of stock (SALE movements, refCode = the sale's code). */
function saleMovements(
  storeId: string,
  userId: string,
  code: string,
  lines: ShopTransactionLinesTable[],
  at: string,
): Movement[] {
  return lines.flatMap((line) =>
    line.product_id
      ? [
          {
            storeId,
            productId: line.product_id,
            delta: -line.quantity,
            reason: 'SALE' as const,
            refCode: code,
            userId,
            at,
          },
        ]
      : [],
  );
}

/** A completed sale's figures for the report aggregates, added in the same database transaction. */
function saleForStatistics(input: SaleInput): SaleForStatistics {
  const { header, lines, tenders } = input;
  return {
    id: header.id,
    storeId: header.store_id,
    timezone: input.timezone,
    at: input.soldAt,
    total: header.total,
    tax: header.tax,
    discounts: header.line_discounts + header.cart_discount,
    lines,
    tenders,
  };
}

/**
 * Builds the rows a completed sale adds to the ledger and the reports, before the write: the same
 * rows on both engines, and on SQLite less work in its one writer. A write task may run twice
 * (the first run undone): the rows' ids, made here, are the same both times.
 */
export function saleToStore(input: SaleInput): SaleToStore {
  const { userId, soldAt: _soldAt, timezone: _timezone, ...sale } = input;
  const { header, lines } = input;
  const completed = header.status === 'COMPLETED';
  return {
    ...sale,
    movements: completed
      ? orderedMovementRows(saleMovements(header.store_id, userId, header.code, lines, header.updated_at))
      : [],
    stats: completed ? saleStatRows(saleForStatistics(input)) : null,
  };
}

export async function storeSale(trx: DbOrTx, sale: SaleToStore): Promise<StoredSale> {
  const { header, lines, tenders } = sale;
  const completed = header.status === 'COMPLETED';
  // A completed sale belongs to the shift open now, also one sold earlier offline (the shift's
  // report shows it as late when it was sold before the shift opened); with none open it still goes
  // through (never lose a sale).
  const shiftId = completed ? await openShiftIdFor(trx, sale.dbKind, header.store_id) : null;
  // The clientId (or the cart's PARKED status) claims the sale first: a retry of a stored sale
  // (checkout.service no longer looks before writing) stops here and takes no free slot.
  if (!(await claim(trx, { ...header, shift_id: shiftId }, sale.replacesParked))) return { stored: false, shiftId };
  // Then the free tier (a free owner's sale claims its month's slot with one conditional write; a
  // premium owner's takes no lock); its recount holds this sale (`written`). The month is the
  // sale's own business date's, in its store's timezone.
  if (completed)
    await assertCanCreate(trx, limitContextOf(sale, sale.receivedAt), sale.ownerId, 'transactions', 1, {
      month: header.business_date.slice(0, 7),
      written: true,
    });
  await applyMovementRows(trx, sale.dbKind, header.store_id, sale.movements);
  await repo.insertLines(trx, lines);
  await repo.insertTenders(trx, tenders);
  if (!sale.replacesParked) await repo.insertReceiptCode(trx, header.code, header.store_id, header.id);
  if (sale.stats) await recordStatRows(trx, sale.dbKind, sale.stats);
  // The customer: an online sale using more points than they have now is refused, all undone.
  let customer: Partial<ShopTransactionsTable> | undefined;
  if (sale.loyalty) {
    const outcome = await applyCustomerSale(trx, header.store_id, header.id, sale.loyalty);
    if (outcome.outcome === 'over') throw pointsOverBalance();
    customer = customerPatch(outcome, sale.loyalty);
  }
  // Stored value last: a card that can no longer pay refuses the sale, all undone.
  if (!sale.storedValue) return { stored: true, shiftId, customer };
  const spent = await applyStoredValueSale(trx, header.store_id, sale.storedValue);
  if (spent.outcome === 'short') throw cardShort();
  if (spent.outcome === 'code-taken') throw cardCodeTaken();
  return { stored: true, shiftId, customer, cardBalances: spent.balances };
}

/**
 * `storeSale` on PostgreSQL as one statement, so one round trip: the function `shopdesk_store_sale`
 * (its text and how to change it: store-sale.pg.ts) takes the same steps in the same order, with the
 * same ledger and report rows (`saleToStore`) and the free-tier slot built here, and answers the
 * same; its free-limit refusal comes back as the same 402. A change to `storeSale` is a change there.
 */
export async function storeSaleInOneStatement(db: Db, sale: SaleToStore): Promise<StoredSale> {
  const { header, lines, tenders } = sale;
  const completed = header.status === 'COMPLETED';
  const limits = limitContextOf(sale, sale.receivedAt);
  const payload = {
    completed,
    replaces_parked: sale.replacesParked,
    free_slot: completed ? saleSlot(limits, sale.ownerId, header.business_date.slice(0, 7)) : null,
    header,
    // Kysely leaves out a column set to undefined; so does the function.
    patch_columns: Object.entries(parkedPatch({ ...header, shift_id: null }))
      .filter(([, value]) => value !== undefined)
      .map(([column]) => column),
    movements: sale.movements,
    lines,
    tenders,
    stats: sale.stats,
    loyalty: sale.loyalty,
    stored_value: sale.storedValue,
  };
  try {
    const result = await repo.storeSaleAtOnce(db, payload);
    const { stored, shift_id: shiftId } = result;
    if (!stored) return { stored, shiftId };
    const cardBalances = Object.fromEntries(
      Object.entries(result.card_balances ?? {}).map(([tender, balance]) => [tender, Number(balance)]),
    );
    if (!sale.loyalty) return { stored, shiftId, cardBalances };
    const outcome =
      result.points_balance === null || result.points_balance === undefined
        ? ({ outcome: 'gone' } as const)
        : ({ outcome: 'applied', balance: Number(result.points_balance) } as const);
    return { stored, shiftId, customer: customerPatch(outcome, sale.loyalty), cardBalances };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'SD402') throw freeLimitReached('transactions', limits);
    if (code === 'SD409') throw pointsOverBalance();
    if (code === 'SD410') throw cardShort();
    if (code === 'SD411') throw cardCodeTaken();
    throw error;
  }
}

/** What replacing a held cart's content changes: not what identifies the cart and who made it. */
function parkedPatch(header: ShopTransactionsTable) {
  const {
    id: _id,
    store_id: _storeId,
    code: _code,
    client_id: _clientId,
    user_id: _userId,
    created_at: _createdAt,
    request_hash: _requestHash,
    refunded_amount: _refunded,
    ...patch
  } = header;
  return patch;
}

/** Inserts a new header once per clientId, or replaces a held cart's content while it is parked. */
async function claim(trx: DbOrTx, header: ShopTransactionsTable, replacesParked: boolean): Promise<boolean> {
  if (!replacesParked) return repo.insertTransactionOnce(trx, header);
  if (!(await repo.updateParkedTransaction(trx, header.store_id, header.id, parkedPatch(header)))) return false;
  await repo.deleteLinesOf(trx, header.store_id, header.id);
  return true;
}

export const storeSaleTask = writeTask(import.meta.url, 'storeSale', storeSale, {
  oneStatement: storeSaleInOneStatement,
});
