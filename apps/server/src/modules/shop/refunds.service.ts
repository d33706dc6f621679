import { ErrorCode, type RefundBody, type ShopTransaction } from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import { newOrderedId } from '../../lib/ids.ts';
import { dateIn } from '../../lib/zoned-date.ts';
import { actorOf, type Scope } from '../access/index.ts';
import { methodsForTenders } from '../payment-methods/index.ts';
import { readTransaction } from './checkout.service.ts';
import { refundFingerprint } from './request-fingerprint.ts';
import { storedValueToRefund } from './refund-stored-value.ts';
import { tendersToRefund } from './refund-tenders.ts';
import { storeRefundTask, type RefundToStore } from './refund-write.ts';
import * as repo from './transactions.repo.ts';

/**
 * Refunds, full and partial (product.md §5). Each refunded unit is taken off its line in one
 * conditional statement, so concurrent refunds can never refund more than was sold; the money of
 * q units is the step of `refundShare`, so partial refunds of a line add up exactly to what the
 * customer paid for it. Goods go back into stock (REFUND) unless `restock` is false. The refund's
 * own `clientId` makes a retry (same sale, same content) answer the first result; the same
 * clientId with another content is a 409 CLIENT_ID_REUSED, on another sale a 409 CONFLICT. This
 * file reads and checks; the write itself is one write task (refund-write.ts), on the engine's one
 * writer like a sale's.
 */

const NO_POINTS = { earned: 0, used: 0 };

const conflict = (message: string) => new AppError(409, ErrorCode.CONFLICT, message);

function clientIdReused(): AppError {
  const message =
    'This device already sent a different refund of this sale with the same clientId. Nothing was refunded: start this refund again as a new refund.';
  return new AppError(409, ErrorCode.CLIENT_ID_REUSED, message, [{ field: 'clientId', message }]);
}

/**
 * Whether the refund stored under this clientId is this request's: throws 409 when it is another
 * sale's or another content's. Refunds stored before fingerprints were kept (request_hash null)
 * answer as before: the first result.
 */
function checkRetry(
  first: { transaction_id: string; request_hash: string | null },
  saleId: string,
  fingerprint: string,
) {
  if (first.transaction_id !== saleId) throw conflict('This refund id was already used for another sale.');
  if (first.request_hash !== null && first.request_hash !== fingerprint) throw clientIdReused();
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
  const fingerprint = refundFingerprint(sale.code, body);
  // The cheap look first: a retry (or a reused clientId) is answered before any other work.
  const earlier = await repo.findRefundByClientId(ctx.db, store.id, body.clientId);
  if (earlier) {
    checkRetry(earlier, sale.id, fingerprint);
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

  // A refund on a till: the member unlocked there needs REFUND, or a member's approval (403 otherwise).
  const actor = await actorOf(ctx, scope, body, { permission: 'REFUND' }, body.clientId);
  // The store's methods name the tenders a refund's body gives; the default one is the sale's own.
  const methods = body.tenders ? await methodsForTenders(ctx, store, body.tenders) : null;
  const at = ctx.clock.now();
  // What each line earned and used of points, for a sale with a customer: the refund takes its share back.
  const linePoints = sale.customer ? await repo.linePoints(ctx.db, store.id, sale.id) : new Map();
  const byLineId = (a: { lineId: string }, b: { lineId: string }) =>
    a.lineId < b.lineId ? -1 : a.lineId > b.lineId ? 1 : 0;
  const toStore: RefundToStore = {
    header: {
      id: newOrderedId(),
      store_id: store.id,
      transaction_id: sale.id,
      client_id: body.clientId,
      user_id: actor.userId,
      approved_by: actor.approvedBy,
      approval_mode: actor.approvalMode,
      device_id: actor.deviceId,
      created_at: iso(at),
      business_date: dateIn(at, store.timezone),
      restock: body.restock === false ? 0 : 1,
      amount: 0,
      tax: 0,
      note: body.note ?? '',
      request_hash: fingerprint,
      to_store_credit: body.toStoreCredit === true ? 1 : 0,
    },
    saleCode: sale.code,
    lines: [...wanted].sort(byLineId).flatMap((w) => {
      const line = lines.get(w.lineId);
      if (!line) return [];
      const { quantity, total, tax, name, productId } = line;
      return [
        {
          id: newOrderedId(),
          lineId: w.lineId,
          quantity: w.quantity,
          sold: {
            quantity,
            total,
            tax,
            name,
            productId,
            points: linePoints.get(w.lineId) ?? NO_POINTS,
            giftCardCode: line.giftCardCode ?? null,
          },
          refundable: line.quantity - line.refundedQuantity,
        },
      ];
    }),
    restock: body.restock !== false,
    customer: sale.customer ? { id: sale.customer.id, entryId: newOrderedId() } : null,
    tenders: tendersToRefund(sale, body, () => newOrderedId(), methods),
    storedValue: storedValueToRefund(sale, body.toStoreCredit === true, () => newOrderedId(), {
      storeId: store.id,
      userId: actor.userId,
      deviceId: actor.deviceId,
      at: iso(at),
    }),
    at,
    timezone: store.timezone,
    dbKind: ctx.dbKind,
    // The sale's own calculation, not the store's current one: a refund follows the sale it undoes.
    perRate:
      sale.taxCalculation === 'PER_RATE' && sale.taxMode !== 'NONE'
        ? { taxMode: sale.taxMode, rounding: sale.taxRounding ?? 'HALF_UP' }
        : null,
  };
  const { stored } = await ctx.runWrite(storeRefundTask, toStore);
  if (!stored) {
    // Another request with this clientId stored its refund between our first look and our insert.
    const first = await repo.findRefundByClientId(ctx.db, store.id, body.clientId);
    if (first) checkRetry(first, sale.id, fingerprint);
  }
  const transaction = await readTransaction(ctx, store.id, sale.code);
  if (!stored) return { created: false, transaction };
  return { created: true, transaction };
}
