import type { Kysely } from 'kysely';
import { localHour } from '../../core/local-hour.ts';
import type { Database } from '../types.ts';

/**
 * Fills the statistics aggregates (202601100700) with the sales and refunds stored before them, so
 * reports are exact from the first day and not only from the upgrade on. Same rules as
 * modules/statistics' recorder: a sale at its completion's local hour, a refund at its own, with the
 * unit cost stored on the sale line. Runs once, before the server takes requests; a store at a
 * time, sales and refunds read in pages.
 */

const PAGE = 1000;
const n = Number;

type Sums = Record<string, number>;
type Keyed = Map<string, { key: Record<string, unknown>; sums: Sums }>;

function add(map: Keyed, id: string, key: Record<string, unknown>, sums: Sums): void {
  const into = map.get(id);
  if (!into) {
    map.set(id, { key, sums: { ...sums } });
    return;
  }
  Object.assign(into.key, key);
  for (const [k, v] of Object.entries(sums)) into.sums[k] = (into.sums[k] ?? 0) + v;
}

const HOUR_ZERO = {
  sales_count: 0,
  refund_count: 0,
  items_sold: 0,
  items_refunded: 0,
  gross_sales: 0,
  refunds: 0,
  discounts: 0,
  tax: 0,
  refunded_tax: 0,
  cost: 0,
  refunded_cost: 0,
};
const PRODUCT_ZERO = { quantity: 0, refunded_quantity: 0, revenue: 0, refunded_revenue: 0, cost: 0, refunded_cost: 0 };
const TENDER_ZERO = { sales_count: 0, refund_count: 0, taken: 0, taken_in_main: 0, refunded: 0, refunded_in_main: 0 };

interface LineInfo {
  product_id: string | null;
  code: string | null;
  name: string;
}

function addProduct(day: Keyed, month: Keyed, date: string, line: LineInfo, sums: Partial<typeof PRODUCT_ZERO>) {
  const productKey = line.product_id ?? `open:${line.name}`;
  const info = { product_key: productKey, product_id: line.product_id, code: line.code, name: line.name };
  add(day, `${date}|${productKey}`, { ...info, business_date: date }, { ...PRODUCT_ZERO, ...sums });
  add(month, `${date.slice(0, 7)}|${productKey}`, { ...info, month: date.slice(0, 7) }, { ...PRODUCT_ZERO, ...sums });
}

