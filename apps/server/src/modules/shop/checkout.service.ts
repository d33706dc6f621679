import {
  countItems,
  saleNeeds,
  type ActionNeeds,
  ErrorCode,
  type ShopTransaction,
  type TaxMode,
  type UpdateTransactionBody,
  type CreateTransactionBody,
} from '@shopdesk/shared';
import type { ShopTendersTable, ShopTransactionsTable, StoreRow } from '../../db/types.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { newCrockfordCode, newOrderedId } from '../../lib/ids.ts';
import { dateIn } from '../../lib/zoned-date.ts';
import { actorOf, type Actor, type Scope } from '../access/index.ts';
import { namedTenderColumns } from './named-tenders.ts';
import { saleFingerprint } from './request-fingerprint.ts';
import { priceAndSettle, type PricedSale, type SaleBody } from './sale-pricer.ts';
import { saleTimes, type SaleTimes } from './sale-times.ts';
import { storeTaxOptions } from './tax-options.ts';
import { saleLoyalty, type SaleLoyalty } from './sale-loyalty.ts';
import { saleStoredValue, storedValueWrite, type SaleStoredValue } from './sale-stored-value.ts';
import { saleToStore, storeSaleTask, type SaleInput } from './sale-write.ts';
import { discountColumns, toShopTransaction, type TransactionRows } from './transaction-view.ts';
import * as repo from './transactions.repo.ts';

/**
 * Creating, editing and completing sales (product.md §5). Prices come from the products at the
 * moment of the sale, the arithmetic from @shopdesk/shared (the counter shows the same figures
 * before the server answers), and a completed sale moves stock through the ledger in the same
 * database transaction that stores it. A sale's `clientId` is unique per store in the database, so
 * a retry or an offline sync stores it once and answers the first result.
 */

function headerFields(store: StoreRow, sale: PricedSale & { taxMode: TaxMode }, body: SaleBody, times: SaleTimes) {
  const { pricing, settlement, rate } = sale;
  const soldAt = iso(times.soldAt);
  return {
    status: body.status,
    updated_at: iso(times.receivedAt),
    // The device's moment: the receipt's date, the report's day and hour.
    sold_at: soldAt,
    completed_at: body.status === 'COMPLETED' ? soldAt : null,
    business_date: dateIn(times.soldAt, store.timezone),
    currency: store.main_currency,
    second_currency: store.second_currency,
    rate: rate?.rate ?? null,
    rate_date: rate?.date ?? null,
    rate_source: rate?.source ?? null,
    tax_mode: sale.taxMode,
    tax_calculation: sale.pricing.calculation,
    tax_rounding: storeTaxOptions(store).rounding,
    // The receipt is an invoice of the day it was issued: the number then, kept with the sale.
    tax_registration_number: store.tax_registration_number ?? null,
    ...discountColumns(body.discount),
    gross: pricing.gross,
    line_discounts: pricing.lineDiscounts,
    cart_discount: pricing.cartDiscount,
    tax: pricing.tax,
    total: pricing.total,
    rounding: settlement?.rounding ?? 0,
    due: settlement?.due ?? pricing.total,
    change_in_main: settlement?.changeInMain ?? 0,
    taxes: JSON.stringify(pricing.taxes),
    item_count: countItems(sale.lines),
    first_items: sale.lines
      .slice(0, 5)
      .map((l) => l.name)
      .join(', ')
      .slice(0, 200),
    note: body.note ?? '',
  };
}

function tenderRows(
  store: StoreRow,
  transactionId: string,
  { settlement, named }: Pick<PricedSale, 'settlement' | 'named'>,
): ShopTendersTable[] {
  return (settlement?.tenders ?? []).map((t, position) => ({
    id: newOrderedId(),
    store_id: store.id,
    transaction_id: transactionId,
    refund_id: null,
    position,
    method: t.method,
    currency: t.currency,
    amount: t.amount,
    applied: t.applied,
    change: t.change,
    change_in_main: t.changeInMain,
    change_currency: t.changeCurrency === t.currency ? null : t.changeCurrency,
    ...namedTenderColumns(named[position], t.method),
  }));
}

