import {
  convertAmount,
  ErrorCode,
  formatMoney,
  invertRatio,
  parseRate,
  refundShare,
  type CurrencyCode,
  type RefundBody,
  type ShopTransaction,
} from '@shopdesk/shared';
import type { ShopRefundLinesTable, ShopTendersTable } from '../../db/types.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { newOrderedId } from '../../lib/ids.ts';
import { dateIn } from '../../lib/zoned-date.ts';
import type { Scope } from '../access/index.ts';
import { openShiftIdFor } from '../shifts/index.ts';
import { recordRefund } from '../statistics/index.ts';
import { applyStockDeltas, type Movement } from '../stock/index.ts';
import { readTransaction } from './checkout.service.ts';
import { convertOrRefuse } from './conversion.ts';
import * as repo from './transactions.repo.ts';

/**
 * Refunds, full and partial (product.md §5). Each refunded unit is taken off its line in one
 * conditional statement, so concurrent refunds can never refund more than was sold; the money of
 * q units is the step of `refundShare`, so partial refunds of a line add up exactly to what the
 * customer paid for it. Goods go back into stock (REFUND) unless `restock` is false. The refund's
 * own `clientId` makes a retry answer the first result.
 */

const conflict = (message: string) => new AppError(409, ErrorCode.CONFLICT, message);

/** The money back: the body's tenders must add up to the refund exactly; by default one tender in the main currency. */
function refundTenders(
  sale: ShopTransaction,
  amount: number,
  body: RefundBody,
): Omit<ShopTendersTable, 'id' | 'store_id' | 'transaction_id' | 'refund_id'>[] {
  const main = sale.currency;
  if (!body.tenders) {
    const method = sale.payments.some((p) => p.method === 'CASH') ? 'CASH' : (sale.payments[0]?.method ?? 'CASH');
    return [{ position: 0, method, currency: main, amount, applied: amount, change: 0, change_in_main: 0 }];
  }
  const ratio = sale.rate ? parseRate(sale.rate.rate) : null;
  const rows = body.tenders.map((t, position) => {
    let applied = t.amount;
    if (t.currency !== main) {
      if (t.currency !== sale.secondCurrency || !ratio) {
        const message = "Money can go back only in the sale's main currency, or in the second currency it was paid in.";
        throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [
          { field: `tenders.${position}.currency`, message },
        ]);
      }
      applied = convertOrRefuse(
        () => convertAmount(t.amount, t.currency as CurrencyCode, main, invertRatio(ratio), 'HALF_UP'),
        `tenders.${position}.amount`,
      );
    }
    return {
      position,
      method: t.method,
      currency: t.currency,
      amount: t.amount,
      applied,
      change: 0,
      change_in_main: 0,
    };
  });
  const given = rows.reduce((sum, r) => sum + r.applied, 0);
  if (given !== amount) {
    const message = `The money given back must add up to ${formatMoney(amount, main)} (it adds up to ${formatMoney(given, main)}).`;
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field: 'tenders', message }]);
  }
  return rows;
}

