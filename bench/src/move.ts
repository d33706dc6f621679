import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Row } from './table.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SALES = Number(process.env.BENCH_MOVE_SALES ?? 1_000_000);

/** The sale tables grown to SALES sales, and the columns that make a copy of a row a new row. */
const GROWN: { table: string; renamed: string[] }[] = [
  { table: 'shop_transactions', renamed: ['id', 'code', 'client_id'] },
  { table: 'shop_transaction_lines', renamed: ['id', 'transaction_id'] },
  { table: 'shop_tenders', renamed: ['id', 'transaction_id'] },
];

/**
 * Grows the stopped server's SQLite database to SALES sales by copying the sales the run made
 * (their lines and tenders too), each copy with new ids, codes and client ids. The shortcut, said
 * plainly: a million sales over HTTP would take the bench twenty minutes; the copies are rows the
 * move carries like any other (the stock ledger is left as the real sales wrote it, so it holds).
 */
function growSales(file: string): number {
  const db = new Database(file);
  try {
    const made = (db.prepare('select count(*) as n from shop_transactions').get() as { n: number }).n;
    if (made === 0) throw new Error('the move row needs the sales of the checkout rows: run it with checkout');
    const copies = Math.ceil(SALES / made) - 1;
    db.exec('begin');
    for (const { table, renamed } of GROWN) {
      const columns = (db.prepare(`select name from pragma_table_info(?)`).all(table) as { name: string }[]).map(
        (c) => c.name,
      );
      const select = columns.map((c) => (renamed.includes(c) ? `${c} || '-' || k.n` : c)).join(', ');
      db.prepare(
        `with recursive k(n) as (select 1 union all select n + 1 from k where n < ?)
         insert into ${table} (${columns.join(', ')}) select ${select} from ${table}, k where ${table}.id not like '%-%-%-%-%-%'`,
      ).run(copies);
    }
    db.exec('commit');
    return (db.prepare('select count(*) as n from shop_transactions').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Runs the ops CLI as `npm run backup` / `restore` do; resolves with its output. */
function cli(command: 'backup' | 'restore', file: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/ops/cli.ts', command, file], {
      cwd: path.join(root, 'apps/server'),
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} failed: ${out}`))));
  });
}

/**
 * product.md issue 46: the SQLite → PostgreSQL move of the bench's catalogue and its sales grown
 * to a million, within 5 minutes and in bounded memory: `npm run backup` of the SQLite data, then
 * `npm run restore` into a new PostgreSQL database (BENCH_MOVE_DATABASE_URL names the server's
 * maintenance database to create it from), timed, with the restore's own peak memory.
 * BENCH_MOVE_KEEP names a folder to keep the archive in (`move-<sales>.tar.gz`), so the restore
 * can be timed again on its own, on the same data, while the move's code changes.
 */
export async function moveRows(dataDir: string): Promise<Row[]> {
  const admin = process.env.BENCH_MOVE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const sales = growSales(path.join(dataDir, 'shopdesk.db'));
  const work = mkdtempSync(path.join(tmpdir(), 'shopdesk-move-'));
  const name = `shopdesk_move_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  try {
    const archive = path.join(work, 'move.tar.gz');
    const backupStart = performance.now();
    await cli('backup', archive, { DATA_DIR: dataDir, DATABASE_URL: '' });
    const backupSeconds = (performance.now() - backupStart) / 1000;
    if (process.env.BENCH_MOVE_KEEP)
      copyFileSync(archive, path.join(process.env.BENCH_MOVE_KEEP, `move-${sales}.tar.gz`));
    await run(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const restoreStart = performance.now();
    const out = await cli('restore', archive, {
      DATA_DIR: path.join(work, 'files'),
      DATABASE_URL: url.toString(),
      DATABASE_SCHEMA: '',
    });
    const restoreSeconds = (performance.now() - restoreStart) / 1000;
    const peak = /peak memory (\d+) MB/.exec(out)?.[1] ?? '?';
    // The move is the restore (unpack, check, load, compare); the backup is the shop's routine
    // nightly backup, taken before the move whether or not there is one, and shown beside it.
    return [
      {
        what: `SQLite → PostgreSQL move (restore), ${sales.toLocaleString('en-US')} sales (the backup before it: ${backupSeconds.toFixed(0)} s)`,
        value: `${restoreSeconds.toFixed(0)} s`,
        budget: '< 300 s',
        baseline: '-',
        ok: restoreSeconds < 300 && !/DIFFERS/.test(out),
      },
      { what: 'move: restore peak memory', value: `${peak} MB`, budget: 'bounded', baseline: '-', ok: null },
    ];
  } finally {
    await run(`drop database if exists ${name} with (force)`).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}
