/**
 * The statistics budget: a year of reports (the window and the summary with top products) over
 * 1,000,000 transactions, < 200 ms (aim < 50 ms). The shortcut, said plainly in the rows: the
 * aggregate rows that 1,000,000 sales of a year would leave (per local hour, per product per day and
 * per month, per tender per day) are inserted in bulk straight into the server's database instead
 * of making a million sales over HTTP; the sale rows themselves are not seeded, as the reports never
 * read them (the API tests prove the aggregates equal a recomputation from the sales). The baseline
 * is the same queries sent straight to the database by this process: the floor under the route.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { percentile } from './load.ts';
import { call, signUpOwner, type BenchServer } from './server.ts';
import type { Row } from './table.ts';

const SALES = 1_000_000;
const PRODUCTS = 2_000;
const OPEN_HOURS = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21];
const ITERATIONS = Number(process.env.BENCH_STAT_ITERATIONS ?? 40);

/** A small deterministic PRNG, so every run seeds the same figures. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Splits `total` into integer parts proportional to `weights` (largest remainder), so parts add up exactly. */
function split(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const raw = weights.map((w) => (total * w) / sum);
  const parts = raw.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    parts[i]! += 1;
  }
  return parts;
}

type Tables = Record<'stat_hours' | 'stat_products_day' | 'stat_products_month' | 'stat_tenders', unknown[][]>;
export const COLUMNS: Record<keyof Tables, string[]> = {
  stat_hours: [
    'store_id',
    'business_date',
    'hour',
    'sales_count',
    'refund_count',
    'items_sold',
    'items_refunded',
    'gross_sales',
    'refunds',
    'discounts',
    'tax',
    'refunded_tax',
    'cost',
    'refunded_cost',
  ],
  stat_products_day: [
    'store_id',
    'business_date',
    'product_key',
    'product_id',
    'code',
    'name',
    'quantity',
    'refunded_quantity',
    'revenue',
    'refunded_revenue',
    'cost',
    'refunded_cost',
  ],
  stat_products_month: [
    'store_id',
    'month',
    'product_key',
    'product_id',
    'code',
    'name',
    'quantity',
    'refunded_quantity',
    'revenue',
    'refunded_revenue',
    'cost',
    'refunded_cost',
  ],
  stat_tenders: [
    'store_id',
    'business_date',
    'method',
    'currency',
    'sales_count',
    'refund_count',
    'taken',
    'taken_in_main',
    'refunded',
    'refunded_in_main',
  ],
};

