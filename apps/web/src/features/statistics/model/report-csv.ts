import {
  csvLine,
  quantityInputText,
  minorToDecimalText,
  type CurrencyCode,
  type Statistic,
  type StatisticSummary,
  type TenderStatistic,
  type TopProduct,
} from '@shopdesk/shared';

/** The column and section titles of the CSV, in the user's language. */
export interface ReportCsvLabels {
  section: {
    totals: string;
    overTime: string;
    byQuantity: string;
    byRevenue: string;
    byProfit: string;
    tenders: string;
    stock: string;
  };
  figure: Record<string, string>;
  period: string;
  product: string;
  code: string;
  method: string;
  currency: string;
  /** A payment method's name as the reader reads it (its own name, else its default one translated). */
  methodName(row: TenderStatistic): string;
}

export interface ReportCsvInput {
  summary: StatisticSummary;
  periods: Statistic[];
  /** The value at cost is null for a member who may not see cost (the server sends none). */
  stock: { stockValueAtCost: number | null; stockValueAtPrice: number } | null;
}

const TOTAL_FIGURES = [
  'grossSales',
  'refunds',
  'netSales',
  'taxes',
  'revenue',
  'cost',
  'profit',
  'discounts',
  'transactionCount',
  'refundCount',
  'itemsSold',
  'itemsRefunded',
  'averageBasket',
] as const;
const COUNTS = new Set([
  'transactionCount',
  'refundCount',
  'itemsSold',
  'itemsRefunded',
  'quantity',
  'refundedQuantity',
]);
const PERIOD_FIGURES = [
  'transactionCount',
  'itemsSold',
  'grossSales',
  'refunds',
  'netSales',
  'taxes',
  'revenue',
  'cost',
  'profit',
] as const;
const PRODUCT_FIGURES = ['quantity', 'refundedQuantity', 'revenue', 'cost', 'profit'] as const;

/**
 * The report as shown, as CSV: money as plain decimals of the main currency (so a spreadsheet sums
 * it), counts as integers, one section after another with a blank line between.
 */
export function reportCsv(input: ReportCsvInput, labels: ReportCsvLabels): string {
  const currency = input.summary.currency as CurrencyCode;
  const cell = (key: string, value: number) => (COUNTS.has(key) ? value : minorToDecimalText(value, currency));
  const out: string[] = [];
  out.push(csvLine([labels.section.totals, `${input.summary.from} – ${input.summary.to}`, currency]));
  for (const key of TOTAL_FIGURES) out.push(csvLine([labels.figure[key] ?? key, cell(key, input.summary.totals[key])]));
  out.push('\r\n', csvLine([labels.section.overTime]));
  out.push(csvLine([labels.period, ...PERIOD_FIGURES.map((k) => labels.figure[k] ?? k)]));
  for (const p of input.periods) out.push(csvLine([p.period, ...PERIOD_FIGURES.map((k) => cell(k, p[k]))]));
  const products = (title: string, list: TopProduct[]) => {
    out.push('\r\n', csvLine([title]));
    out.push(csvLine([labels.product, labels.code, ...PRODUCT_FIGURES.map((k) => labels.figure[k] ?? k)]));
    // A weighed product's quantities as decimals of its unit (0.242), as it is shown.
    const figure = (p: TopProduct, k: (typeof PRODUCT_FIGURES)[number]) =>
      p.unit && (k === 'quantity' || k === 'refundedQuantity') ? quantityInputText(p[k], p.unit) : cell(k, p[k]);
    for (const p of list) out.push(csvLine([p.name, p.code ?? '', ...PRODUCT_FIGURES.map((k) => figure(p, k))]));
  };
  products(labels.section.byQuantity, input.summary.topProducts.byQuantity);
  products(labels.section.byRevenue, input.summary.topProducts.byRevenue);
  products(labels.section.byProfit, input.summary.topProducts.byProfit);
  out.push('\r\n', csvLine([labels.section.tenders]));
  out.push(
    csvLine([
      labels.method,
      labels.currency,
      labels.figure.taken ?? 'taken',
      labels.figure.refunded ?? 'refunded',
      labels.figure.netInMain ?? 'net',
    ]),
  );
  for (const t of input.summary.tenders) {
    const own = t.currency as CurrencyCode;
    out.push(
      csvLine([
        labels.methodName(t),
        t.currency,
        minorToDecimalText(t.taken, own),
        minorToDecimalText(t.refunded, own),
        minorToDecimalText(t.takenInMain - t.refundedInMain, currency),
      ]),
    );
  }
  if (input.stock) {
    out.push('\r\n', csvLine([labels.section.stock]));
    if (input.stock.stockValueAtCost !== null)
      out.push(
        csvLine([labels.figure.stockAtCost ?? 'cost', minorToDecimalText(input.stock.stockValueAtCost, currency)]),
      );
    out.push(
      csvLine([labels.figure.stockAtPrice ?? 'price', minorToDecimalText(input.stock.stockValueAtPrice, currency)]),
    );
  }
  return out.join('');
}
