import {
  amountOfQuantity,
  countItems,
  paymentMethodLabel,
  tenderMethodOfLabel,
  type Statistic,
  type StatisticSummary,
  type TopProduct,
} from '@shopdesk/shared';
import type { Db } from '../../db/database.ts';

/**
 * The reports recomputed the slow way, for tests: every sale, line, refund and tender row of a
 * store read back and bucketed in JavaScript, with a local-time conversion that does not share
 * code with the one the aggregates use (toLocaleString instead of formatToParts).
 */

function local(atIso: string, timezone: string): { date: string; hour: number } {
  // sv-SE prints "2026-12-31 23:05:00"; hour12: false may print 24 for midnight in some engines.
  const text = new Date(atIso).toLocaleString('sv-SE', { timeZone: timezone, hourCycle: 'h23' });
  const [date, time] = text.split(' ') as [string, string];
  return { date, hour: Number(time.slice(0, 2)) % 24 };
}

interface Bucket {
  sales: number;
  refundCount: number;
  itemsSold: number;
  itemsRefunded: number;
  gross: number;
  refunds: number;
  discounts: number;
  tax: number;
  refundedTax: number;
  cost: number;
  refundedCost: number;
}

const emptyBucket = (): Bucket => ({
  sales: 0,
  refundCount: 0,
  itemsSold: 0,
  itemsRefunded: 0,
  gross: 0,
  refunds: 0,
  discounts: 0,
  tax: 0,
  refundedTax: 0,
  cost: 0,
  refundedCost: 0,
});

interface ProductDelta {
  productId: string | null;
  code: string | null;
  name: string;
  quantity: number;
  refunded: number;
  revenue: number;
  refundedRevenue: number;
  cost: number;
  refundedCost: number;
}

export interface Event {
  date: string;
  hour: number;
  bucket: Bucket;
  products: Map<string, ProductDelta>;
  tenders: {
    method: string;
    currency: string;
    sales: number;
    refunds: number;
    taken: number;
    takenInMain: number;
    refunded: number;
    refundedInMain: number;
  }[];
}

/** One event per completed sale and per refund, at its local date and hour. */
export async function storeEvents(db: Db, storeId: string, timezone: string): Promise<Event[]> {
  const n = Number;
  const [sales, lines, refunds, refundLines, tenders] = await Promise.all([
    db
      .selectFrom('shop_transactions')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('status', '!=', 'PARKED')
      .execute(),
    db.selectFrom('shop_transaction_lines').selectAll().where('store_id', '=', storeId).execute(),
    db.selectFrom('shop_refunds').selectAll().where('store_id', '=', storeId).execute(),
    db.selectFrom('shop_refund_lines').selectAll().where('store_id', '=', storeId).execute(),
    db.selectFrom('shop_tenders').selectAll().where('store_id', '=', storeId).execute(),
  ]);
  const lineById = new Map(lines.map((l) => [l.id, l]));
  const events: Event[] = [];
  const product = (l: (typeof lines)[number]) => ({
    key: l.product_id ?? `open:${l.name}`,
    info: { productId: l.product_id, code: l.code, name: l.name },
  });
  for (const sale of sales) {
    const at = local(sale.completed_at as string, timezone);
    // Gift cards sold are money held, not sales of goods.
    const mine = lines.filter((l) => l.transaction_id === sale.id && !l.gift_card_code);
    const cards = lines
      .filter((l) => l.transaction_id === sale.id && l.gift_card_code)
      .reduce((s, l) => s + n(l.total), 0);
    const bucket = emptyBucket();
    bucket.sales = 1;
    bucket.itemsSold = countItems(mine.map((l) => ({ quantity: n(l.quantity), unit: l.unit })));
    bucket.gross = n(sale.total) - cards;
    bucket.discounts = n(sale.line_discounts) + n(sale.cart_discount);
    bucket.tax = n(sale.tax);
    bucket.cost = mine.reduce((s, l) => s + amountOfQuantity(n(l.quantity), n(l.unit_cost), l.unit), 0);
    const products: Event['products'] = new Map();
    for (const l of mine) {
      const { key, info } = product(l);
      const p = products.get(key) ?? {
        ...info,
        quantity: 0,
        refunded: 0,
        revenue: 0,
        refundedRevenue: 0,
        cost: 0,
        refundedCost: 0,
      };
      p.quantity += n(l.quantity);
      p.revenue += n(l.total) - n(l.tax);
      p.cost += amountOfQuantity(n(l.quantity), n(l.unit_cost), l.unit);
      products.set(key, p);
    }
    const saleTenders = tenders
      .filter((t) => t.transaction_id === sale.id && t.refund_id === null)
      .map((t) => ({
        method: t.payment_method_id ?? t.method,
        currency: t.currency,
        sales: 1,
        refunds: 0,
        taken: n(t.amount) - n(t.change),
        takenInMain: n(t.applied),
        refunded: 0,
        refundedInMain: 0,
      }));
    events.push({ ...at, bucket, products, tenders: saleTenders });
  }
  for (const refund of refunds) {
    const at = local(refund.created_at, timezone);
    const mine = refundLines.filter((r) => r.refund_id === refund.id && !lineById.get(r.line_id)?.gift_card_code);
    const bucket = emptyBucket();
    bucket.refundCount = 1;
    const products: Event['products'] = new Map();
    for (const r of mine) {
      const line = lineById.get(r.line_id)!;
      bucket.itemsRefunded += countItems([{ quantity: n(r.quantity), unit: line.unit }]);
      bucket.refunds += n(r.amount);
      bucket.refundedTax += n(r.tax);
      bucket.refundedCost += amountOfQuantity(n(r.quantity), n(line.unit_cost), line.unit);
      const { key, info } = product(line);
      const p = products.get(key) ?? {
        ...info,
        quantity: 0,
        refunded: 0,
        revenue: 0,
        refundedRevenue: 0,
        cost: 0,
        refundedCost: 0,
      };
      p.refunded += n(r.quantity);
      p.refundedRevenue += n(r.amount) - n(r.tax);
      p.refundedCost += amountOfQuantity(n(r.quantity), n(line.unit_cost), line.unit);
      products.set(key, p);
    }
    const refundTenders = tenders
      .filter((t) => t.refund_id === refund.id)
      .map((t) => ({
        method: t.payment_method_id ?? t.method,
        currency: t.currency,
        sales: 0,
        refunds: 1,
        taken: 0,
        takenInMain: 0,
        refunded: n(t.amount),
        refundedInMain: n(t.applied),
      }));
    events.push({ ...at, bucket, products, tenders: refundTenders });
  }
  return events;
}

