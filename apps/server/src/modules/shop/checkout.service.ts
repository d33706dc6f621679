import {
  ErrorCode,
  formatMoney,
  parseRate,
  priceSale,
  settlePayment,
  type CurrencyCode,
  type Discount,
  type ExchangeRate,
  type PaymentRefusal,
  type SaleLineInput,
  type SalePricing,
  type Settlement,
  type ShopTransaction,
  type TaxMode,
  type TenderInput,
  type UpdateTransactionBody,
  type CreateTransactionBody,
} from '@shopdesk/shared';
import type { ShopTendersTable, ShopTransactionLinesTable, ShopTransactionsTable, StoreRow } from '../../db/types.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newCrockfordCode, newOrderedId } from '../../lib/ids.ts';
import { dateIn } from '../../lib/zoned-date.ts';
import type { Scope } from '../access/index.ts';
import { assertCanCreate } from '../plans/index.ts';
import { storeRate } from '../rates/index.ts';
import { openShiftIdFor } from '../shifts/index.ts';
import { recordSale } from '../statistics/index.ts';
import { convertOrRefuse } from './conversion.ts';
import { moveStockOut, saleForStatistics, storeSaleTask } from './sale-write.ts';
import { discountColumns, toShopTransaction, type TransactionRows } from './transaction-view.ts';
import * as repo from './transactions.repo.ts';

/**
 * Creating, editing and completing sales (product.md §5). Prices come from the products at the
 * moment of the sale, the arithmetic from @shopdesk/shared (the counter shows the same figures
 * before the server answers), and a completed sale moves stock through the ledger in the same
 * database transaction that stores it. A sale's `clientId` is unique per store in the database, so
 * a retry or an offline sync stores it once and answers the first result.
 */

type Body = CreateTransactionBody | UpdateTransactionBody;

interface PricedSale {
  pricing: SalePricing;
  lines: Omit<ShopTransactionLinesTable, 'transaction_id'>[];
  settlement: Settlement | null;
  rate: ExchangeRate | null;
}

const TAX_MODES: readonly TaxMode[] = ['NONE', 'INCLUSIVE', 'EXCLUSIVE'];

function tendersOf(body: Body): TenderInput[] {
  return body.payments ?? (body.payment ? [body.payment] : []);
}

/** Looks up the coded lines' products (one query) and prices the sale; unknown codes are a 404 naming each line. */
async function priceLines(
  ctx: AppContext,
  store: StoreRow,
  inputs: SaleLineInput[],
  discount: Discount | null | undefined,
) {
  const codes = [...new Set(inputs.flatMap((l) => (l.code ? [l.code] : [])))];
  const products = new Map((await repo.findProductsByCodes(ctx.db, store.id, codes)).map((p) => [p.code, p]));
  const missing = inputs.flatMap((l, i) => (l.code && !products.has(l.code) ? [{ i, code: l.code }] : []));
  if (missing.length > 0) {
    const message =
      missing.length === 1
        ? `There is no product with the code ${missing[0]?.code} in this store.`
        : `${missing.length} codes of this sale are not products of this store.`;
    throw new AppError(
      404,
      ErrorCode.NOT_FOUND,
      message,
      missing.map(({ i, code }) => ({ field: `lines.${i}.code`, message: `No product with the code ${code}` })),
    );
  }
  const taxMode = (TAX_MODES.includes(store.tax_mode as TaxMode) ? store.tax_mode : 'NONE') as TaxMode;
  const resolved = inputs.map((l) => {
    const product = l.code ? products.get(l.code) : undefined;
    return {
      input: l,
      product,
      unitPrice: l.unitPrice ?? Number(product?.price ?? 0),
      name: l.name ?? product?.name ?? '',
    };
  });
  let pricing: SalePricing;
  try {
    pricing = priceSale(
      resolved.map((r) => ({
        unitPrice: r.unitPrice,
        quantity: r.input.quantity,
        discount: r.input.discount ?? null,
        // A product's own rate (e.g. a reduced food rate) wins; open-price lines take the default.
        taxRate: Number(r.product?.tax_rate ?? store.default_tax_rate),
      })),
      discount,
      taxMode,
    );
  } catch (error) {
    if (error instanceof RangeError) {
      throw new AppError(400, ErrorCode.VALIDATION_ERROR, 'This sale is too large: split it into smaller sales.');
    }
    throw error;
  }
  const lines = resolved.map((r, position) => {
    const p = pricing.lines[position];
    if (!p) throw new Error('priced line missing');
    return {
      id: newOrderedId(),
      store_id: store.id,
      position,
      product_id: r.product?.id ?? null,
      code: r.input.code ?? null,
      name: r.name,
      unit_price: r.unitPrice,
      unit_cost: Number(r.product?.cost ?? 0),
      quantity: r.input.quantity,
      refunded_quantity: 0,
      ...discountColumns(r.input.discount),
      line_discount: p.lineDiscount,
      cart_discount: p.cartDiscount,
      net: p.net,
      tax: p.tax,
      tax_rate: p.taxRate,
      total: p.total,
    };
  });
  return { pricing, lines, taxMode };
}

