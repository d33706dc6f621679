import { ErrorCode, priceRefund, refundShare, type TaxMode, type TaxRounding } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { ShopRefundLinesTable, ShopRefundsTable } from '../../db/types.ts';
import { writeTask } from '../../db/write-task.ts';
import { AppError } from '../../core/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { applyCustomerRefund } from '../loyalty/index.ts';
import { openShiftIdFor } from '../shifts/index.ts';
import { recordRefund } from '../statistics/index.ts';
import { applyStockDeltas, type Movement } from '../stock/index.ts';
import { givenBackToCards, refundStoredValue, type StoredValueToRefund } from './refund-stored-value.ts';
import { refundTenders, type TendersToRefund } from './refund-tenders.ts';
import * as repo from './transactions.repo.ts';

/**
 * Storing a refund: the write transaction of `POST /shop/transaction/{code}/refund`, everything
 * refunds.service has already read and checked: the one path that writes a refund. A write task
 * (db/write-task.ts), like the sale's (sale-write.ts): on SQLite it runs in the write worker's
 * thread, so its argument holds plain data only, ids included (made in the main thread).
 */
export interface RefundToStore {
  /** The header as inserted to claim the clientId: amounts 0 until the lines are taken, no shift yet. */
  header: Omit<ShopRefundsTable, 'shift_id'>;
  saleCode: string;
  /** The units to take off the sale's lines, in line id order. */
  lines: LineToRefund[];
  restock: boolean;
  /** What the money goes back as, with an id per tender row. */
  tenders: TendersToRefund;
  /** Gift cards and store credit (refund-stored-value.ts); null: the sale touched none, no credit asked. */
  storedValue: StoredValueToRefund | null;
  /** The sale's customer, with the id of the REVERSE entry the refund may write; null: none. */
  customer: { id: string; entryId: string } | null;
  at: Date;
  timezone: string;
  dbKind: 'sqlite' | 'postgres';
  /** A sale taxed once per rate: its own tax mode and rounding; null for a per-line sale. */
  perRate: { taxMode: TaxMode; rounding: TaxRounding } | null;
}

export interface LineToRefund {
  /** The refund line's own id. */
  id: string;
  lineId: string;
  quantity: number;
  /** The sale line as read before: its units, money, name and product. */
  sold: {
    quantity: number;
    total: number;
    tax: number;
    name: string;
    productId: string | null;
    /** The line's share of the points the sale earned and used. */
    points: { earned: number; used: number };
    /** A gift card line: the card it sold, taken back by the refund. */
    giftCardCode: string | null;
  };
  /** Units still refundable when read, for the message when a concurrent refund took them meanwhile. */
  refundable: number;
}

/** `stored` is false when the store already has a refund with this clientId: nothing was written. */
export interface StoredRefund {
  stored: boolean;
}

const conflict = (message: string) => new AppError(409, ErrorCode.CONFLICT, message);