/** `POST /shop/transaction/{code}/refund`. Returns the sale as it is after the refund. */
export async function refund(
  ctx: AppContext,
  scope: Scope,
  code: string,
  body: RefundBody,
): Promise<{ created: boolean; transaction: ShopTransaction }> {
  const { store } = scope;
  const sale = await readTransaction(ctx, store.id, code);
  const earlier = await repo.findRefundByClientId(ctx.db, store.id, body.clientId);
  if (earlier) {
    if (earlier.transaction_id !== sale.id) throw conflict('This refund id was already used for another sale.');
    return { created: false, transaction: sale };
  }
  if (sale.status === 'PARKED') throw conflict('A parked cart has not been paid: there is nothing to refund.');

  const lines = new Map(sale.lines.map((l) => [l.id, l]));
  const wanted = body.lines
    ? body.lines
    : sale.lines.flatMap((l) =>
        l.quantity > l.refundedQuantity ? [{ lineId: l.id, quantity: l.quantity - l.refundedQuantity }] : [],
      );
  if (wanted.length === 0) throw conflict('Everything in this sale has been refunded already.');
  for (const [i, w] of wanted.entries()) {
    if (!lines.has(w.lineId)) {
      throw new AppError(404, ErrorCode.NOT_FOUND, 'This line is not part of the sale.', [
        { field: `lines.${i}.lineId`, message: 'Not a line of this sale' },
      ]);
    }
  }

  const at = ctx.clock.now();
  const refundId = newOrderedId();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertRefundOnce(trx, {
      id: refundId,
      store_id: store.id,
      transaction_id: sale.id,
      client_id: body.clientId,
      user_id: scope.userId,
      created_at: iso(at),
      business_date: dateIn(at, store.timezone),
      restock: body.restock === false ? 0 : 1,
      amount: 0,
      tax: 0,
      note: body.note ?? '',
      // The money goes back out of the till of the shift open now (none open: no shift).
      shift_id: await openShiftIdFor(trx, ctx.dbKind, store.id),
    });
    if (!inserted) return null;

    const refundLines: ShopRefundLinesTable[] = [];
    const restocked: Movement[] = [];
    // Lines in id order, like the products after them: concurrent refunds lock rows in one order.
    for (const w of [...wanted].sort((a, b) => (a.lineId < b.lineId ? -1 : a.lineId > b.lineId ? 1 : 0))) {
      const line = lines.get(w.lineId);
      if (!line) continue;
      const after = await repo.refundLineUnits(trx, store.id, sale.id, w.lineId, w.quantity);
      if (after === undefined) {
        throw conflict(`Only ${line.quantity - line.refundedQuantity} of "${line.name}" can still be refunded.`);
      }
      const before = after - w.quantity;
      refundLines.push({
        id: newOrderedId(),
        store_id: store.id,
        refund_id: refundId,
        transaction_id: sale.id,
        line_id: w.lineId,
        quantity: w.quantity,
        amount: refundShare(line.total, line.quantity, before, w.quantity),
        tax: refundShare(line.tax, line.quantity, before, w.quantity),
        restocked: 0,
      });
      if (body.restock !== false && line.productId) {
        restocked.push({
          storeId: store.id,
          productId: line.productId,
          delta: w.quantity,
          reason: 'REFUND',
          refCode: sale.code,
          userId: scope.userId,
          at: iso(at),
        });
      }
    }
    // A product deleted since the sale (its line has no product id, or it went meanwhile) takes
    // nothing back; the refund line says so with restocked 0.
    const found = new Set((await applyStockDeltas(trx, restocked)).map((p) => p.id));
    for (const l of refundLines) {
      const productId = lines.get(l.line_id)?.productId;
      if (body.restock !== false && productId && found.has(productId)) l.restocked = l.quantity;
    }
    const amount = refundLines.reduce((sum, l) => sum + l.amount, 0);
    const tax = refundLines.reduce((sum, l) => sum + l.tax, 0);
    const tenders = refundTenders(sale, amount, body).map((t) => ({
      ...t,
      id: newOrderedId(),
      store_id: store.id,
      transaction_id: sale.id,
      refund_id: refundId,
    }));
    await repo.insertRefundLines(trx, refundLines);
    await repo.insertTenders(trx, tenders);
    // The report counts the refund at this moment, in the same database transaction.
    await recordRefund(trx, {
      storeId: store.id,
      timezone: store.timezone,
      at,
      transactionId: sale.id,
      lines: refundLines,
      tenders,
    });
    await repo.setRefundTotals(trx, store.id, refundId, amount, tax);
    await repo.recordRefundOnTransaction(trx, store.id, sale.id, amount, iso(at));
    return true;
  });
  if (result === null) {
    const first = await repo.findRefundByClientId(ctx.db, store.id, body.clientId);
    if (first && first.transaction_id !== sale.id) throw conflict('This refund id was already used for another sale.');
  }
  const transaction = await readTransaction(ctx, store.id, sale.code);
  if (result === null) return { created: false, transaction };
  return { created: true, transaction };
}