async function backfillStore(db: Kysely<Database>, storeId: string, timezone: string): Promise<void> {
  const hours: Keyed = new Map();
  const productDays: Keyed = new Map();
  const productMonths: Keyed = new Map();
  const tenders: Keyed = new Map();

  for (let after = ''; ;) {
    const sales = await db
      .selectFrom('shop_transactions')
      .select(['id', 'completed_at', 'total', 'tax', 'line_discounts', 'cart_discount'])
      .where('store_id', '=', storeId)
      .where('status', '!=', 'PARKED')
      .where('completed_at', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (sales.length === 0) break;
    after = sales[sales.length - 1]!.id;
    const ids = sales.map((s) => s.id);
    const [lines, saleTenders] = await Promise.all([
      db
        .selectFrom('shop_transaction_lines')
        .select(['transaction_id', 'product_id', 'code', 'name', 'quantity', 'unit_cost', 'total', 'tax'])
        .where('store_id', '=', storeId)
        .where('transaction_id', 'in', ids)
        .execute(),
      db
        .selectFrom('shop_tenders')
        .select(['transaction_id', 'method', 'currency', 'amount', 'change', 'applied'])
        .where('store_id', '=', storeId)
        .where('transaction_id', 'in', ids)
        .where('refund_id', 'is', null)
        .execute(),
    ]);
    const at = new Map(sales.map((s) => [s.id, localHour(new Date(s.completed_at as string), timezone)]));
    for (const s of sales) {
      const { date, hour } = at.get(s.id)!;
      add(
        hours,
        `${date}|${hour}`,
        { business_date: date, hour },
        {
          ...HOUR_ZERO,
          sales_count: 1,
          gross_sales: n(s.total),
          discounts: n(s.line_discounts) + n(s.cart_discount),
          tax: n(s.tax),
        },
      );
    }
    for (const l of lines) {
      const { date, hour } = at.get(l.transaction_id)!;
      const cost = n(l.quantity) * n(l.unit_cost);
      add(hours, `${date}|${hour}`, { business_date: date, hour }, { items_sold: n(l.quantity), cost });
      addProduct(productDays, productMonths, date, l, {
        quantity: n(l.quantity),
        revenue: n(l.total) - n(l.tax),
        cost,
      });
    }
    for (const t of saleTenders) {
      const { date } = at.get(t.transaction_id)!;
      add(
        tenders,
        `${date}|${t.method}|${t.currency}`,
        { business_date: date, method: t.method, currency: t.currency },
        {
          ...TENDER_ZERO,
          sales_count: 1,
          taken: n(t.amount) - n(t.change),
          taken_in_main: n(t.applied),
        },
      );
    }
  }

  for (let after = ''; ;) {
    const refunds = await db
      .selectFrom('shop_refunds')
      .select(['id', 'created_at'])
      .where('store_id', '=', storeId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (refunds.length === 0) break;
    after = refunds[refunds.length - 1]!.id;
    const ids = refunds.map((r) => r.id);
    const [refundLines, refundTenders] = await Promise.all([
      db
        .selectFrom('shop_refund_lines as r')
        .innerJoin('shop_transaction_lines as l', (j) =>
          j.onRef('l.id', '=', 'r.line_id').onRef('l.store_id', '=', 'r.store_id'),
        )
        .select(['r.refund_id', 'r.quantity', 'r.amount', 'r.tax', 'l.product_id', 'l.code', 'l.name', 'l.unit_cost'])
        .where('r.store_id', '=', storeId)
        .where('r.refund_id', 'in', ids)
        .execute(),
      db
        .selectFrom('shop_tenders')
        .select(['refund_id', 'method', 'currency', 'amount', 'applied'])
        .where('store_id', '=', storeId)
        .where('refund_id', 'in', ids)
        .execute(),
    ]);
    const at = new Map(refunds.map((r) => [r.id, localHour(new Date(r.created_at), timezone)]));
    for (const r of refunds) {
      const { date, hour } = at.get(r.id)!;
      add(hours, `${date}|${hour}`, { business_date: date, hour }, { ...HOUR_ZERO, refund_count: 1 });
    }
    for (const r of refundLines) {
      const { date, hour } = at.get(r.refund_id)!;
      const cost = n(r.quantity) * n(r.unit_cost);
      add(
        hours,
        `${date}|${hour}`,
        { business_date: date, hour },
        {
          items_refunded: n(r.quantity),
          refunds: n(r.amount),
          refunded_tax: n(r.tax),
          refunded_cost: cost,
        },
      );
      addProduct(productDays, productMonths, date, r, {
        refunded_quantity: n(r.quantity),
        refunded_revenue: n(r.amount) - n(r.tax),
        refunded_cost: cost,
      });
    }
    for (const t of refundTenders) {
      const { date } = at.get(t.refund_id as string)!;
      add(
        tenders,
        `${date}|${t.method}|${t.currency}`,
        { business_date: date, method: t.method, currency: t.currency },
        {
          ...TENDER_ZERO,
          refund_count: 1,
          refunded: n(t.amount),
          refunded_in_main: n(t.applied),
        },
      );
    }
  }

  const rows = (map: Keyed) => [...map.values()].map((r) => ({ store_id: storeId, ...r.key, ...r.sums }));
  for (const [table, map] of [
    ['stat_hours', hours],
    ['stat_products_day', productDays],
    ['stat_products_month', productMonths],
    ['stat_tenders', tenders],
  ] as const) {
    const all = rows(map);
    for (let i = 0; i < all.length; i += 200) {
      // Rows built per table above, column for column; the table name picks their shape.
      await db
        .insertInto(table)
        .values(all.slice(i, i + 200) as never)
        .execute();
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const typed = db as Kysely<Database>;
  const stores = await typed.selectFrom('stores').select(['id', 'timezone']).orderBy('id').execute();
  for (const store of stores) await backfillStore(typed, store.id, store.timezone);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const typed = db as Kysely<Database>;
  for (const table of ['stat_tenders', 'stat_products_month', 'stat_products_day', 'stat_hours'] as const) {
    await typed.deleteFrom(table).execute();
  }
}
