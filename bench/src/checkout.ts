/**
 * The checkout budget (product.md §9): durable completed sales of 5 lines over HTTP at 50
 * concurrent clients, beside two baselines measured in the same run: the bare route at the same
 * concurrency, and the same writes as raw database transactions without HTTP or the app (the
 * engine's own floor for this work). Afterwards every answered sale must be stored (the clientId
 * key makes a double impossible).
 */
import { randomUUID } from 'node:crypto';
import { closeSync, fdatasyncSync, openSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { benchCode } from './catalogue.ts';
import { openOneTripFloor } from './checkout-one-trip.ts';
import { percentile } from './load.ts';
import { measureCpu, type CpuShare } from './proc-cpu.ts';
import { call, type BenchServer } from './server.ts';
import type { Row } from './table.ts';

const CONNECTIONS = 50;
const LINES = 5;
/** How many times the 25-per-commit floor SQLite's checkout must sell. */
const FLOOR_RATIO = 1.4;
/** Seconds of checkout load before the measured one (not measured). */
const WARM_UP_SECONDS = 2;

/** Sales per transaction of the batched raw baseline: about what the server's batches hold at 50 clients. */
const RAW_BATCH = 25;

const ms = (n: number) => `${n.toFixed(2)} ms`;
const perSecond = (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`;

export interface Measured {
  perSecond: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
}

/** A raw baseline's figures from its per-sale times over `seconds`. */
function fromSamples(samples: number[], seconds: number): Measured {
  samples.sort((a, b) => a - b);
  return {
    perSecond: samples.length / seconds,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    ok: samples.length,
    failed: 0,
  };
}

/** `connections` clients sending `request` to `url` for `seconds`: successful answers per second and their times. */
export async function drive(
  url: string,
  seconds: number,
  headers: Record<string, string>,
  request: () => { method: 'GET' | 'POST'; path: string; body?: string },
  connections = CONNECTIONS,
): Promise<Measured & { sent: number }> {
  const samples: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        headers: { 'content-type': 'application/json', ...headers },
        requests: [{ setupRequest: (req) => ({ ...req, ...request() }) }],
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
    instance.on('response', (_client, status, _bytes, took) => {
      if (status < 300) samples.push(took);
    });
  });
  samples.sort((a, b) => a - b);
  return {
    perSecond: samples.length / (result.duration || seconds),
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    ok: samples.length,
    failed: result.non2xx + result.errors + result.timeouts,
    // Requests written, answered or not: a sale still in flight at the stop may be stored.
    sent: result.requests.sent,
  };
}

/** One sale of LINES random products of the catalogue, paid exactly in cash. */
export function saleBody(products: number): string {
  const lines = Array.from({ length: LINES }, () => ({
    code: benchCode(Math.floor(Math.random() * products)),
    quantity: 1 + Math.floor(Math.random() * 3),
  }));
  return JSON.stringify({
    clientId: randomUUID(),
    status: 'COMPLETED',
    lines,
    // Enough for any five lines of the bench catalogue; the change comes back in cash.
    payment: { method: 'CASH', currency: 'USD', amount: 100_000_000 },
  });
}

/** What one raw sale writes: its ids and its lines. */
function rawSale(storeId: string, productIds: string[], at: string) {
  const id = randomUUID();
  const code = randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase();
  // Products in id order, as the app's ledger writes them: concurrent sales then never deadlock.
  const lines = [...productIds].sort().map((productId, position) => ({ productId, position, quantity: 1 }));
  return { id, code, lines, at, storeId };
}

/**
 * The raw writes on SQLite: one transaction per sale synced by itself (synchronous=FULL), or
 * `batch` sales per transaction with one fdatasync of the WAL each, as the server's group commit
 * does: the engine's own floor for this work on this machine, one writer, without HTTP or the app.
 */
async function rawSqlite(
  file: string,
  storeId: string,
  productIds: string[],
  seconds: number,
  batch = 1,
): Promise<Measured> {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(batch > 1 ? 'synchronous = NORMAL' : 'synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  const wal = batch > 1 ? openSync(`${file}-wal`, 'r+') : null;
  const header = db.prepare(
    `insert into shop_transactions (id, store_id, code, client_id, status, user_id, created_at, updated_at, completed_at,
      business_date, currency, tax_mode, gross, line_discounts, cart_discount, tax, total, rounding, due, change_in_main,
      refunded_amount, taxes, item_count, first_items, note)
     values (?, ?, ?, ?, 'COMPLETED', 'bench', ?, ?, ?, ?, 'USD', 'NONE', 500, 0, 0, 0, 500, 0, 500, 0, 0, '[]', 5, '', '')`,
  );
  const line = db.prepare(
    `insert into shop_transaction_lines (id, store_id, transaction_id, position, product_id, code, name, unit_price,
      unit_cost, quantity, refunded_quantity, line_discount, cart_discount, net, tax, tax_rate, total)
     values (?, ?, ?, ?, ?, '', '', 100, 50, ?, 0, 0, 0, 100, 0, 0, 100)`,
  );
  const tender = db.prepare(
    `insert into shop_tenders (id, store_id, transaction_id, refund_id, position, method, currency, amount, applied, change,
      change_in_main) values (?, ?, ?, null, 0, 'CASH', 'USD', 500, 500, 0, 0)`,
  );
  const receipt = db.prepare('insert into receipt_codes (code, store_id, transaction_id) values (?, ?, ?)');
  const stock = db.prepare(
    'update products set quantity = quantity - ?, quantity_changed_at = ? where store_id = ? and id = ? returning quantity',
  );
  const movement = db.prepare(
    `insert into stock_movements (id, store_id, product_id, delta, reason, ref_code, user_id, note, created_at)
     values (?, ?, ?, ?, 'SALE', ?, null, '', ?)`,
  );
  const sale = db.transaction((s: ReturnType<typeof rawSale>) => {
    header.run(s.id, s.storeId, s.code, randomUUID(), s.at, s.at, s.at, s.at.slice(0, 10));
    for (const l of s.lines) line.run(randomUUID(), s.storeId, s.id, l.position, l.productId, l.quantity);
    tender.run(randomUUID(), s.storeId, s.id);
    receipt.run(s.code, s.storeId, s.id);
    for (const l of s.lines) {
      stock.get(l.quantity, s.at, s.storeId, l.productId);
      movement.run(randomUUID(), s.storeId, l.productId, -l.quantity, s.code, s.at);
    }
  });
  const sales = db.transaction((group: ReturnType<typeof rawSale>[]) => group.forEach((s) => sale(s)));
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  try {
    while (performance.now() < end) {
      const group = Array.from({ length: batch }, () =>
        rawSale(
          storeId,
          Array.from({ length: LINES }, () => productIds[Math.floor(Math.random() * productIds.length)]!),
          new Date().toISOString(),
        ),
      );
      const started = performance.now();
      sales.immediate(group);
      if (wal !== null) fdatasyncSync(wal);
      // Each sale of a batch is answered when its batch is synced.
      for (let i = 0; i < batch; i++) samples.push(performance.now() - started);
    }
  } finally {
    if (wal !== null) closeSync(wal);
    db.close();
  }
  return fromSamples(samples, seconds);
}

async function rawPostgres(
  url: string,
  schema: string,
  storeId: string,
  productIds: string[],
  seconds: number,
): Promise<Measured> {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` });
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const ids = Array.from({ length: LINES }, () => productIds[Math.floor(Math.random() * productIds.length)]!);
      const s = rawSale(storeId, ids, new Date().toISOString());
      const started = performance.now();
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(
          `insert into shop_transactions (id, store_id, code, client_id, status, user_id, created_at, updated_at,
            completed_at, business_date, currency, tax_mode, gross, line_discounts, cart_discount, tax, total, rounding,
            due, change_in_main, refunded_amount, taxes, item_count, first_items, note)
           values ($1, $2, $3, $4, 'COMPLETED', 'bench', $5, $5, $5, $6, 'USD', 'NONE', 500, 0, 0, 0, 500, 0, 500, 0, 0,
            '[]', 5, '', '')`,
          [s.id, storeId, s.code, randomUUID(), s.at, s.at.slice(0, 10)],
        );
        for (const l of s.lines) {
          await client.query(
            `insert into shop_transaction_lines (id, store_id, transaction_id, position, product_id, code, name,
              unit_price, unit_cost, quantity, refunded_quantity, line_discount, cart_discount, net, tax, tax_rate, total)
             values ($1, $2, $3, $4, $5, '', '', 100, 50, $6, 0, 0, 0, 100, 0, 0, 100)`,
            [randomUUID(), storeId, s.id, l.position, l.productId, l.quantity],
          );
        }
        await client.query(
          `insert into shop_tenders (id, store_id, transaction_id, refund_id, position, method, currency, amount,
            applied, change, change_in_main) values ($1, $2, $3, null, 0, 'CASH', 'USD', 500, 500, 0, 0)`,
          [randomUUID(), storeId, s.id],
        );
        await client.query('insert into receipt_codes (code, store_id, transaction_id) values ($1, $2, $3)', [
          s.code,
          storeId,
          s.id,
        ]);
        for (const l of s.lines) {
          await client.query(
            'update products set quantity = quantity - $1, quantity_changed_at = $2 where store_id = $3 and id = $4 returning quantity',
            [l.quantity, s.at, storeId, l.productId],
          );
          await client.query(
            `insert into stock_movements (id, store_id, product_id, delta, reason, ref_code, user_id, note, created_at)
             values ($1, $2, $3, $4, 'SALE', $5, null, '', $6)`,
            [randomUUID(), storeId, l.productId, -l.quantity, s.code, s.at],
          );
        }
        await client.query('commit');
        samples.push(performance.now() - started);
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  } finally {
    await pool.end();
  }
  return fromSamples(samples, seconds);
}

