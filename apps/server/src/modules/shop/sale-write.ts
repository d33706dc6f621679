import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/database.ts';
import { writeTask } from '../../db/write-task.ts';
import type { ShopTendersTable, ShopTransactionLinesTable, ShopTransactionsTable } from '../../db/types.ts';
import { assertCanCreate } from '../plans/index.ts';
import { openShiftIdFor } from '../shifts/index.ts';
import { recordSale, type SaleForStatistics } from '../statistics/index.ts';
import { applyStockDeltas } from '../stock/index.ts';
import * as repo from './transactions.repo.ts';

/**
 * Storing a new sale: the write transaction of `POST /shop/transaction`, everything checkout.service
 * has already priced and settled. A write task (db/write-task.ts): on SQLite it runs in the write
 * worker's thread, so its argument holds plain data only, including what the free tier needs of
 * the context.
 */
export interface SaleToStore {
  header: ShopTransactionsTable;
  lines: ShopTransactionLinesTable[];
  tenders: ShopTendersTable[];
  userId: string;
  ownerId: string;
  dbKind: 'sqlite' | 'postgres';
  freeLimits: Config['freeLimits'];
  /** The sale's moment: the month the free tier counts it in, and its hour in the reports. */
  at: Date;
  /** The store's timezone, for the reports' local hour. */
  timezone: string;
}

/** `stored` is false when the store already has a sale with this clientId: nothing was written. */
export interface StoredSale {
  stored: boolean;
  shiftId: string | null;
}

/** Takes a completed sale's items out of stock (SALE movements, refCode = the sale's code). */
export async function moveStockOut(
  trx: DbOrTx,
  storeId: string,
  userId: string,
  code: string,
  lines: ShopTransactionLinesTable[],
  at: string,
): Promise<void> {
  await applyStockDeltas(
    trx,
    lines.flatMap((line) =>
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
    ),
  );
}

/** A completed sale's figures for the report aggregates, added in the same database transaction. */
export function saleForStatistics(
  storeId: string,
  timezone: string,
  at: Date,
  header: Pick<ShopTransactionsTable, 'total' | 'tax' | 'line_discounts' | 'cart_discount'>,
  lines: ShopTransactionLinesTable[],
  tenders: ShopTendersTable[],
): SaleForStatistics {
  return {
    storeId,
    timezone,
    at,
    total: header.total,
    tax: header.tax,
    discounts: header.line_discounts + header.cart_discount,
    lines,
    tenders,
  };
}

export async function storeSale(trx: DbOrTx, sale: SaleToStore): Promise<StoredSale> {
  const { header, lines, tenders } = sale;
  const completed = header.status === 'COMPLETED';
  // The free tier first (it locks the owner's row on PostgreSQL, so concurrent sales take turns
  // over the last slot), then the clientId claims the sale.
  if (completed) {
    const limits = { config: { freeLimits: sale.freeLimits }, clock: { now: () => sale.at }, dbKind: sale.dbKind };
    await assertCanCreate(trx, limits, sale.ownerId, 'transactions');
  }
  // A completed sale belongs to the shift open now; with none open it still goes through (never lose a sale).
  const shiftId = completed ? await openShiftIdFor(trx, sale.dbKind, header.store_id) : null;
  if (!(await repo.insertTransactionOnce(trx, { ...header, shift_id: shiftId }))) return { stored: false, shiftId };
  if (completed) await moveStockOut(trx, header.store_id, sale.userId, header.code, lines, header.created_at);
  await repo.insertLines(trx, lines);
  await repo.insertTenders(trx, tenders);
  await repo.insertReceiptCode(trx, header.code, header.store_id, header.id);
  if (completed)
    await recordSale(trx, saleForStatistics(header.store_id, sale.timezone, sale.at, header, lines, tenders));
  return { stored: true, shiftId };
}

export const storeSaleTask = writeTask(import.meta.url, 'storeSale', storeSale);
