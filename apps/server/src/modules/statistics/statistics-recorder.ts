import { amountOfQuantity, countItems } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import { localHour } from '../../core/local-hour.ts';
import type { StatHoursTable, StatProductsDayTable, StatProductsMonthTable, StatTendersTable } from '../../db/types.ts';
import * as repo from './statistics-write.repo.ts';

/**
 * Keeps the aggregates exact: the shop module calls these inside the database transaction that
 * completes a sale or stores a refund, so the figures commit (or roll back) with it. A refund is
 * bucketed at the moment it is made, not at the sale's, so a day's report includes that day's refunds.
 */

export interface SaleForStatistics {
  /** The sale's id: it picks the report rows' slot. */
  id: string;
  storeId: string;
  timezone: string;
  /** When the sale was completed. */
  at: Date;
  total: number;
  tax: number;
  discounts: number;
  lines: readonly {
    product_id: string | null;
    code: string | null;
    name: string;
    quantity: number;
    unit_cost: number;
    /** EACH, or the measured unit whose thousandths `quantity` counts (its cost is per unit). */
    unit: string;
    total: number;
    tax: number;
    /** Set: a gift card sold (not sales of goods). */
    gift_card_code?: string | null | undefined;
  }[];
  tenders: readonly (TenderOfStatistics & { change: number })[];
}

/**
 * A tender as the reports count it: under its payment method's id, or its fixed method (CASH, CARD,
 * OTHER: also those default methods' ids) when it was stored before named tenders.
 */
interface TenderOfStatistics {
  method: string;
  payment_method_id?: string | null | undefined;
  currency: string;
  amount: number;
  applied: number;
}

const tenderKey = (t: TenderOfStatistics) => t.payment_method_id ?? t.method;

export interface RefundForStatistics {
  /** The refund's id: it picks the report rows' slot. */
  id: string;
  storeId: string;
  timezone: string;
  /** When the refund was made. */
  at: Date;
  transactionId: string;
  lines: readonly { line_id: string; quantity: number; amount: number; tax: number }[];
  tenders: readonly TenderOfStatistics[];
}

type ProductDelta = Omit<StatProductsDayTable, 'store_id' | 'business_date'>;
type TenderDelta = Omit<StatTendersTable, 'store_id' | 'business_date' | 'slot'>;

/**
 * How many rows a store's hour, and each tender of its day, is spread over (migration
 * 202611271800). Every sale of a store adds to these rows and holds their locks until its commit
 * is flushed, so with one row each a store's sales committed one after the other on PostgreSQL;
 * over 8 rows, concurrent sales mostly miss each other, and a report sums at most 8 rows where
 * it read one. The slot comes from the sale's (or refund's) id, so a retry of the same write adds
 * to the same row, and all the rows of one sale share it (they are still locked in key order).
 *
 * SQLite gets the same slots although its one writer never waits on a row: one rule on both
 * engines, its reads sum slots in every SQLite test too, and 8 small rows per hour cost nothing
 * measurable.
 */
export const STAT_SLOTS = 8;

export function statSlot(id: string): number {
  // FNV-1a: any stable, even spread of the id's characters does.
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return hash % STAT_SLOTS;
}

type DbKind = 'sqlite' | 'postgres';

const productKey = (productId: string | null, name: string) => productId ?? `open:${name}`;

function merged<T>(rows: T[], key: (row: T) => string, add: (into: T, row: T) => void): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    const k = key(row);
    const into = byKey.get(k);
    if (into) add(into, row);
    else byKey.set(k, { ...row });
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

function addProductDelta(into: ProductDelta, row: ProductDelta): void {
  into.quantity += row.quantity;
  into.refunded_quantity += row.refunded_quantity;
  into.revenue += row.revenue;
  into.refunded_revenue += row.refunded_revenue;
  into.cost += row.cost;
  into.refunded_cost += row.refunded_cost;
}

function addTenderDelta(into: TenderDelta, row: TenderDelta): void {
  into.sales_count += row.sales_count;
  into.refund_count += row.refund_count;
  into.taken += row.taken;
  into.taken_in_main += row.taken_in_main;
  into.refunded += row.refunded;
  into.refunded_in_main += row.refunded_in_main;
}

/** The rows a sale or a refund adds to: its hour, its products (by day and by month), its tenders. */
export interface StatRows {
  hour: StatHoursTable;
  productsDay: StatProductsDayTable[];
  productsMonth: StatProductsMonthTable[];
  tenders: StatTendersTable[];
}

/** Rows with the same key merged and in key order (see statistics-write.repo.ts). */
function statRows(hour: StatHoursTable, products: ProductDelta[], tenders: TenderDelta[]): StatRows {
  const { store_id: storeId, business_date: date } = hour;
  const rows = merged(products, (p) => p.product_key, addProductDelta);
  return {
    hour,
    productsDay: rows.map((p) => ({ ...p, store_id: storeId, business_date: date })),
    productsMonth: rows.map((p) => ({ ...p, store_id: storeId, month: date.slice(0, 7) })),
    tenders: merged(tenders, (t) => `${t.method}\u0000${t.currency}`, addTenderDelta).map((t) => ({
      ...t,
      store_id: storeId,
      business_date: date,
      slot: hour.slot,
    })),
  };
}