/** Reads a sale of the store with everything it shows. */
export async function readTransaction(ctx: AppContext, storeId: string, code: string): Promise<ShopTransaction> {
  const header = await repo.findTransactionByCode(ctx.db, storeId, code.toUpperCase());
  if (!header) throw notFound('We could not find this sale.');
  const [parts, name] = await Promise.all([
    repo.transactionParts(ctx.db, storeId, header.id),
    repo.userName(ctx.db, header.user_id),
  ]);
  const servedBy = name === undefined ? null : { userId: header.user_id, name };
  return { ...toShopTransaction({ header, ...parts }), servedBy };
}

/** The sale stored under this clientId, if any, with everything it shows. */
async function readByClientId(ctx: AppContext, storeId: string, clientId: string) {
  const header = await repo.findTransactionByClientId(ctx.db, storeId, clientId);
  if (!header) return null;
  return { header, transaction: await readRows(ctx, storeId, header) };
}

async function readRows(ctx: AppContext, storeId: string, header: ShopTransactionsTable) {
  return toShopTransaction({ header, ...(await repo.transactionParts(ctx.db, storeId, header.id)) });
}

function clientIdReused(what: 'sale' | 'completion'): AppError {
  const message =
    what === 'sale'
      ? 'This device already sent a different sale with the same clientId. Nothing was stored: take this sale again as a new sale.'
      : 'This held sale was already completed with the same clientId and a different content. Nothing was changed: take this sale again as a new sale.';
  return new AppError(409, ErrorCode.CLIENT_ID_REUSED, message, [{ field: 'clientId', message }]);
}

/** The first sale stored under this clientId, when this request is a retry of it; 409 for another content. */
async function firstResult(ctx: AppContext, storeId: string, clientId: string, fingerprint: string) {
  const first = await readByClientId(ctx, storeId, clientId);
  if (!first) return null;
  // Sales stored before fingerprints were kept answer as before: the first result.
  if (first.header.request_hash !== null && first.header.request_hash !== fingerprint) throw clientIdReused('sale');
  return first.transaction;
}

/**
 * Who the sale is recorded under (a member unlocked on a till, or the session's user), checked now.
 * A held cart needs SELL alone: what it holds (a price changed by hand, an open-price item, a
 * discount above the member's maximum) is checked when it is completed, when the money moves, and
 * passes then only if the member may, or another member approved it (403 naming what is lacking).
 */
function saleActor(ctx: AppContext, scope: Scope, body: SaleBody, sale: PricedSale): Promise<Actor> {
  // What the lines need is what the server decided of their prices (sale-pricer.ts), not what they
  // claim; each line's discount and the cart's are held to the member's maximum on their own.
  const lines = sale.lines.map((l, i) => ({
    code: l.code ?? undefined,
    priceOverride: l.price_override === 1,
    giftCard: body.lines[i]?.giftCard !== undefined,
  }));
  const needs: ActionNeeds =
    body.status === 'COMPLETED' ? saleNeeds(lines, sale.pricing, body.pointsRedeemed) : { permission: 'SELL' };
  return actorOf(ctx, scope, body, needs, body.clientId);
}

/** Who sells, for which owner, when and in which timezone: what a sale's write needs of the request. */
function saleContext(ctx: AppContext, actor: Actor, scope: Scope, times: SaleTimes) {
  return {
    userId: actor.userId,
    ownerId: scope.store.owner_id,
    dbKind: ctx.dbKind,
    freeLimits: ctx.config.freeLimits,
    receivedAt: times.receivedAt,
    soldAt: times.soldAt,
    timezone: scope.store.timezone,
  } satisfies Partial<SaleInput>;
}

/** What a new sale and a held cart's edit or completion work out alike before their header. */
interface PreparedSale {
  times: SaleTimes;
  sale: PricedSale & { taxMode: TaxMode };
  actor: Actor;
  /** The header's columns that the content sets (`headerFields`), its customer's and points included. */
  fields: ReturnType<typeof headerFields> & SaleLoyalty['header'];
  /** The customer and points (sale-loyalty.ts): each line's shares and what the write does. */
  loyalty: SaleLoyalty;
  /** Gift cards sold and spent (sale-stored-value.ts). */
  storedValue: SaleStoredValue;
}