/** The 400 for tenders that do not settle the sale, in a sentence the cashier can act on. */
function paymentRefused(refusal: PaymentRefusal, currency: CurrencyCode): AppError {
  switch (refusal.code) {
    case 'PAYMENT_SHORT':
      return new AppError(
        400,
        ErrorCode.PAYMENT_SHORT,
        `The payment is short by ${formatMoney(refusal.shortBy, currency)}.`,
        [{ field: 'payments', message: `Short by ${formatMoney(refusal.shortBy, currency)}` }],
      );
    case 'NON_CASH_OVERPAID': {
      const message = 'Only cash can pay more than is due: a card or other payment gives no change.';
      return new AppError(400, ErrorCode.VALIDATION_ERROR, message, [
        { field: `payments.${refusal.tender}.amount`, message },
      ]);
    }
    case 'TENDER_AFTER_PAID': {
      const message = 'The sale was already paid in full before this payment.';
      return new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field: `payments.${refusal.tender}`, message }]);
    }
    case 'CURRENCY_NOT_ACCEPTED': {
      const message = 'This store takes payment only in its main and second currency.';
      return new AppError(400, ErrorCode.VALIDATION_ERROR, message, [
        { field: `payments.${refusal.tender}.currency`, message },
      ]);
    }
    case 'NO_RATE':
      return new AppError(
        409,
        ErrorCode.RATE_MISSING,
        'There is no exchange rate for the second currency. Set one in the store settings.',
      );
  }
}

/** Prices the sale and, when it is being completed, settles its tenders at the store's rate of the moment. */
async function priceAndSettle(
  ctx: AppContext,
  store: StoreRow,
  body: Body,
): Promise<PricedSale & { taxMode: TaxMode }> {
  const { pricing, lines, taxMode } = await priceLines(ctx, store, body.lines, body.discount);
  if (body.status !== 'COMPLETED') return { pricing, lines, taxMode, settlement: null, rate: null };
  const tenders = tendersOf(body);
  const main = store.main_currency as CurrencyCode;
  const second = store.second_currency as CurrencyCode | null;
  const needsRate = tenders.some((t) => t.currency !== main);
  const rate = needsRate && second ? (await storeRate(ctx, store)).effective : null;
  const context = {
    mainCurrency: main,
    secondCurrency: second,
    rate: rate ? parseRate(rate.rate) : null,
    cashRounding: Number(store.cash_rounding),
  };
  const result = convertOrRefuse(() => settlePayment(pricing.total, tenders, context), 'payments');
  if (!result.ok) throw paymentRefused(result.refusal, main);
  return { pricing, lines, taxMode, settlement: result.settlement, rate };
}

function headerFields(store: StoreRow, sale: PricedSale & { taxMode: TaxMode }, body: Body, at: Date) {
  const { pricing, settlement, rate } = sale;
  const now = iso(at);
  return {
    status: body.status,
    updated_at: now,
    completed_at: body.status === 'COMPLETED' ? now : null,
    business_date: dateIn(at, store.timezone),
    currency: store.main_currency,
    second_currency: store.second_currency,
    rate: rate?.rate ?? null,
    rate_date: rate?.date ?? null,
    rate_source: rate?.source ?? null,
    tax_mode: sale.taxMode,
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
    item_count: body.lines.reduce((sum, l) => sum + l.quantity, 0),
    first_items: sale.lines
      .slice(0, 5)
      .map((l) => l.name)
      .join(', ')
      .slice(0, 200),
    note: body.note ?? '',
  };
}

function tenderRows(store: StoreRow, transactionId: string, settlement: Settlement | null): ShopTendersTable[] {
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
  }));
}

/** Reads a sale of the store with everything it shows. */
export async function readTransaction(ctx: AppContext, storeId: string, code: string): Promise<ShopTransaction> {
  const header = await repo.findTransactionByCode(ctx.db, storeId, code.toUpperCase());
  if (!header) throw notFound('We could not find this sale.');
  return toShopTransaction({ header, ...(await repo.transactionParts(ctx.db, storeId, header.id)) });
}

async function readByClientId(ctx: AppContext, storeId: string, clientId: string): Promise<ShopTransaction | null> {
  const header = await repo.findTransactionByClientId(ctx.db, storeId, clientId);
  if (!header) return null;
  return toShopTransaction({ header, ...(await repo.transactionParts(ctx.db, storeId, header.id)) });
}

