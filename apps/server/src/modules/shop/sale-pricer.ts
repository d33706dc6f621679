import {
  asProductUnit,
  DEVICE_RATE_TOLERANCE_BP,
  isMeasuredUnit,
  MAX_LINE_QUANTITY,
  MAX_SALE_AMOUNT,
  ErrorCode,
  formatMoney,
  parseRate,
  PAYMENT_METHOD_NAMES,
  priceSale,
  settlePayment,
  type CreateTransactionBody,
  type CurrencyCode,
  type Discount,
  type ExchangeRate,
  type PaymentRefusal,
  type SaleLineInput,
  type SalePricing,
  type Settlement,
  type TaxMode,
  type TenderInput,
  type UpdateTransactionBody,
} from '@shopdesk/shared';
import type { ShopTransactionLinesTable, StoreRow } from '../../db/types.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import { newOrderedId } from '../../lib/ids.ts';
import { methodsForTenders } from '../payment-methods/index.ts';
import { storeRate } from '../rates/index.ts';
import { priceCatalogueLines } from './catalogue-prices.ts';
import { convertOrRefuse } from './conversion.ts';
import { nameTenders, type NamedTender } from './named-tenders.ts';
import { assertPointsFit, requestedPointsDiscount } from './sale-loyalty.ts';
import { storeTaxOptions } from './tax-options.ts';
import { discountColumns } from './transaction-view.ts';
import * as repo from './transactions.repo.ts';

/**
 * Pricing a sale as the server stores it (product.md §5): the products' prices and tax rates at
 * the moment of the sale, the arithmetic of @shopdesk/shared (the counter shows the same figures
 * before the server answers), and, for a completed sale, its tenders settled at the rate the
 * customer was shown. Reads only: checkout.service.ts writes what this returns.
 */

/** A sale as a request brings it: a new sale or held cart, or a held cart edited or completed. */
export type SaleBody = CreateTransactionBody | UpdateTransactionBody;

export interface PricedSale {
  pricing: SalePricing;
  lines: Omit<ShopTransactionLinesTable, 'transaction_id'>[];
  settlement: Settlement | null;
  /** Each settled tender's payment method and reference, in the settlement's order. */
  named: NamedTender[];
  rate: ExchangeRate | null;
}

const TAX_MODES: readonly TaxMode[] = ['NONE', 'INCLUSIVE', 'EXCLUSIVE'];

function tendersOf(body: SaleBody): TenderInput[] {
  return body.payments ?? (body.payment ? [body.payment] : []);
}

/** The products of these codes: one prepared read per CODES_PER_READ codes (usually one). */
async function productsByCodes(ctx: AppContext, storeId: string, codes: string[]) {
  const groups: string[][] = [];
  for (let i = 0; i < codes.length; i += repo.CODES_PER_READ) {
    const group = codes.slice(i, i + repo.CODES_PER_READ);
    // Padded with its last code: the same text whatever the count.
    groups.push([...group, ...Array<string>(repo.CODES_PER_READ - group.length).fill(group.at(-1)!)]);
  }
  const found = await Promise.all(groups.map((group) => ctx.readAll(repo.productsByCodesQuery, storeId, ...group)));
  return found.flat();
}

/**
 * Looks up the coded lines' products and prices the sale at the catalogue prices in effect at
 * `soldAt` (catalogue-prices.ts); unknown codes are a 404 naming each line.
 */
async function priceLines(
  ctx: AppContext,
  store: StoreRow,
  inputs: SaleLineInput[],
  discount: Discount | null | undefined,
  soldAt: Date,
  pointsDiscount: number,
) {
  const codes = [...new Set(inputs.flatMap((l) => (l.code ? [l.code] : [])))];
  const products = new Map((await productsByCodes(ctx, store.id, codes)).map((p) => [p.code, p]));
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
  const tax = storeTaxOptions(store);
  const catalogue = await priceCatalogueLines(ctx, store, inputs, products, soldAt.toISOString());
  const resolved = inputs.map((l, i) => {
    const product = l.code ? products.get(l.code) : undefined;
    const priced = catalogue[i];
    return {
      input: l,
      product,
      priced,
      // Open-price lines are counted in pieces.
      unit: asProductUnit(product?.unit),
      unitPrice: l.giftCard?.amount ?? priced?.unitPrice ?? l.unitPrice ?? 0,
      name: l.giftCard ? giftCardLineName(store) : (l.name ?? product?.name ?? ''),
    };
  });
  assertQuantitiesFitUnits(resolved);
  let pricing: SalePricing;
  try {
    pricing = priceSale(
      resolved.map((r) => ({
        unitPrice: r.unitPrice,
        quantity: r.input.quantity,
        unit: r.unit,
        labelPrice: r.input.labelPrice,
        discount: r.input.discount ?? null,
        // A product's own rate (e.g. a reduced food rate) wins; open-price lines take the default.
        taxRate: Number(r.product?.tax_rate ?? store.default_tax_rate),
        giftCard: r.input.giftCard !== undefined,
      })),
      discount,
      taxMode,
      // The store's calculation now; the sale stores it (headerFields), so its refunds follow it.
      { ...tax, pointsDiscount },
    );
  } catch (error) {
    if (error instanceof RangeError) throw saleTooLarge();
    throw error;
  }
  // Bounds before anything is stored (product.md §2): a held cart or sale past them would be kept,
  // then break every screen that reads it (a total past 2^53 is no exact number).
  if (pricing.gross > MAX_SALE_AMOUNT || pricing.total > MAX_SALE_AMOUNT) throw saleTooLarge();
  assertPointsFit(pointsDiscount, pricing);
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
      unit: r.unit,
      label_price: r.input.labelPrice ?? null,
      // Only a product's price can be overridden; an open-price line's price is its own (OPEN_PRICE).
      price_override: r.priced?.priceOverride ? 1 : 0,
      catalogue_price: r.priced?.cataloguePrice ?? null,
      label_code: r.priced?.labelCode ?? null,
      // Shares of the points earned and used are the sale's customer's (sale-loyalty.ts).
      points_discount: p.pointsDiscount,
      points_earned: 0,
      points_used: 0,
      // A gift card's code is set once the sale completes (sale-stored-value.ts); a scanned card's now.
      gift_card_code: r.input.giftCard?.code ?? null,
    };
  });
  return { pricing, lines, taxMode };
}

