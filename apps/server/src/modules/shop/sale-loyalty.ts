import {
  ErrorCode,
  MAX_POINTS,
  pointsEarned,
  pointsPerLine,
  type LoyaltySettings,
  type CreateTransactionBody,
  type SaleCustomer,
  type SalePricing,
  type UpdateTransactionBody,
} from '@shopdesk/shared';
import type { LoyaltyEntriesTable, StoreRow } from '../../db/types.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { newOrderedId } from '../../lib/ids.ts';
import { customerForSaleQuery, loyaltyOf, type CustomerSaleWrite } from '../loyalty/index.ts';

/**
 * A sale's customer and points (product.md §5 "Customers and points"): checked and worked out
 * before the write, from the store's loyalty settings and the priced sale; written by sale-write.ts
 * in the sale's own transaction (a retry of the sale writes nothing, so nothing twice).
 */

/** A sale as a request brings it (sale-pricer's SaleBody, named here so the two files do not import each other). */
type SaleBody = CreateTransactionBody | UpdateTransactionBody;

function refuse(message: string, field = 'pointsRedeemed'): AppError {
  return new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field, message }]);
}

/**
 * The points discount the sale asks for, in minor units, refused when it cannot be taken whatever
 * the balance: without a customer, with points off, under the store's minimum. Whether the cart can
 * take it is known once priced (`assertPointsFit`); the balance, at the write.
 */
export function requestedPointsDiscount(store: StoreRow, body: SaleBody): number {
  const points = body.pointsRedeemed ?? 0;
  if (points === 0) return 0;
  const settings = loyaltyOf(store);
  if (!body.customerId) throw refuse('Points can be used only with a customer on the sale.');
  if (!settings.enabled) throw refuse('This store does not use points.');
  if (points < settings.minRedeem) throw refuse(`At least ${settings.minRedeem} points must be used at a time.`);
  const discount = points * settings.pointValue;
  if (!Number.isSafeInteger(discount)) throw refuse(`Points must be at most ${MAX_POINTS}.`);
  return discount;
}

/** The priced sale took the whole points discount: more than the cart is worth is refused. */
export function assertPointsFit(requested: number, pricing: SalePricing): void {
  if (pricing.pointsDiscount < requested) {
    throw refuse('These points are worth more than the sale. Use fewer points.');
  }
}

/** The sale's customer and points as its header and lines keep them. */
export interface SaleLoyalty {
  customer: SaleCustomer | null;
  header: {
    customer_id: string | null;
    customer_code: string | null;
    customer_name: string | null;
    points_earned: number | null;
    points_redeemed: number | null;
    points_discount: number | null;
    points_balance: number | null;
    points_overdrawn: number | null;
  };
  /** Per line, in the sale's order: its share of the points discount, of the points earned and used. */
  lines: { points_discount: number; points_earned: number; points_used: number }[];
  /** Null for a held cart and a sale without a customer: nothing to write. */
  write: CustomerSaleWrite | null;
}

const NO_CUSTOMER: SaleLoyalty['header'] = {
  customer_id: null,
  customer_code: null,
  customer_name: null,
  points_earned: null,
  points_redeemed: null,
  points_discount: null,
  points_balance: null,
  points_overdrawn: null,
};

/**
 * The customer (404 when not one of the store's) and the points of a priced sale: earned on what
 * was paid after every discount, only for a completed sale with loyalty on; the ledger rows made
 * here so a write task run twice writes the same ids.
 */
export async function saleLoyalty(
  ctx: AppContext,
  store: StoreRow,
  body: SaleBody,
  pricing: SalePricing,
  meta: { userId: string; deviceId: string | null; saleId: string; at: string; now: string },
): Promise<SaleLoyalty> {
  const lines = pricing.lines.map((l) => ({ points_discount: l.pointsDiscount, points_earned: 0, points_used: 0 }));
  if (!body.customerId) return { customer: null, header: NO_CUSTOMER, lines, write: null };
  const row = await ctx.readFirst(customerForSaleQuery, store.id, body.customerId);
  if (!row) throw notFound('We could not find this customer.');
  const settings: LoyaltySettings = loyaltyOf(store);
  const completed = body.status === 'COMPLETED';
  const redeemed = body.pointsRedeemed ?? 0;
  // A gift card sold is money held for its bearer, not a purchase: it earns no points.
  const earning = pricing.lines.map((l, i) => (body.lines[i]?.giftCard ? 0 : l.total));
  const earnable = earning.reduce((sum, t) => sum + t, 0);
  const earned = completed && settings.enabled ? pointsEarned(earnable, settings.earnRate) : 0;
  const shares = pointsPerLine(
    earned,
    redeemed,
    earning,
    pricing.lines.map((l) => l.pointsDiscount),
  );
  const customer = { id: row.id, code: row.code, name: row.name };
  const before = Number(row.points_balance);
  const expectedBalance = before + earned - redeemed;
  const header = {
    customer_id: row.id,
    customer_code: row.code,
    customer_name: row.name,
    points_earned: completed ? earned : 0,
    points_redeemed: redeemed,
    points_discount: pricing.pointsDiscount,
    // The balance after the sale as read now (the write corrects it if it changed meanwhile); a
    // held cart shows the balance it was held with.
    points_balance: completed ? expectedBalance : before,
    points_overdrawn: completed && redeemed > 0 && before < redeemed ? 1 : 0,
  };
  const withShares = lines.map((l, i) => ({
    ...l,
    points_earned: shares.earned[i] ?? 0,
    points_used: shares.used[i] ?? 0,
  }));
  if (!completed) return { customer, header, lines: withShares, write: null };
  const entry = (kind: 'EARN' | 'REDEEM', points: number): LoyaltyEntriesTable => ({
    store_id: store.id,
    id: newOrderedId(),
    customer_id: row.id,
    kind,
    points,
    sale_id: meta.saleId,
    refund_id: null,
    user_id: meta.userId,
    device_id: meta.deviceId,
    note: '',
    at: meta.at,
  });
  const entries = [
    ...(earned > 0 ? [entry('EARN', earned)] : []),
    ...(redeemed > 0 ? [entry('REDEEM', -redeemed)] : []),
  ];
  const write: CustomerSaleWrite = {
    customerId: row.id,
    earned,
    redeemed,
    delta: earned - redeemed,
    total: pricing.total,
    at: meta.at,
    now: meta.now,
    guard: body.offline !== true,
    expectedBalance,
    entries,
  };
  return { customer, header, lines: withShares, write };
}

/** 409 for an online sale using more points than the customer has now. */
export function pointsOverBalance(): AppError {
  const message = 'The customer does not have this many points any more. Check the balance and use fewer points.';
  return new AppError(409, ErrorCode.INSUFFICIENT_POINTS, message, [{ field: 'pointsRedeemed', message }]);
}