/**
 * Adds a sale's or a refund's rows to the aggregates. On SQLite the product rows wait in
 * `stat_products_pending` for the fold (statistics-fold.ts): adding to the day and month rows, one
 * page per product in two large trees, was the largest part of what SQLite's one writer copies into
 * its WAL for a sale. PostgreSQL's writers do not queue behind one another, so there a sale adds to
 * them directly (as its one statement does).
 */
export async function recordStatRows(db: DbOrTx, dbKind: DbKind, rows: StatRows): Promise<void> {
  await repo.addHour(db, rows.hour);
  if (dbKind === 'sqlite') await repo.addPendingProducts(db, rows.hour.store_id, rows.productsDay);
  else await repo.addProducts(db, rows.productsDay, rows.productsMonth);
  await repo.addTenders(db, rows.tenders);
}

/**
 * What a completed sale adds to its local hour, its products and its tenders, built before its
 * write (sale-write.ts): written by `recordStatRows`, and on PostgreSQL by a sale's one statement
 * (migration 202611271500).
 */
export function saleStatRows(sale: SaleForStatistics): StatRows {
  const { date, hour } = localHour(sale.at, sale.timezone);
  // A gift card sold is money held for its bearer, not a sale of goods (product.md §5): its line
  // is not sales, items nor a product; the cash taken for it still counts under its tender.
  const goods = sale.lines.filter((l) => !l.gift_card_code);
  const cards = sale.lines.reduce((sum, l) => sum + (l.gift_card_code ? l.total : 0), 0);
  const cost = goods.reduce((sum, l) => sum + amountOfQuantity(l.quantity, l.unit_cost, l.unit), 0);
  return statRows(
    {
      store_id: sale.storeId,
      business_date: date,
      hour,
      slot: statSlot(sale.id),
      sales_count: 1,
      refund_count: 0,
      items_sold: countItems(goods),
      items_refunded: 0,
      gross_sales: sale.total - cards,
      refunds: 0,
      discounts: sale.discounts,
      tax: sale.tax,
      refunded_tax: 0,
      cost,
      refunded_cost: 0,
    },
    goods.map((l) => ({
      product_key: productKey(l.product_id, l.name),
      product_id: l.product_id,
      code: l.code,
      name: l.name,
      quantity: l.quantity,
      refunded_quantity: 0,
      revenue: l.total - l.tax,
      refunded_revenue: 0,
      cost: amountOfQuantity(l.quantity, l.unit_cost, l.unit),
      refunded_cost: 0,
    })),
    sale.tenders.map((t) => ({
      method: tenderKey(t),
      currency: t.currency,
      sales_count: 1,
      refund_count: 0,
      taken: t.amount - t.change,
      taken_in_main: t.applied,
      refunded: 0,
      refunded_in_main: 0,
    })),
  );
}

/** Adds a refund to the local hour in which it is made, with the cost its units had when sold. */
export async function recordRefund(db: DbOrTx, dbKind: DbKind, refund: RefundForStatistics): Promise<void> {
  const { date, hour } = localHour(refund.at, refund.timezone);
  const sold = new Map((await repo.soldLines(db, refund.storeId, refund.transactionId)).map((l) => [l.id, l]));
  // A gift card taken back was never a sale (saleStatRows): its money back is only its tender's.
  const lines = refund.lines.filter((r) => !sold.get(r.line_id)?.gift_card_code);
  const products: ProductDelta[] = lines.map((r) => {
    const line = sold.get(r.line_id);
    if (!line) throw new Error(`refunded line ${r.line_id} is not a line of its sale`);
    const unitCost = Number(line.unit_cost);
    return {
      product_key: productKey(line.product_id, line.name),
      product_id: line.product_id,
      code: line.code,
      name: line.name,
      quantity: 0,
      refunded_quantity: r.quantity,
      revenue: 0,
      refunded_revenue: r.amount - r.tax,
      cost: 0,
      refunded_cost: amountOfQuantity(r.quantity, unitCost, line.unit),
    };
  });
  await recordStatRows(
    db,
    dbKind,
    statRows(
      {
        store_id: refund.storeId,
        business_date: date,
        hour,
        slot: statSlot(refund.id),
        sales_count: 0,
        refund_count: 1,
        items_sold: 0,
        // A weighed line given back, in whole or part, is one item, as it was one when sold.
        items_refunded: countItems(lines.map((r) => ({ quantity: r.quantity, unit: sold.get(r.line_id)?.unit }))),
        gross_sales: 0,
        refunds: lines.reduce((sum, l) => sum + l.amount, 0),
        discounts: 0,
        tax: 0,
        refunded_tax: lines.reduce((sum, l) => sum + l.tax, 0),
        cost: 0,
        refunded_cost: products.reduce((sum, p) => sum + p.refunded_cost, 0),
      },
      products,
      refund.tenders.map((t) => ({
        method: tenderKey(t),
        currency: t.currency,
        sales_count: 0,
        refund_count: 1,
        taken: 0,
        taken_in_main: 0,
        refunded: t.amount,
        refunded_in_main: t.applied,
      })),
    ),
  );
}
