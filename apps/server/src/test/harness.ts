/* eslint-disable @typescript-eslint/no-explicit-any -- test responses are checked field by field */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type AppOverrides } from '../app.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { loadConfig } from '../config.ts';
import { ManualClock } from '../lib/clock.ts';
import type { MailMessage } from '../lib/mail.ts';
import { copyPostgresTemplate, copySqliteTemplate } from './database-templates.ts';

export type Engine = 'sqlite' | 'postgres';

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). TEST_ENGINES picks
 * some of them (`npm test` runs the API suite once per engine, `TEST_ENGINES=postgres` the second
 * time, to time each apart).
 */
export const engines: Engine[] = process.env.TEST_ENGINES
  ? (process.env.TEST_ENGINES.split(',') as Engine[])
  : process.env.TEST_DATABASE_URL
    ? ['sqlite', 'postgres']
    : ['sqlite'];

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Raw body sent as is (for malformed JSON, content-type and file upload tests). */
  raw?: string | Uint8Array;
}

export interface Argon2Counts {
  hashes: number;
  verifies: number;
  running: number;
  peak: number;
}

export interface TestApp {
  url: string;
  app: FastifyInstance;
  clock: ManualClock;
  dataDir: string;
  /** A second connection to the app's database, for invariant checks (never for setup shortcuts). */
  db: Db;
  /** Every mail the app sent, in order (recorded in addition to the real transport). */
  mails: MailMessage[];
  /** argon2 calls that really ran (past the app's concurrency gate), and the most at once. */
  argon2: Argon2Counts;
  /** Env that points another app at this app's database, e.g. `startTestApp(engine, t.databaseEnv)`. */
  databaseEnv: Record<string, string>;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  lastMailTo(email: string): MailMessage;
  close(): Promise<void>;
}

/** Environment every test app gets; fast argon2 and generous limits unless a test tightens them. */
const TEST_ENV = {
  LOG_LEVEL: 'silent',
  ARGON2_MEMORY_COST: '1024',
  ARGON2_TIME_COST: '1',
  RATE_LIMIT_AUTH_PER_IP: '100000',
  RATE_LIMIT_AUTH_PER_EMAIL: '100000',
  APP_URL: 'http://shop.test',
  SUPPORT_EMAIL: 'support@shop.test',
};

/**
 * Starts the real app on 127.0.0.1, port 0, with a fresh database: a copy of the run's migrated
 * template (test/database-templates.ts), a file in a temp dir or a database of its own on
 * PostgreSQL. Unless `env` names a database (DATABASE_URL, or a DATA_DIR on SQLite) to share.
 */
export async function startTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  overrides: Pick<AppOverrides, 'plugins' | 'productFold' | 'displaySeenRefreshMs'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shopdesk-test-'));
  const templates = inject('databaseTemplates');
  if (engine === 'sqlite' && !env.DATA_DIR) copySqliteTemplate(templates, join(dataDir, 'shopdesk.db'));
  const pgCopy = engine === 'postgres' && !env.DATABASE_URL ? await copyPostgresTemplate(templates) : undefined;
  const config = loadConfig({
    ...TEST_ENV,
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web-dist'),
    ...(pgCopy ? { DATABASE_URL: pgCopy.url, DATABASE_SCHEMA: pgCopy.schema } : {}),
    ...env,
  });
  const clock = new ManualClock();
  const mails: MailMessage[] = [];
  const argon2: Argon2Counts = { hashes: 0, verifies: 0, running: 0, peak: 0 };
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    argon2.peak = Math.max(argon2.peak, ++argon2.running);
    try {
      return await work();
    } finally {
      argon2.running--;
    }
  };
  const app = await buildApp(config, {
    ...overrides,
    clock,
    lazyWriteWorker: true,
    wrapArgon2: (real) => ({
      hash: (password, options) => (argon2.hashes++, counted(() => real.hash(password, options))),
      verify: (hashed, password) => (argon2.verifies++, counted(() => real.verify(hashed, password))),
    }),
    wrapMailer: (mailer) => ({
      send: async (message) => {
        mails.push(message);
        await mailer.send(message);
      },
    }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The tests' own way into the database, as another process would have (on SQLite a write worker
  // of its own, closed with the harness). Opened at its first use: many files never need it, and
  // starting a write worker under tsx costs a few hundred milliseconds.
  let direct: ReturnType<typeof openDatabase> | undefined;
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  return {
    url,
    app,
    clock,
    dataDir,
    get db() {
      return (direct ??= openDatabase(config.database)).db;
    },
    mails,
    argon2,
    databaseEnv: {
      DATA_DIR: config.dataDir,
      ...(config.database.kind === 'postgres'
        ? { DATABASE_URL: config.database.url, DATABASE_SCHEMA: config.database.schema ?? '' }
        : {}),
    },
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      let body: string | Uint8Array | undefined;
      if (options.raw !== undefined) body = options.raw;
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const res = await fetch(url + path, { method, headers, body });
      const text = await res.text();
      // Mail goes out after the answer; a test reads its inbox only once the app has sent it.
      await app.outbox.idle();
      // A 5xx is a bug (product.md §6): fail the test that caused it, with the body for context.
      if (res.status >= 500) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: res.status, body: parsed as any, headers: res.headers, text };
    },
    lastMailTo(email) {
      const mail = mails.filter((m) => m.to === email).at(-1);
      if (!mail) throw new Error(`No mail was sent to ${email}`);
      return mail;
    },
    async close() {
      await app.close();
      await direct?.close();
      await pgCopy?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The per-file preamble in one call: starts the app on a fresh database before the file's (or
 * describe block's) tests and closes it after. Call it in a describe body; the returned object
 * stands for the started app, so it can be captured before `beforeAll` has run.
 */
export function useTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  overrides: Pick<AppOverrides, 'plugins' | 'productFold' | 'displaySeenRefreshMs'> = {},
): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(engine, env, overrides);
  });
  afterAll(async () => started?.close());
  return new Proxy({} as TestApp, {
    get(_target, key) {
      // Not a promise: `await t` or a matcher probing for `then` must not throw.
      if (key === 'then') return undefined;
      if (!started) throw new Error(`The test app is not started yet (read of ${String(key)} outside a test or hook)`);
      const value = Reflect.get(started, key) as unknown;
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}