/**
 * The sale's times, its prices and payment, and who makes it (a member on a till needs SELL, and a
 * discount within their maximum, now), in that order: each may refuse with an AppError.
 */
async function prepareSale(ctx: AppContext, scope: Scope, body: SaleBody, saleId: string): Promise<PreparedSale> {
  const times = saleTimes(ctx, body);
  const sale = await priceAndSettle(ctx, scope.store, body, times.soldAt);
  const actor = await saleActor(ctx, scope, body, sale);
  const meta = {
    userId: actor.userId,
    deviceId: actor.deviceId,
    saleId,
    at: iso(times.soldAt),
    now: iso(times.receivedAt),
  };
  const header = headerFields(scope.store, sale, body, times);
  const [loyalty, storedValue] = await Promise.all([
    saleLoyalty(ctx, scope.store, body, sale.pricing, meta),
    saleStoredValue(ctx, scope.store, body, sale, { ...meta, businessDate: header.business_date }),
  ]);
  return {
    times,
    sale: { ...sale, named: storedValue.named },
    actor,
    loyalty,
    storedValue,
    fields: { ...header, ...loyalty.header },
  };
}

/**
 * Writes a prepared sale under `header` through sale-write.ts: a new sale, or with `replacesParked`
 * a held cart's new content. Null when nothing was written (the store already has a sale with this
 * clientId, or the cart is no longer parked); else the rows as stored, in the shift the write found.
 */
async function writeSale(
  ctx: AppContext,
  scope: Scope,
  { times, sale, actor, loyalty, storedValue }: PreparedSale,
  header: ShopTransactionsTable,
  replacesParked: boolean,
): Promise<TransactionRows | null> {
  const lines = sale.lines.map((l, i) => ({
    ...l,
    ...loyalty.lines[i],
    gift_card_code: storedValue.lineCodes[i] ?? null,
    transaction_id: header.id,
  }));
  const tenders = tenderRows(scope.store, header.id, sale).map((t, i) => ({
    ...t,
    card_code: storedValue.tenderCodes[i] ?? null,
    card_balance: null,
  }));
  const outcome = await ctx.runWrite(
    storeSaleTask,
    saleToStore({
      header,
      lines,
      tenders,
      replacesParked,
      loyalty: loyalty.write,
      storedValue: storedValueWrite(storedValue, tenders),
      ...saleContext(ctx, actor, scope, times),
    }),
  );
  if (!outcome.stored) return null;
  const stored = { ...header, shift_id: outcome.shiftId, ...outcome.customer };
  const balances = outcome.cardBalances ?? {};
  const paid = tenders.map((t) => (t.id in balances ? { ...t, card_balance: balances[t.id] ?? null } : t));
  return { header: stored, lines, tenders: paid, refunds: [], refundLines: [] };
}

/**
 * `POST /shop/transaction`: stores a parked cart or a completed sale. `created` is false when the
 * store already had a sale with this clientId and the same content: that first sale is answered
 * and nothing is written. The same clientId with another content is a 409 CLIENT_ID_REUSED.
 */
export async function createTransaction(
  ctx: AppContext,
  scope: Scope,
  body: CreateTransactionBody,
): Promise<{ created: boolean; transaction: ShopTransaction }> {
  const { store } = scope;
  const fingerprint = saleFingerprint(body);
  // No look for an earlier sale before the write (one round trip less): the write's clientId key
  // answers a retry (`stored` false below). A retry the pricing or the sale's time would refuse now
  // (a product deleted, a price changed, a queue older than its limit) still answers its first
  // sale: that refusal looks first.
  let prepared: PreparedSale;
  const id = newOrderedId();
  try {
    prepared = await prepareSale(ctx, scope, body, id);
  } catch (error) {
    const first = error instanceof AppError ? await firstResult(ctx, store.id, body.clientId, fingerprint) : null;
    if (first) return { created: false, transaction: first };
    throw error;
  }
  const { times, actor } = prepared;
  const header: ShopTransactionsTable = {
    id,
    store_id: store.id,
    code: newCrockfordCode(12),
    client_id: body.clientId,
    user_id: actor.userId,
    approved_by: actor.approvedBy,
    approval_mode: actor.approvalMode,
    device_id: actor.deviceId,
    created_at: iso(times.receivedAt),
    refunded_amount: 0,
    request_hash: fingerprint,
    completion_client_id: null,
    completion_hash: null,
    ...prepared.fields,
  };
  // The clientId is claimed before the free tier (sale-write.ts), so a retry is never a 402.
  const rows = await writeSale(ctx, scope, prepared, header, false);
  if (!rows) {
    // A retry, or another request with this clientId stored its sale first: answer that sale.
    const first = await firstResult(ctx, store.id, body.clientId, fingerprint);
    if (!first) throw new Error('a sale with this clientId vanished');
    return { created: false, transaction: first };
  }
  return { created: true, transaction: toShopTransaction(rows) };
}

