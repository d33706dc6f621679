/**
 * `npm run bench`: measures product.md §9's budgets on this machine against the real server and
 * prints each figure beside its budget and a baseline measured in the same run (a bare route of the
 * same server). Timings live here, never in the tests.
 */
import { randomUUID } from 'node:crypto';
import {
  benchCode,
  benchName,
  CSV_HEADER,
  csvRow,
  SEARCH_SORTS,
  SEARCH_TERMS,
  VARIANTS,
  VARIANTS_PER_ITEM,
} from './catalogue.ts';
import { cargoRows } from './cargo.ts';
import { checkoutRows } from './checkout.ts';
import { customerCheckoutRows } from './checkout-customers.ts';
import { storedValueCheckoutRows } from './checkout-stored-value.ts';
import { customerRows } from './customers.ts';
import { checkoutProcessesRows } from './checkout-processes.ts';
import { dbFloorRows } from './db-floor.ts';
import { displayRows } from './display.ts';
import { fairnessRows } from './fairness.ts';
import { itemListRows } from './items.ts';
import { moveRows } from './move.ts';
import { resetFloodRows } from './reset-flood.ts';
import { statisticsRows } from './statistics.ts';
import { tillRows } from './till.ts';
import { counterRows, firstLoadRows, receiptRow } from './first-load.ts';
import { loadAlternating, sequential } from './load.ts';
import { call, signUpOwner, startServer } from './server.ts';
import { printTable, type Row } from './table.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const BATCH = 1000;
/**
 * `BENCH_ONLY=checkout,fairness` runs only the named groups (first-load, lookup (with search),
 * db-floor, checkout, processes (checkout over one and two app processes, PostgreSQL only), fairness,
 * reset-flood, statistics, cargo, till (PIN unlock to a counter ready to scan, online and offline, in
 * Chromium), customers (100k customers imported, the counter's customer search), checkout-customers,
 * checkout-gift-cards (gift card tenders: a card per sale, and 10 cards shared by 50 clients), items (the
 * product list folded by item, its first windows), display (a paired
 * customer display following its counter while 20 other stores' displays follow theirs), move (SQLite only, last: the server's data, its sales
 * grown to BENCH_MOVE_SALES, moved to a new PostgreSQL database by backup and restore)); the catalogue import
 * always runs, the others need it (`BENCH_PRODUCTS` makes it smaller for a group that does not).
 * `BENCH_VARIANTS=1` imports the catalogue as items of 5 variants (catalogue.ts).
 */
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const runs = (group: string) => !ONLY || ONLY.includes(group);

const ms = (n: number) => `${n.toFixed(2)} ms`;
const rps = (n: number) => `${Math.round(n).toLocaleString('en-US')} req/s`;

/** Parses the CSV the way the web importer sends it: header mapping, then batches of rows. */
function parseCsv(text: string): Array<Record<string, string | number>> {
  const [header, ...lines] = text.split('\n');
  const keys = header!.split(',');
  return lines.map((line, i) => {
    const values = line.split(',');
    const row: Record<string, string | number> = { line: i + 2 };
    keys.forEach((k, j) => (row[k] = values[j]!));
    return row;
  });
}

/** One completed sale of `code`, paid in cash (far more than due: change is given), for the receipt row. */
async function sellOne(url: string, headers: Record<string, string>, code: string): Promise<string> {
  const store = await call<{ mainCurrency: string }>(`${url}/api/secure/virtual-store/current`, { headers });
  const sale = await call<{ code: string }>(`${url}/api/secure/shop/transaction`, {
    method: 'POST',
    headers,
    json: {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code, quantity: 1 }],
      payment: { method: 'CASH', currency: store.mainCurrency, amount: 1_000_000_000 },
    },
  });
  return sale.code;
}

