import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArchive, writeArchive } from '../test/backup-archives.ts';
import { emptyDatabase } from '../test/empty-database.ts';
import { startTestApp, useTestApp, type TestApp } from '../test/harness.ts';
import { expectLedgerConsistent, expectPointsConsistent, expectStoredValueConsistent } from '../test/ledger.ts';
import { runScript } from '../test/server-process.ts';
import { buildSweepWorld, ownerView, SWEEP_WORLD_ENV, type SweepWorld } from '../test/sweep-world.ts';

/** Runs `src/ops/cli.ts` as `npm run backup` / `restore` do, in its own process. */
const cli = (command: 'backup' | 'restore', file: string, env: Record<string, string>) =>
  runScript(['src/ops/cli.ts', command, file], env);

async function tablesIn(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

/**
 * The road from SQLite to PostgreSQL and back (README, "Growing"): a store with products, sales (an
 * offline one among them), a refund, a cargo handed over by QR, shifts with a Z report, members
 * with PINs, tills, a customer, a gift card and an image, backed up on SQLite, restored on
 * PostgreSQL, backed up there and restored on SQLite: each restore prints every table's figures the
 * same, the ledgers hold, and the app answers the owner's requests exactly as before.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('moving a store between SQLite and PostgreSQL', () => {
  const t = useTestApp('sqlite', SWEEP_WORLD_ENV);
  const work = mkdtempSync(join(tmpdir(), 'shopdesk-move-test-'));
  const drops: (() => Promise<void>)[] = [];
  let w: SweepWorld;

  /** What the owner sees, asked of `app`: the sweep's owner view, the sales list and the statistics. */
  async function view(app: TestApp) {
    const as = { token: w.owner.token, headers: { 'x-store': w.owner.store.urlName } };
    const month = new Date().toISOString().slice(0, 7);
    const [sales, summary, products, audit] = await Promise.all([
      app.request('GET', `/api/secure/shop/transaction/range/by-month?month=${month}&page=0&size=50`, as),
      app.request('GET', `/api/secure/shop/statistic/summary?from=2000-01-01&to=2100-01-01`, as),
      app.request('GET', '/api/secure/product/search/window/0/50', as),
      app.request('GET', `/api/secure/virtual-store/${w.owner.store.urlName}/audit/window/0/50`, as),
    ]);
    return {
      owner: await ownerView({ ...w, t: app }),
      sales: [sales.status, sales.body],
      summary: [summary.status, summary.body],
      products: [products.status, products.body],
      audit: [audit.status, audit.body],
    };
  }

  beforeAll(async () => {
    w = await buildSweepWorld(t);
    const as = { token: w.owner.token, headers: { 'x-store': w.owner.store.urlName } };
    // A sale made offline an hour ago, synced now: it keeps the device's time.
    const offline = await t.request('POST', '/api/secure/shop/transaction', {
      ...as,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        soldAt: new Date(Date.now() - 3_600_000).toISOString(),
        lines: [{ code: w.product.code, quantity: 2 }],
        payment: { method: 'CASH', currency: w.owner.store.mainCurrency, amount: 1_000_000 },
      },
    });
    expect(offline.status, offline.text).toBe(201);
    const refund = await t.request('POST', `/api/secure/shop/transaction/${offline.body.code}/refund`, {
      ...as,
      body: { clientId: randomUUID(), lines: [{ lineId: offline.body.lines[0].id, quantity: 1 }], restock: true },
    });
    expect(refund.status, refund.text).toBe(201);
    // The gifter's cargo, handed over by QR and received.
    const received = await t.request('POST', '/api/secure/cargo/qr/transfer', { ...as, body: { token: w.qrToken } });
    expect(received.status, received.text).toBe(201);
    const arrived = await t.request('POST', '/api/secure/cargo/arrived', { ...as, body: { code: received.body.code } });
    expect(arrived.status, arrived.text).toBe(200);
  }, 300_000);

  afterAll(async () => {
    for (const drop of drops) await drop();
    rmSync(work, { recursive: true, force: true });
  });

  async function newPostgres(): Promise<string> {
    const made = await emptyDatabase();
    drops.push(made.drop);
    return made.url;
  }

  it('SQLite → PostgreSQL → SQLite: every figure the same, the same answers', { timeout: 600_000 }, async () => {
    const before = await view(t);
    const onSqlite = join(work, 'on-sqlite.tar.gz');
    const backup = await cli('backup', onSqlite, t.databaseEnv);
    expect(backup.code, backup.stderr).toBe(0);

    const pgEnv = { DATA_DIR: join(work, 'pg-files'), DATABASE_URL: await newPostgres(), DATABASE_SCHEMA: '' };
    const toPg = await cli('restore', onSqlite, pgEnv);
    expect(toPg.code, toPg.stderr + toPg.stdout).toBe(0);
    expect(toPg.stdout).toMatch(/Moved a SQLite backup; every figure compared/);
    expect(toPg.stdout).toMatch(/shop_transactions \(rows, values\) +\d+ +\d+ +same/);
    expect(toPg.stdout).toMatch(/stock ledger: products whose quantity ≠ sum of movements +0 +0 +same/);
    expect(toPg.stdout).not.toMatch(/DIFFERS/);

    const onPg = await startTestApp('postgres', pgEnv);
    try {
      await expectLedgerConsistent(onPg);
      await expectPointsConsistent(onPg);
      await expectStoredValueConsistent(onPg);
      expect(await view(onPg)).toEqual(before);
      const pgBackup = join(work, 'on-postgres.tar.gz');
      const again = await cli('backup', pgBackup, pgEnv);
      expect(again.code, again.stderr).toBe(0);

      const sqliteEnv = { DATA_DIR: join(work, 'sqlite-again') };
      const toSqlite = await cli('restore', pgBackup, sqliteEnv);
      expect(toSqlite.code, toSqlite.stderr + toSqlite.stdout).toBe(0);
      expect(toSqlite.stdout).toMatch(/Moved a PostgreSQL backup; every figure compared/);
      expect(toSqlite.stdout).not.toMatch(/DIFFERS/);
      const file = new Database(join(sqliteEnv.DATA_DIR, 'shopdesk.db'), { readonly: true });
      try {
        expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(file.pragma('journal_mode', { simple: true })).toBe('wal');
      } finally {
        file.close();
      }
      const back = await startTestApp('sqlite', sqliteEnv);
      try {
        await expectLedgerConsistent(back);
        expect(await view(back)).toEqual(before);
      } finally {
        await back.close();
      }
    } finally {
      await onPg.close();
    }
  });

  it(
    'refuses a non-empty target, a newer backup and rows the other engine cannot hold, writing nothing',
    { timeout: 300_000 },
    async () => {
      const archive = join(work, 'refusals.tar.gz');
      expect((await cli('backup', archive, t.databaseEnv)).code).toBe(0);
      const entries = await readArchive(archive);
      const forged = (name: string, change: (bytes: Buffer) => Buffer) => {
        const file = join(work, `${randomUUID()}.tar.gz`);
        writeArchive(
          file,
          entries.map((e) => (e.name === name ? { name, bytes: change(e.bytes) } : e)),
        );
        return file;
      };

      // A target that already holds a table.
      const busy = await newPostgres();
      const client = new pg.Client({ connectionString: busy });
      await client.connect();
      await client.query('create table someone_elses (id int)');
      await client.end();
      const intoBusy = await cli('restore', archive, {
        DATA_DIR: join(work, 'busy'),
        DATABASE_URL: busy,
        DATABASE_SCHEMA: '',
      });
      expect(intoBusy.code).not.toBe(0);
      expect(intoBusy.stderr).toMatch(/schema "public" is not empty/);

      // A backup of a newer version.
      const newer = forged('shopdesk-backup.json', (bytes) => {
        const manifest = JSON.parse(bytes.toString('utf8'));
        return Buffer.from(JSON.stringify({ ...manifest, migration: '209912310000-from-the-future' }));
      });
      const empty = await newPostgres();
      const fromFuture = await cli('restore', newer, {
        DATA_DIR: join(work, 'future'),
        DATABASE_URL: empty,
        DATABASE_SCHEMA: '',
      });
      expect(fromFuture.code).not.toBe(0);
      expect(fromFuture.stderr).toMatch(/taken by a newer ShopDesk/);
      expect(await tablesIn(empty)).toEqual([]);

      // A SQLite row PostgreSQL cannot hold: text in a whole-number column (SQLite keeps it).
      const copy = join(work, 'broken.db');
      writeFileSync(copy, entries.find((e) => e.name === 'shopdesk.db')!.bytes);
      const db = new Database(copy);
      db.prepare(`update products set cost = 'twelve' where code = ?`).run(w.product.code);
      db.close();
      const broken = forged('shopdesk.db', () => readFileSync(copy));
      const target = await newPostgres();
      const refused = await cli('restore', broken, {
        DATA_DIR: join(work, 'broken-files'),
        DATABASE_URL: target,
        DATABASE_SCHEMA: '',
      });
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(
        /Row \d+ \(id [0-9a-f-]{36}\) of table products in the backup cannot be stored in PostgreSQL: cost holds "twelve"/,
      );
      expect(await tablesIn(target)).toEqual([]);
      expect(readdirSync(join(work, 'broken-files')).filter((f) => !f.startsWith('.'))).toEqual([]);
    },
  );

  it(
    'refuses a PostgreSQL backup whose rows break a rule of SQLite, writing nothing',
    { timeout: 300_000 },
    async () => {
      const pgEnv = { DATA_DIR: join(work, 'pg-for-refusal'), DATABASE_URL: await newPostgres(), DATABASE_SCHEMA: '' };
      const archive = join(work, 'sqlite-for-refusal.tar.gz');
      expect((await cli('backup', archive, t.databaseEnv)).code).toBe(0);
      expect((await cli('restore', archive, pgEnv)).code).toBe(0);
      const pgArchive = join(work, 'pg-for-refusal.tar.gz');
      expect((await cli('backup', pgArchive, pgEnv)).code).toBe(0);
      const entries = await readArchive(pgArchive);
      // The products block's first row, twice: the second breaks the store's unique barcode.
      const dump = entries.find((e) => e.name === 'database.sql')!.bytes.toString('utf8');
      const lines = dump.split('\n');
      const start = lines.findIndex((l) => l.startsWith('COPY public.products '));
      lines.splice(start + 2, 0, lines[start + 1]!);
      const forged = join(work, 'pg-duplicate.tar.gz');
      writeArchive(
        forged,
        entries.map((e) => (e.name === 'database.sql' ? { name: e.name, bytes: Buffer.from(lines.join('\n')) } : e)),
      );
      const dataDir = join(work, 'duplicate-target');
      const refused = await cli('restore', forged, { DATA_DIR: dataDir });
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(
        /Row 2 \(id [0-9a-f-]{36}\) of table products in the backup cannot be stored in SQLite: UNIQUE constraint failed/,
      );
      expect(readdirSync(dataDir).filter((f) => !f.startsWith('.'))).toEqual([]);
    },
  );
});
