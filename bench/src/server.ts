import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchServer {
  url: string;
  dataDir: string;
  engine: string;
  /** Where the server's PostgreSQL data is, for baselines that talk to the database directly. */
  pg?: { url: string; schema: string };
  /** The server process's id, for reading its CPU time from /proc. */
  pid: number;
  /** Stops the process and keeps its data (the move row reads the SQLite file afterwards). */
  halt(): Promise<void>;
  stop(): Promise<void>;
}

/** Runs one statement on BENCH_DATABASE_URL. */
async function onPostgres(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Starts the real server as its own process, as in production (SQLite in a fresh data directory,
 * or PostgreSQL when BENCH_DATABASE_URL is set, in a fresh schema dropped afterwards), so the
 * benchmark measures what users get and every run starts from an empty database. `env` adds to or
 * overrides the server's environment. `sharing`: a second app process on that server's PostgreSQL
 * schema, with its JWT secret (a token of one is good on the other, as behind a load balancer);
 * the schema stays until the first server stops.
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  sharing?: BenchServer,
): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shopdesk-bench-'));
  const pgUrl = sharing ? sharing.pg?.url : process.env.BENCH_DATABASE_URL;
  const schema = sharing ? sharing.pg?.schema : pgUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  if (sharing && !sharing.pg) throw new Error('only a PostgreSQL server can be shared');
  if (pgUrl && schema && !sharing) await onPostgres(pgUrl, `CREATE SCHEMA ${schema}`);
  const shared = sharing ? { JWT_SECRET: readFileSync(path.join(sharing.dataDir, 'jwt-secret'), 'utf8').trim() } : {};
  const child: ChildProcess = spawn(
    process.execPath,
    // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server itself.
    [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: pgUrl ?? '',
        DATABASE_SCHEMA: schema ?? '',
        LOG_LEVEL: 'warn',
        FREE_PRODUCT_LIMIT: '10000000',
        FREE_TRANSACTION_LIMIT: '100000000',
        FREE_CUSTOMER_LIMIT: '10000000',
        RATE_LIMIT_AUTH_PER_IP: '1000',
        APP_URL: `http://127.0.0.1:${port}`,
        ...shared,
        ...env,
      },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const halt = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/public/health`);
      if (res.ok) {
        const health = (await res.json()) as { database: string };
        return {
          url,
          dataDir,
          engine: health.database,
          ...(pgUrl && schema ? { pg: { url: pgUrl, schema } } : {}),
          pid: child.pid!,
          halt,
          async stop() {
            await halt();
            // BENCH_KEEP_DATA=1 keeps the SQLite directory for looking into afterwards.
            if (process.env.BENCH_KEEP_DATA) console.log(`data kept in ${dataDir}`);
            else rmSync(dataDir, { recursive: true, force: true });
            if (pgUrl && schema && !sharing) await onPostgres(pgUrl, `DROP SCHEMA ${schema} CASCADE`);
          },
        };
      }
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function call<T>(url: string, init: RequestInit & { json?: unknown }): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The mail to `email` in the outbox; the server sends mail after its answer, so it may take a moment. */
export async function mailTo(server: BenchServer, email: string): Promise<string> {
  const outbox = path.join(server.dataDir, 'outbox');
  for (let tries = 0; tries < 100; tries++) {
    const names = existsSync(outbox) ? readdirSync(outbox) : [];
    const mail = names
      .map((name) => readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, ''))
      .find((text) => text.includes(email));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${email} in the outbox`);
}

/**
 * Signs up, confirms through the mailed link (read from the outbox) and returns a bearer token.
 * `who` names another owner with a store of their own (`bench-{who}`), for scenarios of two stores.
 */
export async function signUpOwner(server: BenchServer, who = 'owner'): Promise<{ token: string; urlName: string }> {
  const urlName = who === 'owner' ? 'bench-shop' : `bench-${who}`;
  const email = `${who}@bench.example`;
  await call(`${server.url}/api/auth/signUp`, {
    method: 'POST',
    json: {
      email,
      password: 'bench password 1',
      name: 'Bench Owner',
      storeName: 'Bench Shop',
      urlName,
      mainCurrency: 'USD',
      secondCurrency: 'JPY',
    },
  });
  const raw = await mailTo(server, email);
  const token = raw.match(/\/confirm\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error('no confirmation link in the mail');
  const confirmed = await call<{ token: string }>(`${server.url}/api/auth/confirm/${token}`, {
    method: 'GET',
  });
  return { token: confirmed.token, urlName };
}

export { call };