/**
 * `POST /shop/transaction`: stores a parked cart or a completed sale. `created` is false when the
 * store already had a sale with this clientId: that first sale is answered and nothing is written.
 */
export async function createTransaction(
  ctx: AppContext,
  scope: Scope,
  body: CreateTransactionBody,
): Promise<{ created: boolean; transaction: ShopTransaction }> {
  const { store } = scope;
  const earlier = await readByClientId(ctx, store.id, body.clientId);
  if (earlier) return { created: false, transaction: earlier };

  const sale = await priceAndSettle(ctx, store, body);
  const at = ctx.clock.now();
  const header: ShopTransactionsTable = {
    id: newOrderedId(),
    store_id: store.id,
    code: newCrockfordCode(12),
    client_id: body.clientId,
    user_id: scope.userId,
    created_at: iso(at),
    refunded_amount: 0,
    ...headerFields(store, sale, body, at),
  };
  const lines = sale.lines.map((l) => ({ ...l, transaction_id: header.id }));
  const tenders = tenderRows(store, header.id, sale.settlement);

  let stored: boolean;
  try {
    const outcome = await ctx.runWrite(storeSaleTask, {
      header,
      lines,
      tenders,
      userId: scope.userId,
      ownerId: store.owner_id,
      dbKind: ctx.dbKind,
      freeLimits: ctx.config.freeLimits,
      at,
      timezone: store.timezone,
    });
    stored = outcome.stored;
    header.shift_id = outcome.shiftId;
  } catch (error) {
    // A retry of a sale that was stored while this one waited for the owner's row: answer that sale.
    const first =
      error instanceof AppError && error.statusCode === 402 ? await readByClientId(ctx, store.id, body.clientId) : null;
    if (first) return { created: false, transaction: first };
    throw error;
  }
  if (!stored) {
    // Another request with this clientId stored its sale between our first look and our insert.
    const first = await readByClientId(ctx, store.id, body.clientId);
    if (!first) throw new Error('a sale with this clientId vanished');
    return { created: false, transaction: first };
  }
  const rows: TransactionRows = { header, lines, tenders, refunds: [], refundLines: [] };
  return { created: true, transaction: toShopTransaction(rows) };
}

/** `PUT /shop/transaction/{code}`: edits a parked cart, or completes it with its payment. */
export async function updateParked(
  ctx: AppContext,
  scope: Scope,
  code: string,
  body: UpdateTransactionBody,
): Promise<ShopTransaction> {
  const { store } = scope;
  const current = await repo.findTransactionByCode(ctx.db, store.id, code.toUpperCase());
  if (!current) throw notFound('We could not find this sale.');
  const alreadyDone = () =>
    new AppError(409, ErrorCode.CONFLICT, 'This sale is already completed. Refund it instead of editing it.');
  if (current.status !== 'PARKED') throw alreadyDone();

  const sale = await priceAndSettle(ctx, store, body);
  const at = ctx.clock.now();
  const patch = headerFields(store, sale, body, at);
  const lines = sale.lines.map((l) => ({ ...l, transaction_id: current.id }));
  const tenders = tenderRows(store, current.id, sale.settlement);
  await ctx.db.transaction().execute(async (trx) => {
    if (body.status === 'COMPLETED') await assertCanCreate(trx, ctx, store.owner_id, 'transactions');
    // A parked cart joins the shift open when it is completed.
    const shift = body.status === 'COMPLETED' ? { shift_id: await openShiftIdFor(trx, ctx.dbKind, store.id) } : {};
    // Only while still parked: a second device completing the same cart meanwhile gets the 409.
    if (!(await repo.updateParkedTransaction(trx, store.id, current.id, { ...patch, ...shift }))) throw alreadyDone();
    if (body.status === 'COMPLETED')
      await moveStockOut(trx, store.id, scope.userId, current.code, lines, patch.updated_at);
    await repo.deleteLinesOf(trx, store.id, current.id);
    await repo.insertLines(trx, lines);
    await repo.insertTenders(trx, tenders);
    if (body.status === 'COMPLETED')
      await recordSale(trx, saleForStatistics(store.id, store.timezone, at, patch, lines, tenders));
  });
  return toShopTransaction({ header: { ...current, ...patch }, lines, tenders, refunds: [], refundLines: [] });
}

/** Held carts, most recently touched first. */
export async function listParked(ctx: AppContext, scope: Scope): Promise<ShopTransaction[]> {
  const headers = await repo.listParked(ctx.db, scope.store.id, 50);
  return Promise.all(
    headers.map(async (header) =>
      toShopTransaction({ header, ...(await repo.transactionParts(ctx.db, scope.store.id, header.id)) }),
    ),
  );
}