/**
 * What a completion request meets on a cart that is no longer parked: its own earlier completion
 * (a retry: the sale as completed), the same clientId with another content (409
 * CLIENT_ID_REUSED), or another request's completion (409 ALREADY_COMPLETED: another device sold
 * this cart; this sale is not stored and stays in that device's queue with the reason).
 */
function notParked(current: ShopTransactionsTable, body: UpdateTransactionBody, fingerprint: string): 'retry' {
  if (body.status === 'COMPLETED' && body.clientId && current.completion_client_id === body.clientId) {
    if (current.completion_hash !== fingerprint) throw clientIdReused('completion');
    return 'retry';
  }
  throw new AppError(
    409,
    ErrorCode.ALREADY_COMPLETED,
    current.status === 'PARKED'
      ? 'This held sale changed meanwhile. Open it again.'
      : 'This held sale was already completed, on this or another device. Refund that sale instead, or take this one as a new sale.',
  );
}

/**
 * `PUT /shop/transaction/{code}`: edits a parked cart, or completes it with its payment, through
 * the same write as a new sale (sale-write.ts). A completion carries its own clientId: sent again
 * it answers the first result.
 */
export async function updateParked(
  ctx: AppContext,
  scope: Scope,
  code: string,
  body: UpdateTransactionBody,
): Promise<ShopTransaction> {
  const { store } = scope;
  const current = await repo.findTransactionByCode(ctx.db, store.id, code.toUpperCase());
  if (!current) throw notFound('We could not find this sale.');
  const fingerprint = saleFingerprint(body);
  if (current.status !== 'PARKED') {
    notParked(current, body, fingerprint);
    return readRows(ctx, store.id, current);
  }

  const prepared = await prepareSale(ctx, scope, body, current.id);
  const completed = body.status === 'COMPLETED';
  const header: ShopTransactionsTable = {
    ...current,
    ...prepared.fields,
    approved_by: prepared.actor.approvedBy,
    approval_mode: prepared.actor.approvalMode,
    device_id: prepared.actor.deviceId,
    completion_client_id: completed ? (body.clientId ?? null) : null,
    completion_hash: completed ? fingerprint : null,
  };
  const rows = await writeSale(ctx, scope, prepared, header, true);
  if (!rows) {
    // Completed (or edited) by another request between our look and our write.
    const now = await repo.findTransactionByCode(ctx.db, store.id, current.code);
    if (!now) throw notFound('We could not find this sale.');
    notParked(now, body, fingerprint);
    return readRows(ctx, store.id, now);
  }
  return toShopTransaction(rows);
}

/** Held carts, most recently touched first, each with who holds it (several cashiers share a counter). */
export async function listParked(ctx: AppContext, scope: Scope): Promise<ShopTransaction[]> {
  const headers = await repo.listParked(ctx.db, scope.store.id, 50);
  const names = await repo.userNames(
    ctx.db,
    headers.map((h) => h.user_id),
  );
  return Promise.all(
    headers.map(async (header) => {
      const name = names.get(header.user_id);
      return {
        ...toShopTransaction({ header, ...(await repo.transactionParts(ctx.db, scope.store.id, header.id)) }),
        servedBy: name === undefined ? null : { userId: header.user_id, name },
      };
    }),
  );
}
