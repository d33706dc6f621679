import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { engines, startTestApp, useTestApp, type TestApp } from '../test/harness.ts';
import { runScript } from '../test/server-process.ts';
import { emptyDatabase as newDatabase } from '../test/empty-database.ts';
import { expectLedgerConsistent } from '../test/ledger.ts';
import { createProduct, ean13 } from '../test/products.ts';
import { SAMPLE_PNG } from '../test/sweep-world.ts';
import { restoreBackup } from './restore.ts';

const CLIENTS = 4;
const STOCK = 100_000;

/** Runs `src/ops/cli.ts` as `npm run backup` / `restore` do, in its own process. */
const cli = (command: 'backup' | 'restore', file: string, env: Record<string, string>) =>
  runScript(['src/ops/cli.ts', command, file], env);

interface Sale {
  clientId: string;
  lines: { code: string; quantity: number }[];
}

/**
 * A backup taken while checkouts run, restored into an empty DATA_DIR (SQLite) or an empty database
 * (PostgreSQL, into another schema name), holds a consistent store: every sale acknowledged before
 * the backup began, no half sale, a ledger that adds up, the cargo, the images and the sessions
 * (the JWT secret travels with the files). Both commands run as the CLI does.
 */
describe.each(engines)('backup and restore on %s', (engine) => {
  const t = useTestApp(engine, { FREE_TRANSACTION_LIMIT: '10000000' });
  const work = mkdtempSync(join(tmpdir(), 'shopdesk-backup-test-'));
  const dropDatabases: (() => Promise<void>)[] = [];
  const archive = join(work, 'backup.tar.gz');
  let u: TestUser;
  const codes: string[] = [];
  const images = new Map<string, Buffer>();
  let cargoCode = '';

  beforeAll(async () => {
    u = await createUser(t, { secondCurrency: null });
    for (let i = 0; i < 5; i++)
      codes.push((await createProduct(t, u, { code: ean13(), price: 100, quantity: STOCK })).code);
    for (let i = 0; i < 3; i++) {
      const id = randomUUID();
      const bytes = Buffer.concat([SAMPLE_PNG, randomBytes(64)]);
      const put = await t.request('PUT', `/api/secure/file/data/${u.store.urlName}/${id}`, {
        token: u.token,
        raw: bytes,
        headers: { 'content-type': 'image/png' },
      });
      expect(put.status, put.text).toBe(200);
      images.set(id, bytes);
    }
    const store = { token: u.token, headers: { 'x-store': u.store.urlName } };
    const cargo = await t.request('POST', '/api/secure/cargo/new', {
      ...store,
      body: { name: 'Spring delivery', contents: [{ code: codes[0]!, name: 'Green Tea 500ml', quantity: 24 }] },
    });
    expect(cargo.status, cargo.text).toBe(201);
    cargoCode = cargo.body.code;
    const arrived = await t.request('POST', '/api/secure/cargo/arrived', { ...store, body: { code: cargoCode } });
    expect(arrived.status, arrived.text).toBe(200);
  });

  afterAll(async () => {
    for (const drop of dropDatabases) await drop();
    rmSync(work, { recursive: true, force: true });
  });

  /** A new, empty PostgreSQL database on the test server, dropped after the file. */
  async function emptyDatabase(): Promise<string> {
    const made = await newDatabase();
    dropDatabases.push(made.drop);
    return made.url;
  }

  it('round-trips a store taken while a checkout load runs', { timeout: 300_000 }, async () => {
    const acked: Sale[] = [];
    const attempted: Sale[] = [];
    let stop = false;
    let failure: unknown;
    const load = Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; !stop; n++) {
        const lines = [{ code: codes[(client + n) % codes.length]!, quantity: 1 + (n % 3) }];
        if (n % 2) lines.push({ code: codes[(client + n + 1) % codes.length]!, quantity: 1 });
        const sale = { clientId: randomUUID(), lines };
        attempted.push(sale);
        const total = lines.reduce((sum, l) => sum + 100 * l.quantity, 0);
        const res = await t.request('POST', '/api/secure/shop/transaction', {
          token: u.token,
          body: { ...sale, status: 'COMPLETED', payment: { method: 'CASH', currency: 'USD', amount: total } },
        });
        if (res.status === 201) acked.push(sale);
        else {
          failure ??= new Error(`checkout answered ${res.status}: ${res.text}`);
          stop = true;
        }
      }
    });
    const waitForSales = async (count: number) => {
      while (acked.length < count && !failure) await new Promise((r) => setTimeout(r, 20));
    };

    await waitForSales(10);
    const ackedBefore = new Set(acked.map((s) => s.clientId));
    const backup = await cli('backup', archive, t.databaseEnv);
    const ackedDuring = acked.length - ackedBefore.size;
    await waitForSales(acked.length + 5);
    stop = true;
    await Promise.all(load);
    if (failure) throw failure;
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up /);
    // A plain tar: the system's tar lists it, database first, then every image.
    const listed = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).trim().split('\n');
    expect(listed.slice(0, 2)).toEqual(['shopdesk-backup.json', engine === 'sqlite' ? 'shopdesk.db' : 'database.sql']);
    for (const id of images.keys()) expect(listed).toContain(`data/files/${u.store.id}/${id}`);
    expect(listed).toContain('data/jwt-secret');
    // The backup really ran beside the load: sales were acknowledged while it was being taken.
    expect(ackedDuring).toBeGreaterThan(0);

    // Into a DATA_DIR (and on PostgreSQL a new database, its public schema) that are empty.
    const dataDir = join(work, 'restored');
    const target: Record<string, string> = { DATA_DIR: dataDir };
    if (engine === 'postgres') {
      target.DATABASE_URL = await emptyDatabase();
      target.DATABASE_SCHEMA = '';
    }
    const restore = await cli('restore', archive, target);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/^Restored the backup /);

    if (engine === 'sqlite') {
      const file = new Database(join(dataDir, 'shopdesk.db'), { readonly: true });
      try {
        expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        file.close();
      }
    }
    const r = await startTestApp(engine, target);
    try {
      await expectRestoredStore(r, { ackedBefore, attempted });
    } finally {
      await r.close();
    }
  });

  async function expectRestoredStore(r: TestApp, sales: { ackedBefore: Set<string>; attempted: Sale[] }) {
    await expectLedgerConsistent(r, u.store.id);
    const stored = await r.db
      .selectFrom('shop_transactions')
      .select(['id', 'client_id'])
      .where('store_id', '=', u.store.id)
      .execute();
    const storedIds = new Set(stored.map((s) => s.client_id));
    // Every sale acknowledged before the backup began is in it; nothing else than what was sent.
    for (const id of sales.ackedBefore)
      expect(storedIds.has(id), `sale ${id} acknowledged before the backup`).toBe(true);
    const sent = new Set(sales.attempted.map((s) => s.clientId));
    for (const id of storedIds) expect(sent.has(id!)).toBe(true);
    // No half sale: each stored sale has all its lines, and stock fell by exactly what they sold.
    const lines = await r.db
      .selectFrom('shop_transaction_lines')
      .select(['transaction_id', 'code', 'quantity'])
      .where('store_id', '=', u.store.id)
      .execute();
    const byClientId = new Map(sales.attempted.map((s) => [s.clientId, s]));
    const sold = new Map<string, number>();
    for (const sale of stored) {
      const own = lines.filter((l) => l.transaction_id === sale.id);
      expect(own.length).toBe(byClientId.get(sale.client_id!)!.lines.length);
      for (const l of own) sold.set(l.code!, (sold.get(l.code!) ?? 0) + Number(l.quantity));
    }
    const products = await r.db
      .selectFrom('products')
      .select(['code', 'quantity'])
      .where('store_id', '=', u.store.id)
      .execute();
    for (const p of products) {
      const arrived = p.code === codes[0] ? 24 : 0;
      expect(Number(p.quantity), p.code).toBe(STOCK + arrived - (sold.get(p.code) ?? 0));
    }

    // The old session still works (its row and the JWT secret came back) and reads the rest.
    const cargo = await r.request('GET', `/api/secure/cargo/code/${cargoCode}`, {
      token: u.token,
      headers: { 'x-store': u.store.urlName },
    });
    expect(cargo.status, cargo.text).toBe(200);
    expect(cargo.body.status).toBe('ARRIVED');
    for (const [id, bytes] of images) {
      const res = await fetch(`${r.url}/api/secure/file/data/${u.store.urlName}/${id}`, {
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
  }

  it.runIf(engine === 'postgres')('restores into a schema of the same name in another database', async () => {
    const env = { ...t.databaseEnv, DATA_DIR: join(work, 'same-name'), DATABASE_URL: await emptyDatabase() };
    const summary = await restoreBackup(loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'unused', ...env }), archive);
    expect(summary.engine).toBe('postgres');
    const r = await startTestApp(engine, env);
    try {
      await expectLedgerConsistent(r, u.store.id);
      const count = (db: TestApp['db']) =>
        db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('store_id', '=', u.store.id)
          .executeTakeFirstOrThrow();
      expect(await count(r.db)).toEqual(await count(t.db));
      const session = await fetch(`${r.url}/api/secure/virtual-store`, {
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect(session.status).toBe(200);
    } finally {
      await r.close();
    }
  });

  it('restores only into an empty DATA_DIR and an empty database', { timeout: 120_000 }, async () => {
    const archive = join(work, 'refused.tar.gz');
    const backup = await cli('backup', archive, t.databaseEnv);
    expect(backup.code, backup.stderr).toBe(0);
    const config = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'unused', ...env });

    // Over the live app's own DATA_DIR.
    await expect(restoreBackup(config(t.databaseEnv), archive)).rejects.toThrow(/DATA_DIR .* is not empty/);
    // An empty DATA_DIR, but (PostgreSQL) the live schema.
    const empty = mkdtempSync(join(work, 'empty-'));
    if (engine === 'postgres') {
      await expect(restoreBackup(config({ ...t.databaseEnv, DATA_DIR: empty }), archive)).rejects.toThrow(
        /schema "t_[a-f0-9]+" is not empty/,
      );
    }
    // Not a backup at all.
    const junk = join(work, 'junk.tar.gz');
    writeFileSync(junk, 'not a backup');
    await expect(restoreBackup(config({ ...t.databaseEnv, DATA_DIR: empty }), junk)).rejects.toThrow(
      /not a ShopDesk backup/,
    );
  });
});