/** The aggregate rows of a year (2026) of 1,000,000 sales of about three items from 2,000 products. */
export function yearOfAggregates(storeId: string): Tables {
  const random = mulberry32(2026);
  const days = Array.from({ length: 365 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
  const salesPerDay = split(
    SALES,
    days.map((d) => (new Date(`${d}T00:00:00Z`).getUTCDay() % 6 === 0 ? 1.4 : 1) * (0.8 + 0.4 * random())),
  );
  const popularity = Array.from({ length: PRODUCTS }, (_, p) => 1 / (p + 10));
  const price = Array.from({ length: PRODUCTS }, () => 100 + Math.floor(random() * 2000));
  const cost = price.map((p) => Math.floor(p * (0.4 + 0.4 * random())));
  const tables: Tables = { stat_hours: [], stat_products_day: [], stat_products_month: [], stat_tenders: [] };
  const month = new Map<string, number[][]>();
  days.forEach((date, d) => {
    const sales = salesPerDay[d]!;
    const quantities = split(
      sales * 3,
      popularity.map((w) => w * (0.5 + random())),
    );
    let gross = 0;
    let costs = 0;
    let refunds = 0;
    let refundedCost = 0;
    let refundedItems = 0;
    const key = date.slice(0, 7);
    const monthRows = month.get(key) ?? Array.from({ length: PRODUCTS }, () => [0, 0, 0, 0, 0, 0]);
    month.set(key, monthRows);
    quantities.forEach((q, p) => {
      if (q === 0) return;
      const refunded = Math.floor(q * 0.02);
      const figures = [q, refunded, q * price[p]!, refunded * price[p]!, q * cost[p]!, refunded * cost[p]!];
      gross += figures[2]!;
      costs += figures[4]!;
      refunds += figures[3]!;
      refundedCost += figures[5]!;
      refundedItems += refunded;
      figures.forEach((f, i) => (monthRows[p]![i]! += f));
      tables.stat_products_day.push([
        storeId,
        date,
        `product-${p}`,
        `product-${p}`,
        `BENCH${p}`,
        `Product ${p}`,
        ...figures,
      ]);
    });
    const hourWeights = OPEN_HOURS.map((h) => 1 + Math.sin(((h - 8) / 13) * Math.PI));
    const [hSales, hItems, hGross, hRefunds, hCost, hRefCost, hRefItems] = [
      sales,
      sales * 3,
      gross,
      refunds,
      costs,
      refundedCost,
      refundedItems,
    ].map((total) => split(total, hourWeights));
    OPEN_HOURS.forEach((hour, i) => {
      const refundCount = Math.ceil(hRefItems![i]! / 2);
      tables.stat_hours.push([
        storeId,
        date,
        hour,
        hSales![i],
        refundCount,
        hItems![i],
        hRefItems![i],
        hGross![i],
        hRefunds![i],
        Math.floor(hGross![i]! / 50),
        0,
        0,
        hCost![i],
        hRefCost![i],
      ]);
    });
    const [cash, card, yen] = split(gross, [5, 4, 1]);
    const [cashCount, cardCount, yenCount] = split(sales, [5, 4, 1]);
    tables.stat_tenders.push(
      [storeId, date, 'CASH', 'USD', cashCount, 0, cash, cash, refunds, refunds],
      [storeId, date, 'CARD', 'USD', cardCount, 0, card, card, 0, 0],
      [storeId, date, 'CASH', 'JPY', yenCount, 0, Math.round(yen! * 1.5), yen, 0, 0],
    );
  });
  for (const [m, rows] of month) {
    rows.forEach((figures, p) => {
      if (figures[0] === 0) return;
      tables.stat_products_month.push([
        storeId,
        m,
        `product-${p}`,
        `product-${p}`,
        `BENCH${p}`,
        `Product ${p}`,
        ...figures,
      ]);
    });
  }
  return tables;
}

/** One reader/writer on the server's database, whichever engine, for the seeding and the baseline. */
interface Direct {
  insert(table: keyof Tables, rows: unknown[][]): Promise<void>;
  query(statement: string, params: unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

async function direct(server: BenchServer): Promise<Direct> {
  if (server.engine === 'postgres' && server.pg) {
    const client = new pg.Client({ connectionString: server.pg.url, options: `-c search_path=${server.pg.schema}` });
    await client.connect();
    return {
      async insert(table, rows) {
        const columns = COLUMNS[table];
        // unnest of one array per column: 20,000 rows per statement.
        const types = columns.map((c) =>
          /^(store_id|business_date|month|product_key|product_id|code|name|method|currency)$/.test(c)
            ? 'text'
            : 'bigint',
        );
        for (let i = 0; i < rows.length; i += 20_000) {
          const chunk = rows.slice(i, i + 20_000);
          await client.query(
            `insert into ${table} (${columns.join(', ')}) select * from unnest(${types.map((t, j) => `$${j + 1}::${t}[]`).join(', ')})`,
            columns.map((_, j) => chunk.map((r) => r[j])),
          );
        }
      },
      async query(statement, params) {
        // Only the parameters a statement names, renumbered: PostgreSQL refuses an unused one (no type).
        const used = [...new Set([...statement.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])))];
        const text = statement.replace(/\$(\d+)/g, (_, d: string) => `$${used.indexOf(Number(d)) + 1}`);
        return (
          await client.query(
            text,
            used.map((i) => params[i - 1]),
          )
        ).rows;
      },
      close: () => client.end(),
    };
  }
  const db = new Database(path.join(server.dataDir, 'shopdesk.db'));
  db.pragma('busy_timeout = 5000');
  return {
    async insert(table, rows) {
      const columns = COLUMNS[table];
      const statement = db.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      );
      db.transaction(() => {
        for (const row of rows) statement.run(...row);
      })();
    },
    async query(statement, params) {
      // $n placeholders in the order they appear, as SQLite's anonymous parameters.
      const ordered = [...statement.matchAll(/\$(\d+)/g)].map((m) => params[Number(m[1]) - 1]);
      return db.prepare(statement.replace(/\$\d+/g, '?')).all(...ordered);
    },
    close: async () => void db.close(),
  };
}

/** The summary's and the day window's SQL as the server sends it, for the floor. */
const RAW_SUMMARY = [
  `select sum(sales_count), sum(refund_count), sum(items_sold), sum(items_refunded), sum(gross_sales), sum(refunds),
     sum(discounts), sum(tax), sum(refunded_tax), sum(cost), sum(refunded_cost)
   from stat_hours where store_id = $1 and business_date >= $2 and business_date <= $3`,
  `with totals as (
     select product_key, max(name) as name, sum(quantity) as quantity, sum(refunded_quantity) as refunded_quantity,
       sum(revenue) as revenue, sum(refunded_revenue) as refunded_revenue, sum(cost) as cost, sum(refunded_cost) as refunded_cost
     from (select product_key, name, quantity, refunded_quantity, revenue, refunded_revenue, cost, refunded_cost
           from stat_products_month where store_id = $1 and month >= $4 and month <= $5) p
     group by product_key
   ), ranked as (
     select totals.*,
       row_number() over (order by quantity - refunded_quantity desc, product_key) as rq,
       row_number() over (order by revenue - refunded_revenue desc, product_key) as rr,
       row_number() over (order by revenue - refunded_revenue - cost + refunded_cost desc, product_key) as rp
     from totals
   )
   select * from ranked where rq <= 10 or rr <= 10 or rp <= 10`,
  `select method, currency, sum(taken), sum(taken_in_main), sum(refunded), sum(refunded_in_main)
   from stat_tenders where store_id = $1 and business_date >= $2 and business_date <= $3
   group by method, currency order by method, currency`,
  `select business_date, sum(sales_count), sum(gross_sales), sum(refunds), sum(cost), sum(refunded_cost)
   from stat_hours where store_id = $1 and business_date >= $2 and business_date <= $3
   group by business_date order by business_date limit 100`,
];

async function timed(iterations: number, once: () => Promise<void>): Promise<{ p50: number; p95: number }> {
  await once();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

export async function statisticsRows(server: BenchServer): Promise<Row[]> {
  const { token, urlName } = await signUpOwner(server, 'stats');
  const headers = { authorization: `Bearer ${token}`, 'x-store': urlName };
  const db = await direct(server);
  try {
    const [store] = (await db.query('select id from stores where url_name = $1', [urlName])) as { id: string }[];
    const seedStart = performance.now();
    const tables = yearOfAggregates(store!.id);
    for (const table of Object.keys(tables) as (keyof Tables)[]) await db.insert(table, tables[table]);
    if (server.engine === 'postgres') await db.query('analyze', []);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(
      `statistics: seeded ${Object.entries(tables)
        .map(([t, r]) => `${r.length.toLocaleString('en-US')} ${t}`)
        .join(', ')} in ${seedSeconds.toFixed(1)} s`,
    );

    const summaryCheck = await call<{ totals: { transactionCount: number } }>(
      `${server.url}/api/secure/shop/statistic/summary?from=2026-01-01&to=2026-12-31`,
      { method: 'GET', headers },
    );
    if (summaryCheck.totals.transactionCount !== SALES)
      throw new Error(`the year's summary counts ${summaryCheck.totals.transactionCount} sales, not ${SALES}`);

    const get = (pathAndQuery: string) => async () => {
      const res = await fetch(`${server.url}/api/secure/shop/statistic/${pathAndQuery}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${pathAndQuery} answered ${res.status}`);
    };
    const year = 'from=2026-01-01&to=2026-12-31';
    const summary = await timed(ITERATIONS, get(`summary?${year}&top=10`));
    const soFar = await timed(ITERATIONS, get('summary?from=2026-01-15&to=2026-11-24&top=10'));
    const window = await timed(ITERATIONS, get(`search/window/0/100?${year}&groupBy=day`));
    const months = await timed(ITERATIONS, get(`search/window/0/100?${year}&groupBy=month`));
    const both = await timed(ITERATIONS, async () => {
      await get(`summary?${year}&top=10`)();
      await get(`search/window/0/100?${year}&groupBy=day`)();
    });
    const params = [store!.id, '2026-01-01', '2026-12-31', '2026-01', '2026-12'];
    const raw = await timed(ITERATIONS, async () => {
      for (const statement of RAW_SUMMARY) await db.query(statement, params.slice(0, statement.includes('$4') ? 5 : 3));
    });
    const ping = await timed(
      ITERATIONS,
      async () => void (await (await fetch(`${server.url}/api/public/ping`)).arrayBuffer()),
    );
    const scale = `1,000,000 sales of 2026 (aggregates seeded in bulk, no sale rows; ${tables.stat_products_day.length.toLocaleString('en-US')} product-day rows)`;
    return [
      {
        what: `statistics: year summary + day window p50 / p95, ${scale}`,
        value: `${ms(both.p50)} / ${ms(both.p95)}`,
        budget: '< 200 ms (aim < 50 ms)',
        baseline: `${ms(raw.p95)} same SQL direct`,
        ok: both.p95 < 200,
      },
      {
        what: 'statistics: year summary with top products p50 / p95',
        value: `${ms(summary.p50)} / ${ms(summary.p95)}`,
        budget: '< 200 ms',
        baseline: `${ms(raw.p50)} p50 of the summary + window SQL direct`,
        ok: summary.p95 < 200,
      },
      {
        what: 'statistics: Jan 15 – Nov 24 summary (partial months at both ends) p50 / p95',
        value: `${ms(soFar.p50)} / ${ms(soFar.p95)}`,
        budget: '< 200 ms',
        baseline: `${ms(ping.p95)} bare route`,
        ok: soFar.p95 < 200,
      },
      {
        what: 'statistics: year window by day (first 100) / by month p95',
        value: `${ms(window.p95)} / ${ms(months.p95)}`,
        budget: '< 200 ms',
        baseline: `${ms(ping.p95)} bare route`,
        ok: window.p95 < 200 && months.p95 < 200,
      },
    ];
  } finally {
    await db.close();
  }
}