async function main() {
  const server = await startServer(Number(process.env.BENCH_PORT ?? 3400));
  const rows: Row[] = [];
  try {
    const { token, urlName } = await signUpOwner(server);
    const owner = { email: 'owner@bench.example', password: 'bench password 1', urlName };
    const firstLoad = runs('first-load') ? await firstLoadRows(server.url, owner) : null;
    if (firstLoad) rows.push(...firstLoad.rows);
    const headers = { authorization: `Bearer ${token}`, 'x-store': urlName };
    console.log(`server up on ${server.engine}; importing ${PRODUCTS.toLocaleString('en-US')} products…`);

    // CSV import: the web client's path — parse, then sequential batches of 1,000 rows.
    const importStart = performance.now();
    const csv = [CSV_HEADER, ...Array.from({ length: PRODUCTS }, (_, i) => csvRow(i))].join('\n');
    const parsed = parseCsv(csv);
    const importId = randomUUID();
    let created = 0;
    for (let b = 0; b * BATCH < parsed.length; b++) {
      const result = await call<{ created: number; errors: unknown[] }>(`${server.url}/api/secure/product/import`, {
        method: 'POST',
        headers,
        json: { importId, batch: b, rows: parsed.slice(b * BATCH, (b + 1) * BATCH) },
      });
      if (result.errors.length) throw new Error(`import errors: ${JSON.stringify(result.errors.slice(0, 3))}`);
      created += result.created;
      if ((b + 1) % 20 === 0) process.stdout.write(`  ${((b + 1) * BATCH).toLocaleString('en-US')} rows\n`);
    }
    const importSeconds = (performance.now() - importStart) / 1000;
    if (created !== PRODUCTS) throw new Error(`imported ${created} of ${PRODUCTS}`);

    rows.push({
      what: VARIANTS
        ? `CSV import of ${(PRODUCTS / VARIANTS_PER_ITEM).toLocaleString('en-US')} items × ${VARIANTS_PER_ITEM} variants (${PRODUCTS.toLocaleString('en-US')} rows)`
        : `CSV import of ${PRODUCTS.toLocaleString('en-US')} products`,
      value: `${importSeconds.toFixed(1)} s`,
      budget: '< 30 s',
      baseline: '-',
      ok: importSeconds < 30,
    });
    // The counter against the whole catalogue: its first scan is of the last product imported.
    if (firstLoad) {
      const last = { code: benchCode(PRODUCTS - 1), name: benchName(PRODUCTS - 1) };
      rows.push(...(await counterRows(server.url, urlName, firstLoad.session, last)));
      rows.push(...(await receiptRow(server.url, await sellOne(server.url, headers, benchCode(0)))));
    }
    if (runs('till')) rows.push(...(await tillRows(server, headers, urlName)));
    const codes = Array.from({ length: 5000 }, (_, i) => benchCode((i * 7919) % PRODUCTS));
    if (runs('lookup')) {
      // Lookup by barcode (random codes spread over the whole catalogue) against the baseline, the
      // bare route of the same server under the same load (the same requests, headers included, so
      // the two differ only by what the route does), measured in alternating slices.
      const [baseline, lookup] = await loadAlternating(
        server.url,
        { paths: ['/api/public/ping'], headers },
        { paths: codes.map((c) => `/api/secure/product/code/${c}`), headers },
        SECONDS,
      );
      if (lookup.non2xx || lookup.errors)
        throw new Error(`lookup had ${lookup.non2xx} non-2xx and ${lookup.errors} errors`);

      // Search windows: one person typing and paging, sequential.
      const searchUrls: string[] = [];
      for (let i = 0; i < 400; i++) {
        const q = SEARCH_TERMS[i % SEARCH_TERMS.length]!;
        const sort = SEARCH_SORTS[i % SEARCH_SORTS.length]!;
        const page = (i * 13) % 50;
        searchUrls.push(
          `${server.url}/api/secure/product/search/window/${page}/20?q=${encodeURIComponent(q)}&sort=${sort}`,
        );
      }
      const search = await sequential(searchUrls, headers);
      const bareSeq = await sequential(
        searchUrls.map(() => `${server.url}/api/public/ping`),
        {},
      );

      rows.push(
        {
          what: `barcode lookup p99 (${PRODUCTS.toLocaleString('en-US')} products)`,
          value: ms(lookup.p99),
          budget: '< 10 ms',
          baseline: ms(baseline.p99),
          ok: lookup.p99 < 10,
        },
        {
          what: 'barcode lookup p50',
          value: ms(lookup.p50),
          budget: '-',
          baseline: ms(baseline.p50),
          ok: null,
        },
        {
          what: 'barcode lookup throughput',
          value: `${rps(lookup.requestsPerSecond)} (${Math.round((100 * lookup.requestsPerSecond) / baseline.requestsPerSecond)}%)`,
          // On PostgreSQL the lookup's budget is against a route that makes one round trip too
          // (the db-floor rows): a route that touches no database is shown beside it.
          budget: server.engine === 'postgres' ? '- (PostgreSQL: see SELECT 1 row)' : '≥ 50% of bare route',
          baseline: rps(baseline.requestsPerSecond),
          ok: server.engine === 'postgres' ? null : lookup.requestsPerSecond >= 0.5 * baseline.requestsPerSecond,
        },
        {
          what: `search window p95 (${PRODUCTS.toLocaleString('en-US')} products)`,
          value: ms(search.p95),
          budget: '< 50 ms',
          baseline: ms(bareSeq.p95),
          ok: search.p95 < 50 && search.failures === 0,
        },
        {
          what: 'search window p50',
          value: ms(search.p50),
          budget: '-',
          baseline: ms(bareSeq.p50),
          ok: null,
        },
      );
    }
    if (runs('items'))
      rows.push(...(await itemListRows(server.url, headers, `${PRODUCTS.toLocaleString('en-US')} products`)));
    if (server.engine === 'postgres' && runs('db-floor'))
      rows.push(...(await dbFloorRows(server.url, headers, codes, SECONDS)));
    if (runs('checkout')) rows.push(...(await checkoutRows(server, headers, urlName, PRODUCTS, SECONDS)));
    if (runs('checkout-customers'))
      rows.push(...(await customerCheckoutRows(server, headers, urlName, PRODUCTS, SECONDS)));
    if (runs('checkout-gift-cards'))
      rows.push(...(await storedValueCheckoutRows(server, headers, urlName, PRODUCTS, SECONDS)));
    if (runs('processes'))
      rows.push(
        ...(await checkoutProcessesRows(
          server,
          headers,
          urlName,
          PRODUCTS,
          SECONDS,
          Number(process.env.BENCH_PORT ?? 3400) + 2,
        )),
      );
    if (runs('fairness')) rows.push(...(await fairnessRows(server, PRODUCTS)));
    if (runs('statistics')) rows.push(...(await statisticsRows(server)));
    if (runs('customers')) rows.push(...(await customerRows(server.url, headers)));
    if (runs('display')) rows.push(...(await displayRows(server, headers)));
    if (runs('cargo')) rows.push(...(await cargoRows(server, headers, PRODUCTS, SECONDS)));
    if (runs('reset-flood')) rows.push(...(await resetFloodRows(Number(process.env.BENCH_PORT ?? 3400) + 1)));
    // Last: it stops the server and moves its SQLite data (grown to a million sales) to PostgreSQL.
    if (runs('move') && server.engine === 'sqlite') {
      await server.halt();
      rows.push(...(await moveRows(server.dataDir)));
    }
    printTable(
      `ShopDesk benchmark — ${server.engine}, ${PRODUCTS.toLocaleString('en-US')} products, ${SECONDS} s load per figure, 10 connections`,
      rows,
    );
  } finally {
    await server.stop();
  }
  if (rows.some((r) => r.ok === false)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
