/**
 * The floor for a checkout on PostgreSQL: the writes of one sale sent as one round trip, no HTTP
 * and no app, at the checkout's concurrency (checkout.ts prints the checkout's ratio to it).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** One raw sale (checkout.ts rawSale): its ids and its lines, products in id order. */
export interface Sale {
  id: string;
  code: string;
  storeId: string;
  at: string;
  lines: Array<{ productId: string; position: number; quantity: number }>;
}

/** A value as an SQL literal: the floor's texts carry their values, so a sale is one simple query. */
const literal = (value: string | number) =>
  typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`;
const tuple = (values: Array<string | number>) => `(${values.map(literal).join(', ')})`;

/** The app's `statSlot` (modules/statistics statistics-recorder.ts): the sale's report rows' slot of 8. */
function statSlot(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return hash % 8;
}

/**
 * What the app's one statement per sale writes, as one multi-statement text: header, lines, tender,
 * receipt code, each product's quantity in id order, the movements, and the report rows (hour,
 * products by day and by month, tenders) upserted. Sent as one simple query, it is one round trip
 * and one implicit transaction: the floor a checkout on PostgreSQL is measured against.
 */
function oneTripSale(s: Sale): string {
  const date = s.at.slice(0, 10);
  const hour = Number(s.at.slice(11, 13));
  const byProduct = new Map<string, number>();
  for (const l of s.lines) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
  const items = s.lines.reduce((sum, l) => sum + l.quantity, 0);
  const slot = statSlot(s.id);
  const sums = (table: string, columns: string[]) =>
    columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
  const productSums = ['quantity', 'refunded_quantity', 'revenue', 'refunded_revenue', 'cost', 'refunded_cost'];
  const products = (period: string) =>
    [...byProduct].map(([id, quantity]) =>
      tuple([s.storeId, period, id, id, '', '', quantity, 0, 100 * quantity, 0, 50 * quantity, 0]),
    );
  return [
    'begin',
    `insert into shop_transactions (id, store_id, code, client_id, status, user_id, created_at, updated_at, sold_at,
      completed_at, business_date, currency, tax_mode, gross, line_discounts, cart_discount, tax, total, rounding, due, change_in_main,
      refunded_amount, taxes, item_count, first_items, note)
     values (${[s.id, s.storeId, s.code, randomUUID()].map(literal).join(', ')}, 'COMPLETED', 'bench',
      ${[s.at, s.at, s.at, s.at, date].map(literal).join(', ')}, 'USD', 'NONE', 500, 0, 0, 0, 500, 0, 500, 0, 0, '[]', 5, '', '')
     on conflict (store_id, client_id) do nothing`,
    `insert into shop_transaction_lines (id, store_id, transaction_id, position, product_id, code, name, unit_price,
      unit_cost, quantity, refunded_quantity, line_discount, cart_discount, net, tax, tax_rate, total)
     values ${s.lines
       .map((l) =>
         tuple([
           randomUUID(),
           s.storeId,
           s.id,
           l.position,
           l.productId,
           '',
           '',
           100,
           50,
           l.quantity,
           0,
           0,
           0,
           100,
           0,
           0,
           100,
         ]),
       )
       .join(', ')}`,
    `insert into shop_tenders (id, store_id, transaction_id, refund_id, position, method, currency, amount, applied, change,
      change_in_main) values (${literal(randomUUID())}, ${literal(s.storeId)}, ${literal(s.id)}, null, 0, 'CASH', 'USD', 500, 500, 0, 0)`,
    `insert into receipt_codes (code, store_id, transaction_id) values ${tuple([s.code, s.storeId, s.id])}`,
    ...s.lines.map(
      (l) =>
        `update products set quantity = quantity - ${l.quantity}, quantity_changed_at = ${literal(s.at)}
         where store_id = ${literal(s.storeId)} and id = ${literal(l.productId)}`,
    ),
    `insert into stock_movements (id, store_id, product_id, delta, reason, ref_code, user_id, note, created_at)
     values ${s.lines.map((l) => `(${[randomUUID(), s.storeId, l.productId].map(literal).join(', ')}, ${-l.quantity}, 'SALE', ${literal(s.code)}, null, '', ${literal(s.at)})`).join(', ')}`,
    `insert into stat_hours (store_id, business_date, hour, slot, sales_count, refund_count, items_sold, items_refunded,
      gross_sales, refunds, discounts, tax, refunded_tax, cost, refunded_cost)
     values ${tuple([s.storeId, date, hour, slot, 1, 0, items, 0, 500, 0, 0, 0, 0, 50 * items, 0])}
     on conflict (store_id, business_date, hour, slot) do update set ${sums('stat_hours', ['sales_count', 'refund_count', 'items_sold', 'items_refunded', 'gross_sales', 'refunds', 'discounts', 'tax', 'refunded_tax', 'cost', 'refunded_cost'])}`,
    `insert into stat_products_day (store_id, business_date, product_key, product_id, code, name, ${productSums.join(', ')})
     values ${products(date).join(', ')}
     on conflict (store_id, business_date, product_key) do update set ${sums('stat_products_day', productSums)},
      name = excluded.name, code = excluded.code`,
    `insert into stat_products_month (store_id, month, product_key, product_id, code, name, ${productSums.join(', ')})
     values ${products(date.slice(0, 7)).join(', ')}
     on conflict (store_id, month, product_key) do update set ${sums('stat_products_month', productSums)},
      name = excluded.name, code = excluded.code`,
    `insert into stat_tenders (store_id, business_date, method, currency, slot, sales_count, refund_count, taken,
      taken_in_main, refunded, refunded_in_main)
     values ${tuple([s.storeId, date, 'CASH', 'USD', slot, 1, 0, 500, 500, 0, 0])}
     on conflict (store_id, business_date, method, currency, slot) do update set ${sums('stat_tenders', ['sales_count', 'refund_count', 'taken', 'taken_in_main', 'refunded', 'refunded_in_main'])}`,
    'commit',
  ].join(';\n');
}

/**
 * The floor on PostgreSQL over one pool, opened before and closed after the measured run: its
 * backends must still be there when the run ends, for the CPU they used to be read (proc-cpu.ts
 * reads the database's processes before and after; a backend gone by then is not counted).
 */
export interface OneTripFloor {
  /** Each sale's writes as one round trip (`oneTripSale`) from `connections` clients for `seconds`: each sale's time (ms). */
  run(connections: number, seconds: number, nextSale: () => Sale): Promise<number[]>;
  close(): Promise<void>;
}

/** A pool as large as the app's. */
export function openOneTripFloor(url: string, schema: string): OneTripFloor {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` });
  return {
    async run(connections, seconds, nextSale) {
      const samples: number[] = [];
      const end = performance.now() + seconds * 1000;
      const worker = async () => {
        while (performance.now() < end) {
          const text = oneTripSale(nextSale());
          const started = performance.now();
          await pool.query(text);
          // As the checkout's load tool, a sale answered after the load's end is not counted.
          const done = performance.now();
          if (done <= end) samples.push(done - started);
        }
      };
      await Promise.all(Array.from({ length: connections }, worker));
      return samples;
    },
    close: () => pool.end(),
  };
}
