import {
  asProductUnit,
  DEFAULT_PAYMENT_METHODS,
  PAYMENT_METHOD_KINDS,
  paymentMethodLabel,
  type CurrencyCode,
  type Discount,
  type Refund,
  type ShopTransaction,
  type Tender,
  type TenderMethod,
  type TransactionStatus,
} from '@shopdesk/shared';
import type {
  ShopRefundLinesTable,
  ShopRefundsTable,
  ShopTendersTable,
  ShopTransactionLinesTable,
  ShopTransactionsTable,
} from '../../db/types.ts';
import { saleTaxOptions } from './tax-options.ts';

/** A sale's rows, as read back or as just written. */
export interface TransactionRows {
  header: ShopTransactionsTable;
  lines: ShopTransactionLinesTable[];
  tenders: ShopTendersTable[];
  refunds: ShopRefundsTable[];
  refundLines: ShopRefundLinesTable[];
}

export function discountOf(kind: string | null, value: number | null): Discount | null {
  if (kind === 'AMOUNT') return { kind, amount: Number(value) };
  if (kind === 'PERCENT') return { kind, basisPoints: Number(value) };
  return null;
}

/** Kind and value columns of a discount. */
export function discountColumns(discount: Discount | null | undefined) {
  if (!discount) return { discount_kind: null, discount_value: null };
  return {
    discount_kind: discount.kind,
    discount_value: discount.kind === 'AMOUNT' ? discount.amount : discount.basisPoints,
  };
}

function toTender(row: ShopTendersTable): Tender {
  return {
    method: row.method as TenderMethod,
    currency: row.currency as CurrencyCode,
    amount: Number(row.amount),
    applied: Number(row.applied),
    change: Number(row.change),
    changeInMain: Number(row.change_in_main),
    changeCurrency: (row.change_currency ?? row.currency) as CurrencyCode,
    ...tenderMethodFields(row),
    ...(row.card_code ? { cardCode: row.card_code, cardBalance: nullableNumber(row.card_balance) } : {}),
  };
}

function nullableNumber(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** The tender's method as it was paid; a tender stored before named tenders reads as its fixed method. */
function tenderMethodFields(row: ShopTendersTable) {
  const label = row.payment_method_id ? null : paymentMethodLabel(row.method, []);
  return {
    methodId: label?.methodId ?? row.payment_method_id ?? row.method,
    methodName: label ? label.name : (row.method_name ?? null),
    methodDefaultName: label
      ? label.defaultName
      : (DEFAULT_PAYMENT_METHODS.find((d) => d === row.method_default_name) ?? null),
    methodKind: label?.kind ?? PAYMENT_METHOD_KINDS.find((k) => k === row.method_kind) ?? 'OTHER',
    reference: row.reference ?? null,
  };
}

/** The sale's customer as kept with it, and its points; null for a sale without one (or unlinked since). */
function saleCustomerOf(h: TransactionRows['header']): Pick<ShopTransaction, 'customer' | 'points'> {
  if (!h.customer_id) return { customer: null, points: null };
  return {
    customer: { id: h.customer_id, code: h.customer_code ?? '', name: h.customer_name ?? '' },
    points: {
      earned: Number(h.points_earned ?? 0),
      redeemed: Number(h.points_redeemed ?? 0),
      balance: Number(h.points_balance ?? 0),
      discount: Number(h.points_discount ?? 0),
    },
  };
}

/** The API's ShopTransaction from its rows (both engines hand bigints back as numbers). */
export function toShopTransaction(rows: TransactionRows): ShopTransaction {
  const { header: h } = rows;
  const refunds: Refund[] = rows.refunds.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    restock: Number(r.restock) === 1,
    amount: Number(r.amount),
    tax: Number(r.tax),
    note: r.note,
    userId: r.user_id,
    approvedBy: r.approved_by ?? null,
    pointsReversed: Number(r.points_reversed ?? 0),
    pointsReturned: Number(r.points_returned ?? 0),
    toStoreCredit: Number(r.to_store_credit ?? 0) === 1,
    lines: rows.refundLines
      .filter((l) => l.refund_id === r.id)
      .map((l) => ({
        lineId: l.line_id,
        quantity: Number(l.quantity),
        amount: Number(l.amount),
        tax: Number(l.tax),
        restocked: Number(l.restocked),
      })),
    tenders: rows.tenders.filter((t) => t.refund_id === r.id).map(toTender),
  }));
  return {
    id: h.id,
    code: h.code,
    clientId: h.client_id,
    status: h.status as TransactionStatus,
    soldAt: h.sold_at,
    createdAt: h.created_at,
    updatedAt: h.updated_at,
    completedAt: h.completed_at,
    currency: h.currency as CurrencyCode,
    secondCurrency: h.second_currency as CurrencyCode | null,
    rate:
      h.rate && h.second_currency && h.rate_date
        ? {
            base: h.currency as CurrencyCode,
            quote: h.second_currency as CurrencyCode,
            rate: h.rate,
            date: h.rate_date,
            source: h.rate_source ?? '',
          }
        : null,
    taxMode: h.tax_mode as ShopTransaction['taxMode'],
    // Before per-rate tax a sale was priced per line: saleTaxOptions reads its null columns so.
    taxCalculation: saleTaxOptions(h).calculation,
    taxRounding: saleTaxOptions(h).rounding,
    taxRegistrationNumber: h.tax_registration_number ?? null,
    lines: rows.lines.map((l) => ({
      id: l.id,
      productId: l.product_id,
      code: l.code,
      name: l.name,
      unitPrice: Number(l.unit_price),
      quantity: Number(l.quantity),
      refundedQuantity: Number(l.refunded_quantity),
      lineDiscount: Number(l.line_discount),
      cartDiscount: Number(l.cart_discount),
      net: Number(l.net),
      tax: Number(l.tax),
      taxRate: Number(l.tax_rate),
      total: Number(l.total),
      unit: asProductUnit(l.unit),
      labelPrice: l.label_price === null ? null : Number(l.label_price),
      priceOverride: Number(l.price_override) === 1,
      cataloguePrice: l.catalogue_price === null ? null : Number(l.catalogue_price),
      label: l.label_code ?? null,
      pointsDiscount: Number(l.points_discount ?? 0),
      // '' marks a held cart's gift card line whose card is numbered at completion (sale-stored-value.ts).
      ...(l.gift_card_code === null || l.gift_card_code === undefined
        ? {}
        : { giftCard: true, giftCardCode: l.gift_card_code || null }),
    })),
    discount: discountOf(h.discount_kind, h.discount_value),
    gross: Number(h.gross),
    lineDiscounts: Number(h.line_discounts),
    cartDiscount: Number(h.cart_discount),
    ...saleCustomerOf(h),
    taxes: JSON.parse(h.taxes) as ShopTransaction['taxes'],
    tax: Number(h.tax),
    total: Number(h.total),
    rounding: Number(h.rounding),
    due: Number(h.due),
    payments: rows.tenders.filter((t) => t.refund_id === null).map(toTender),
    changeInMain: Number(h.change_in_main),
    refunds,
    refundedAmount: Number(h.refunded_amount),
    note: h.note,
    userId: h.user_id,
    approvedBy: h.approved_by ?? null,
  };
}