/** A gift card line's name as the sale keeps it: in the store's receipt language (yen: Japanese). */
function giftCardLineName(store: StoreRow): string {
  return PAYMENT_METHOD_NAMES[store.main_currency === 'JPY' ? 'ja' : 'en'].GIFT_CARD;
}

function saleTooLarge(): AppError {
  const message = `This sale is too large: its total may be at most ${MAX_SALE_AMOUNT.toLocaleString('en-US')} minor units. Split it into smaller sales.`;
  return new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field: 'lines', message }]);
}

/**
 * An EACH line (or an open-price one) counts whole pieces, at most MAX_LINE_QUANTITY as before
 * units existed; only a measured line counts thousandths up to the schema's bound, and only it
 * may carry a label's price (a price-embedded label of a piece sets its unit price instead).
 */
function assertQuantitiesFitUnits(
  lines: ReadonlyArray<{ input: SaleLineInput; unit: ReturnType<typeof asProductUnit> }>,
): void {
  const problems = lines.flatMap(({ input, unit }, i) => {
    if (isMeasuredUnit(unit)) return [];
    if (input.quantity > MAX_LINE_QUANTITY) {
      return [{ field: `lines.${i}.quantity`, message: `Quantity must be at most ${MAX_LINE_QUANTITY}` }];
    }
    if (input.labelPrice !== undefined) {
      return [
        { field: `lines.${i}.labelPrice`, message: 'Only a product sold by weight or measure has a label price' },
      ];
    }
    return [];
  });
  const first = problems[0];
  if (first) throw new AppError(400, ErrorCode.VALIDATION_ERROR, first.message, problems);
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
    case 'CHANGE_CURRENCY': {
      const message = "Change is handed back in the tender's own currency or in the store's main currency.";
      return new AppError(400, ErrorCode.VALIDATION_ERROR, message, [
        { field: `payments.${refusal.tender}.changeCurrency`, message },
      ]);
    }
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

/**
 * The rate a second-currency tender converts with: the one the counter showed the customer when
 * the sale carries it and it lies within DEVICE_RATE_TOLERANCE_BP of the store's rate (a sale
 * synced later keeps the rate it was paid at), else refused; the store's rate when the sale carries
 * none. With no store rate to compare, the device's rate is taken: it came from this server.
 */
async function saleRate(ctx: AppContext, store: StoreRow, body: SaleBody): Promise<ExchangeRate | null> {
  const current = (await storeRate(ctx, store)).effective;
  const shown = body.rate;
  if (!shown || !store.second_currency) return current;
  const device = parseRate(shown.rate);
  const reference = current ? parseRate(current.rate) : null;
  if (device && reference) {
    // |device − reference| / reference ≤ tolerance, in integers: cross-multiplied over both denominators.
    const d = device.numerator * reference.denominator;
    const r = reference.numerator * device.denominator;
    const gap = d > r ? d - r : r - d;
    if (gap * 10_000n > r * BigInt(DEVICE_RATE_TOLERANCE_BP)) {
      const message = `The exchange rate this sale was paid at (${shown.rate}) is too far from the store's rate (${current?.rate}). Check the rate on the device and take the payment again.`;
      throw new AppError(400, ErrorCode.RATE_IMPLAUSIBLE, message, [{ field: 'rate.rate', message }]);
    }
  }
  return {
    base: store.main_currency as CurrencyCode,
    quote: store.second_currency as CurrencyCode,
    rate: shown.rate,
    date: shown.date,
    source: shown.source,
  };
}

/** Prices the sale and, when it is being completed, settles its tenders at the rate it was paid at. */
export async function priceAndSettle(
  ctx: AppContext,
  store: StoreRow,
  body: SaleBody,
  soldAt: Date,
): Promise<PricedSale & { taxMode: TaxMode }> {
  const completed = body.status === 'COMPLETED';
  // The store's methods (usually this process's copy) beside the products, only for a sale being paid.
  const tenders = tendersOf(body);
  const [{ pricing, lines, taxMode }, methods] = await Promise.all([
    priceLines(ctx, store, body.lines, body.discount, soldAt, requestedPointsDiscount(store, body)),
    completed ? methodsForTenders(ctx, store, tenders) : null,
  ]);
  if (!completed || !methods) return { pricing, lines, taxMode, settlement: null, named: [], rate: null };
  const named = nameTenders(tenders, methods, body.payment ? 'payment' : 'payments');
  const main = store.main_currency as CurrencyCode;
  const second = store.second_currency as CurrencyCode | null;
  const needsRate = tenders.some((t) => t.currency !== main);
  const rate = needsRate && second ? await saleRate(ctx, store, body) : null;
  const context = {
    mainCurrency: main,
    secondCurrency: second,
    rate: rate ? parseRate(rate.rate) : null,
    cashRounding: Number(store.cash_rounding),
  };
  const result = convertOrRefuse(() => settlePayment(pricing.total, tenders, context), 'payments');
  if (!result.ok) throw paymentRefused(result.refusal, main);
  return { pricing, lines, taxMode, settlement: result.settlement, named, rate };
}
