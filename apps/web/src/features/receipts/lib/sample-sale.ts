import {
  amountInCurrency,
  isQualifiedInvoice,
  JAPAN_REDUCED_TAX_RATE,
  type ExchangeRate,
  type ShopTransaction,
  type TransactionLine,
  type VirtualStore,
} from '@shopdesk/shared';

/** What the sample receipt's items are called, in the reader's language. */
export interface SampleNames {
  first: string;
  second: string;
  /** Who the sample was served by (a first name), for the "Served by" line. */
  cashier?: string;
}

/**
 * A made-up sale for the preview of a store that has sold nothing yet: two items at the store's
 * tax settings, paid in cash with change (in the second currency when the store has one and a rate).
 * Amounts are minor units that read as plausible prices in any currency (350 = $3.50 or ¥350).
 * A yen store with a registration number previews a qualified invoice: its first item is food at
 * the reduced rate (8%), so the preview shows the ※ mark and both rates' totals.
 */
export function sampleSale(store: VirtualStore, names: SampleNames, rate: ExchangeRate | null): ShopTransaction {
  const registrationNumber = store.taxRegistrationNumber ?? null;
  const qualified = isQualifiedInvoice({ currency: store.mainCurrency, store: { registrationNumber } });
  const standard = store.taxMode === 'NONE' ? 0 : store.defaultTaxRate;
  const line = (id: string, name: string, unitPrice: number, quantity: number, rateBp = standard): TransactionLine => {
    const net = unitPrice * quantity;
    const tax =
      store.taxMode === 'EXCLUSIVE'
        ? Math.round((net * rateBp) / 10_000)
        : store.taxMode === 'INCLUSIVE'
          ? Math.round((net * rateBp) / (10_000 + rateBp))
          : 0;
    const total = store.taxMode === 'EXCLUSIVE' ? net + tax : net;
    return {
      id,
      productId: null,
      code: null,
      name,
      unitPrice,
      quantity,
      refundedQuantity: 0,
      lineDiscount: 0,
      cartDiscount: 0,
      net,
      tax,
      taxRate: rateBp,
      total,
      unit: 'EACH',
      labelPrice: null,
      priceOverride: false,
      cataloguePrice: null,
      label: null,
    };
  };
  const reduced = qualified && store.taxMode !== 'NONE' ? JAPAN_REDUCED_TAX_RATE : standard;
  const lines = [line('sample-1', names.first, 350, 2, reduced), line('sample-2', names.second, 280, 1)];
  const sum = (pick: (l: TransactionLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const total = sum((l) => l.total);
  const tax = sum((l) => l.tax);
  const second = store.secondCurrency && rate ? store.secondCurrency : null;
  const paidInSecond = second && rate ? amountInCurrency(total, store.mainCurrency, second, rate.rate) : null;
  const tender =
    second && paidInSecond !== null
      ? { currency: second, amount: paidInSecond, change: 0, changeInMain: 0 }
      : { currency: store.mainCurrency, amount: 1_000 * Math.ceil(total / 1_000), change: 0, changeInMain: 0 };
  if (tender.currency === store.mainCurrency) tender.change = tender.changeInMain = tender.amount - total;
  const now = new Date().toISOString();
  return {
    id: 'sample',
    code: '0000SAMPLE00',
    clientId: 'sample',
    status: 'COMPLETED',
    soldAt: now,
    createdAt: now,
    updatedAt: now,
    completedAt: now,
    currency: store.mainCurrency,
    secondCurrency: second,
    rate: second ? rate : null,
    taxMode: store.taxMode,
    taxRegistrationNumber: registrationNumber,
    lines,
    discount: null,
    gross: sum((l) => l.unitPrice * l.quantity),
    lineDiscounts: 0,
    cartDiscount: 0,
    taxes: store.taxMode === 'NONE' ? [] : taxesByRate(lines, store.taxMode === 'INCLUSIVE'),
    tax,
    total,
    rounding: 0,
    due: total,
    payments: [{ method: 'CASH', applied: total, ...tender, changeCurrency: tender.currency }],
    changeInMain: tender.changeInMain,
    refunds: [],
    refundedAmount: 0,
    note: '',
    servedBy: names.cashier ? { userId: 'sample', name: names.cashier } : null,
  };
}

/** The lines' tax per rate, ascending, as a sale stores it (`base` without the tax). */
function taxesByRate(lines: TransactionLine[], inclusive: boolean): ShopTransaction['taxes'] {
  const byRate = new Map<number, { rate: number; base: number; tax: number }>();
  for (const l of lines) {
    const bucket = byRate.get(l.taxRate) ?? { rate: l.taxRate, base: 0, tax: 0 };
    bucket.base += inclusive ? l.net - l.tax : l.net;
    bucket.tax += l.tax;
    byRate.set(l.taxRate, bucket);
  }
  return [...byRate.values()].sort((a, b) => a.rate - b.rate);
}