/**
 * Runs one statement with one parameter (`$1`) on the server's own database, whichever engine it
 * is, and returns its rows: for the bench's direct setup and reads beside the API.
 */
async function onServerDatabase<R>(server: BenchServer, statement: string, parameter: string): Promise<R[]> {
  if (server.engine === 'postgres' && server.pg) {
    const client = new pg.Client({ connectionString: server.pg.url, options: `-c search_path=${server.pg.schema}` });
    await client.connect();
    try {
      return (await client.query(statement, [parameter])).rows as R[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(server.dataDir, 'shopdesk.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const prepared = db.prepare(statement.replace('$1', '?'));
    return (prepared.reader ? prepared.all(parameter) : (prepared.run(parameter), [])) as R[];
  } finally {
    db.close();
  }
}

/** The store's id and its products' ids (the whole catalogue, as the HTTP load picks from), read from the server's database. */
async function storeSample(server: BenchServer, urlName: string): Promise<{ storeId: string; productIds: string[] }> {
  const rows = await onServerDatabase<{ store_id: string; product_id: string }>(
    server,
    `select s.id as store_id, p.id as product_id from stores s join products p on p.store_id = s.id
      where s.url_name = $1`,
    urlName,
  );
  return { storeId: rows[0]!.store_id, productIds: rows.map((r) => r.product_id) };
}

/**
 * Makes the bench owner premium, as a shop selling at this rate would be: the free tier counts a
 * month's sales on every checkout, which premium skips.
 */
export async function makePremium(server: BenchServer, urlName: string): Promise<void> {
  await onServerDatabase(
    server,
    'update users set premium = 1 where id = (select owner_id from stores where url_name = $1)',
    urlName,
  );
}

/**
 * Where a load's CPU went: the app, PostgreSQL's processes (none on SQLite), and this process's own
 * (the load tool, or the raw floor's writes when the floor runs here).
 */
interface SaleCpu {
  share: CpuShare;
  loadTool: number;
}

async function withCpu<T>(server: BenchServer, work: () => Promise<T>): Promise<{ result: T; cpu: SaleCpu }> {
  const before = process.cpuUsage();
  const started = performance.now();
  const { result, cpu } = await measureCpu([server.pid], server.pg?.url ?? null, work);
  const used = process.cpuUsage(before);
  return { result, cpu: { share: cpu, loadTool: (used.user + used.system) / 1000 / (performance.now() - started) } };
}

/** CPU milliseconds per sale of each part, from cores busy at `perSecond` sales a second. */
function perSale(
  cpu: SaleCpu,
  perSecond: number,
  parts: Array<['app' | 'PostgreSQL' | 'load tool' | 'raw DB', number]>,
) {
  const ms = (cores: number) => (perSecond > 0 ? (1000 * cores) / perSecond : 0);
  const total = parts.reduce((sum, [, cores]) => sum + ms(cores), 0);
  return `${parts.map(([name, cores]) => `${name} ${ms(cores).toFixed(2)}`).join(' + ')} = ${total.toFixed(2)} ms (machine ${cpu.share.machine.toFixed(2)} of ${cpu.share.cores} cores busy)`;
}

export async function checkoutRows(
  server: BenchServer,
  headers: Record<string, string>,
  urlName: string,
  products: number,
  seconds: number,
): Promise<Row[]> {
  await makePremium(server, urlName);
  const bare = await drive(server.url, seconds, headers, () => ({ method: 'GET', path: '/api/public/ping' }));
  const sell = (forSeconds: number) =>
    drive(server.url, forSeconds, headers, () => ({
      method: 'POST',
      path: '/api/secure/shop/transaction',
      body: saleBody(products),
    }));
  const { storeId, productIds } = await storeSample(server, urlName);
  const nextRawSale = () =>
    rawSale(
      storeId,
      Array.from({ length: LINES }, () => productIds[Math.floor(Math.random() * productIds.length)]!),
      new Date().toISOString(),
    );
  const today = new Date().toISOString().slice(0, 10);
  const storedToday = async () =>
    (
      await call<{ total: number }>(
        `${server.url}/api/secure/shop/transaction/range/by-date?from=${today}&to=${today}&size=1`,
        { method: 'GET', headers },
      )
    ).total;
  // Sales made before (the receipt row's) are not this load's.
  const before = await storedToday();
  // A shop's server sells warm: the first seconds after a start compile the sale's code and fill
  // the caches, which a figure of 8 seconds would carry as a third of its time. Not measured;
  // its sales are stored and counted below.
  const warm = await sell(WARM_UP_SECONDS);
  const { result: http, cpu: checkoutCpu } = await withCpu(server, () => sell(seconds));
  const failed = warm.failed + http.failed;
  if (failed) throw new Error(`checkout had ${failed} failed requests`);
  const stored = (await storedToday()) - before;
  const raw =
    server.engine === 'postgres' && server.pg
      ? await rawPostgres(server.pg.url, server.pg.schema, storeId, productIds, seconds)
      : await rawSqlite(path.join(server.dataDir, 'shopdesk.db'), storeId, productIds, seconds);
  // The floor's writes run in this process: its CPU is the floor's whole cost of a sale.
  const floorRun =
    server.engine === 'sqlite'
      ? await withCpu(server, () =>
          rawSqlite(path.join(server.dataDir, 'shopdesk.db'), storeId, productIds, seconds, RAW_BATCH),
        )
      : null;
  const floor = floorRun?.result ?? null;
  const oneTripFloor =
    server.engine === 'postgres' && server.pg ? openOneTripFloor(server.pg.url, server.pg.schema) : null;
  let oneTrip: (Measured & { cpu: SaleCpu }) | null = null;
  try {
    if (oneTripFloor) {
      const run = await withCpu(server, () => oneTripFloor.run(CONNECTIONS, seconds, nextRawSale));
      oneTrip = { ...fromSamples(run.result, seconds), cpu: run.cpu };
    }
  } finally {
    await oneTripFloor?.close();
  }
  const ofOneTrip = oneTrip ? http.perSecond / oneTrip.perSecond : 0;
  // A sale in flight when a load stops is stored but its answer is dropped by the load tool: every
  // answered sale is stored, and nothing that was not sent (no sale twice).
  const answered = warm.ok + http.ok;
  const sent = warm.sent + http.sent;
  const exact = stored >= answered && stored <= sent;
  return [
    {
      what: `checkout of ${LINES} lines, durable, ${CONNECTIONS} clients`,
      value: `${perSecond(http.perSecond)} (${Math.round((100 * http.perSecond) / raw.perSecond)}% of raw${floor ? `, ${(http.perSecond / floor.perSecond).toFixed(2)}× the ${RAW_BATCH}-per-commit floor` : ''})`,
      // On SQLite both, so the budget holds on a slower machine than the one it was set on.
      budget: server.engine === 'sqlite' ? `≥ 1,000/s and ≥ ${FLOOR_RATIO}× the floor` : '-',
      baseline: `raw DB ${perSecond(raw.perSecond)}${floor ? `, ${RAW_BATCH} per commit ${perSecond(floor.perSecond)}` : ''}; bare route ${perSecond(bare.perSecond)}`,
      ok:
        server.engine === 'sqlite'
          ? http.perSecond >= 1000 && floor !== null && http.perSecond >= FLOOR_RATIO * floor.perSecond && exact
          : exact,
    },
    // On PostgreSQL a sale is one round trip; measured against the same writes sent so.
    ...(oneTrip
      ? [
          {
            what: `checkout vs the same writes as 1 round trip per sale, ${CONNECTIONS} clients`,
            value: `${ofOneTrip.toFixed(2)}× (${perSecond(http.perSecond)})`,
            budget: '≥ 0.7× (aim ≥ 1,000/s)',
            baseline: `1 round trip per sale ${perSecond(oneTrip.perSecond)}, p50 / p99 ${ms(oneTrip.p50)} / ${ms(oneTrip.p99)}`,
            ok: ofOneTrip >= 0.7 && exact,
          },
        ]
      : []),
    // CPU a sale is steadier than sales a second when the machine's speed swings.
    ...(floorRun
      ? [
          {
            what: `CPU per sale: checkout vs the ${RAW_BATCH}-per-commit floor`,
            value: perSale(checkoutCpu, http.perSecond, [
              ['app', checkoutCpu.share.app],
              ['load tool', checkoutCpu.loadTool],
            ]),
            budget: '-',
            baseline: `floor: ${perSale(floorRun.cpu, floorRun.result.perSecond, [['raw DB', floorRun.cpu.loadTool]])}`,
            ok: null,
          },
        ]
      : []),
    // What the database's share of a sale is, and what the app adds to it.
    ...(oneTrip
      ? [
          {
            what: 'CPU per sale: checkout vs the 1-round-trip floor',
            value: perSale(checkoutCpu, http.perSecond, [
              ['app', checkoutCpu.share.app],
              ['PostgreSQL', checkoutCpu.share.postgres],
              ['load tool', checkoutCpu.loadTool],
            ]),
            budget: '-',
            baseline: `floor: ${perSale(oneTrip.cpu, oneTrip.perSecond, [
              ['PostgreSQL', oneTrip.cpu.share.postgres],
              ['load tool', oneTrip.cpu.loadTool],
            ])}`,
            ok: null,
          },
        ]
      : []),
    {
      what: 'checkout p50 / p99',
      value: `${ms(http.p50)} / ${ms(http.p99)}`,
      budget: '-',
      baseline: `raw DB ${ms(raw.p50)} / ${ms(raw.p99)}`,
      ok: null,
    },
    {
      what: 'checkouts stored vs answered 201 (none lost, none doubled)',
      value: `${stored.toLocaleString('en-US')} stored, ${answered.toLocaleString('en-US')} answered of ${sent.toLocaleString('en-US')} sent`,
      budget: 'answered ≤ stored ≤ sent',
      baseline: '-',
      ok: exact,
    },
  ];
}