function figures(b: Bucket) {
  const taxes = b.tax - b.refundedTax;
  const revenue = b.gross - b.refunds - taxes;
  const cost = b.cost - b.refundedCost;
  return {
    transactionCount: b.sales,
    refundCount: b.refundCount,
    itemsSold: b.itemsSold,
    itemsRefunded: b.itemsRefunded,
    grossSales: b.gross,
    refunds: b.refunds,
    netSales: b.gross - b.refunds,
    discounts: b.discounts,
    taxes,
    revenue,
    cost,
    profit: revenue - cost,
  };
}

function add(into: Bucket, b: Bucket): void {
  for (const k of Object.keys(into) as (keyof Bucket)[]) into[k] += b[k];
}

/** Every period of [from, to] with a sale or a refund, oldest first. */
export function expectedPeriods(
  events: Event[],
  from: string,
  to: string,
  groupBy: 'hour' | 'day' | 'month',
): Statistic[] {
  const buckets = new Map<string, Bucket>();
  for (const e of events) {
    if (e.date < from || e.date > to) continue;
    const period =
      groupBy === 'hour'
        ? `${e.date}T${String(e.hour).padStart(2, '0')}`
        : groupBy === 'day'
          ? e.date
          : e.date.slice(0, 7);
    const b = buckets.get(period) ?? emptyBucket();
    add(b, e.bucket);
    buckets.set(period, b);
  }
  return [...buckets.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([period, b]) => ({ period, ...figures(b) }));
}

/** The summary's totals, every product's figures and the tenders of [from, to]. */
export function expectedSummary(events: Event[], from: string, to: string) {
  const total = emptyBucket();
  const products = new Map<string, TopProduct>();
  const tenders = new Map<string, StatisticSummary['tenders'][number]>();
  for (const e of events) {
    if (e.date < from || e.date > to) continue;
    add(total, e.bucket);
    for (const [key, p] of e.products) {
      const into = products.get(key) ?? {
        productId: p.productId,
        code: p.code,
        name: p.name,
        quantity: 0,
        refundedQuantity: 0,
        revenue: 0,
        cost: 0,
        profit: 0,
      };
      into.quantity += p.quantity - p.refunded;
      into.refundedQuantity += p.refunded;
      into.revenue += p.revenue - p.refundedRevenue;
      into.cost += p.cost - p.refundedCost;
      into.profit = into.revenue - into.cost;
      products.set(key, into);
    }
    for (const t of e.tenders) {
      const key = `${t.method} ${t.currency}`;
      // The store's own methods are not read here: tests of this helper keep the default ones.
      const label = paymentMethodLabel(t.method, []);
      const into = tenders.get(key) ?? {
        ...label,
        method: tenderMethodOfLabel(label),
        currency: t.currency,
        salesCount: 0,
        refundCount: 0,
        taken: 0,
        takenInMain: 0,
        refunded: 0,
        refundedInMain: 0,
      };
      into.salesCount += t.sales;
      into.refundCount += t.refunds;
      into.taken += t.taken;
      into.takenInMain += t.takenInMain;
      into.refunded += t.refunded;
      into.refundedInMain += t.refundedInMain;
      tenders.set(key, into);
    }
  }
  return {
    totals: figures(total),
    products,
    tenders: [...tenders.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, t]) => t),
  };
}