export async function storeRefund(trx: DbOrTx, refund: RefundToStore): Promise<StoredRefund> {
  const { header, at } = refund;
  const storeId = header.store_id;
  const saleId = header.transaction_id;
  // The money goes back out of the till of the shift open now (none open: no shift, and the next
  // shift opened adopts the refund); the clientId claims the refund.
  const shiftId = await openShiftIdFor(trx, refund.dbKind, storeId);
  if (!(await repo.insertRefundOnce(trx, { ...header, shift_id: shiftId }))) return { stored: false };
  // One refund of the sale at a time when it reprices per rate, or when what earlier refunds gave
  // back to its cards decides where this one's money goes.
  if (refund.perRate || refund.storedValue) await repo.lockSaleForRefund(trx, refund.dbKind, storeId, saleId);

  const refundLines: ShopRefundLinesTable[] = [];
  const restocked: Movement[] = [];
  const points = { reversed: 0, returned: 0 };
  // Lines in id order, like the products after them: concurrent refunds lock rows in one order.
  for (const line of refund.lines) {
    const after = await repo.refundLineUnits(trx, storeId, saleId, line.lineId, line.quantity);
    if (after === undefined) throw conflict(`Only ${line.refundable} of "${line.sold.name}" can still be refunded.`);
    const before = after - line.quantity;
    // The line's points go back in step with its units, so refunding every unit returns them exactly.
    points.reversed += refundShare(line.sold.points.earned, line.sold.quantity, before, line.quantity);
    points.returned += refundShare(line.sold.points.used, line.sold.quantity, before, line.quantity);
    refundLines.push({
      id: line.id,
      store_id: storeId,
      refund_id: header.id,
      transaction_id: saleId,
      line_id: line.lineId,
      quantity: line.quantity,
      amount: refundShare(line.sold.total, line.sold.quantity, before, line.quantity),
      tax: refundShare(line.sold.tax, line.sold.quantity, before, line.quantity),
      restocked: 0,
    });
    if (refund.restock && line.sold.productId) {
      restocked.push({
        storeId,
        productId: line.sold.productId,
        delta: line.quantity,
        reason: 'REFUND',
        refCode: refund.saleCode,
        userId: header.user_id,
        at: header.created_at,
      });
    }
  }
  if (refund.perRate) await repricePerRate(trx, refund, refundLines);
  // A product deleted since the sale (its line has no product id, or it went meanwhile) takes
  // nothing back; the refund line says so with restocked 0.
  const found = await applyStockDeltas(trx, refund.dbKind, storeId, restocked);
  const productOf = new Map(refund.lines.map((l) => [l.id, l.sold.productId]));
  for (const l of refundLines) {
    const productId = productOf.get(l.id);
    if (refund.restock && productId && found.has(productId)) l.restocked = l.quantity;
  }
  const amount = refundLines.reduce((sum, l) => sum + l.amount, 0);
  const tax = refundLines.reduce((sum, l) => sum + l.tax, 0);
  const tenders = (await refundTenderRows(trx, refund, refundLines, amount)).map((t) => ({
    ...t,
    store_id: storeId,
    transaction_id: saleId,
    refund_id: header.id,
  }));
  await repo.insertRefundLines(trx, refundLines);
  await repo.insertTenders(trx, tenders);
  // The report counts the refund at this moment, in the same database transaction.
  await recordRefund(trx, refund.dbKind, {
    id: header.id,
    storeId,
    timezone: refund.timezone,
    at,
    transactionId: saleId,
    lines: refundLines,
    tenders,
  });
  await repo.setRefundTotals(trx, storeId, header.id, {
    amount,
    tax,
    points_reversed: points.reversed,
    points_returned: points.returned,
  });
  if (refund.customer) {
    await applyCustomerRefund(trx, storeId, {
      customerId: refund.customer.id,
      refundId: header.id,
      entryId: refund.customer.entryId,
      reversed: points.reversed,
      returned: points.returned,
      amount,
      userId: header.user_id,
      deviceId: header.device_id ?? null,
      at: header.created_at,
    });
  }
  await repo.recordRefundOnTransaction(trx, storeId, saleId, amount, header.created_at);
  await recordAudit(
    trx,
    { userId: header.user_id, store: { id: storeId } },
    {
      action: 'REFUND',
      entity: 'REFUND',
      entityCode: refund.saleCode,
      summary: refundLines
        .map((l) => `${refund.lines.find((x) => x.id === l.id)?.sold.name ?? ''} ×${l.quantity}`)
        .join(', '),
      amount,
      approvedBy: header.approved_by ?? null,
      at,
    },
  );
  return { stored: true };
}

/**
 * The refund's tender rows: what goes back to gift cards and store credit first (written here), then
 * the refund's own tenders for the rest (none when nothing is left).
 */
async function refundTenderRows(
  trx: DbOrTx,
  refund: RefundToStore,
  refundLines: ShopRefundLinesTable[],
  amount: number,
) {
  const plan = refund.storedValue;
  if (!plan) return refundTenders(refund.tenders, amount);
  const { header } = refund;
  const soldCards = refundLines.flatMap((l) => {
    const code = refund.lines.find((x) => x.id === l.id)?.sold.giftCardCode;
    return code ? [{ code, amount: l.amount }] : [];
  });
  const backBefore = await givenBackToCards(trx, header.store_id, header.transaction_id);
  const cards = await refundStoredValue(trx, header.store_id, { id: header.id, amount }, soldCards, plan, backBefore);
  const rest = cards.rest > 0 || refund.tenders.given ? refundTenders(refund.tenders, cards.rest, plan.currency) : [];
  return [...cards.tenders, ...rest.map((t, i) => ({ ...t, position: cards.tenders.length + i }))];
}

/**
 * A PER_RATE sale's refund: its lines' money and tax from priceRefund with the sale's own rounding,
 * so the refund's tax per rate is the rate applied once and never more than the sale's. Reads the
 * sale's lines after this refund took its units (the sale row is locked), so "before" is exact.
 */
async function repricePerRate(trx: DbOrTx, refund: RefundToStore, refundLines: ShopRefundLinesTable[]) {
  const perRate = refund.perRate;
  if (!perRate) return;
  const rows = await repo.saleLinesForRefund(trx, refund.header.store_id, refund.header.transaction_id);
  const now = new Map(refundLines.map((l) => [l.line_id, l.quantity]));
  const priced = priceRefund(
    {
      lines: rows.map((r) => ({
        quantity: Number(r.quantity),
        refundedQuantity: Number(r.refunded_quantity) - (now.get(r.id) ?? 0),
        net: Number(r.net),
        tax: Number(r.tax),
        total: Number(r.total),
        taxRate: Number(r.tax_rate),
      })),
      taxMode: perRate.taxMode,
      calculation: 'PER_RATE',
      rounding: perRate.rounding,
    },
    rows.flatMap((r, line) => (now.has(r.id) ? [{ line, quantity: now.get(r.id) ?? 0 }] : [])),
  );
  const byLineId = new Map(refundLines.map((l) => [l.line_id, l]));
  for (const p of priced.lines) {
    const target = byLineId.get(rows[p.line]?.id ?? '');
    if (!target) throw new Error('refunded line missing');
    target.amount = p.amount;
    target.tax = p.tax;
  }
}

export const storeRefundTask = writeTask(import.meta.url, 'storeRefund', storeRefund);
