import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { FREE_CUSTOMER_LIMIT_DEFAULT } from '@shopdesk/shared';

/** The repository root, so defaults such as WEB_DIST do not depend on the working directory. */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));
const int = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  /** PostgreSQL schema to use (search_path); lets each test file run in its own schema. */
  DATABASE_SCHEMA: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/)
      .optional(),
  ),
  APP_URL: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('ShopDesk <no-reply@localhost>'),
  SUPPORT_EMAIL: optionalString,
  JWT_SECRET: optionalString,
  FREE_PRODUCT_LIMIT: int(100),
  FREE_CARGO_LIMIT: int(20),
  FREE_TRANSACTION_LIMIT: int(300),
  FREE_MEMBER_LIMIT: int(1),
  /** Customers per store on the free plan (anonymised ones do not count). */
  FREE_CUSTOMER_LIMIT: int(FREE_CUSTOMER_LIMIT_DEFAULT),
  /** `stripe` (also chosen when STRIPE_SECRET_KEY is set), `demo` (never in production), or unset: no billing. */
  BILLING_PROVIDER: z.enum(['demo', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Another address for Stripe's API (stripe-mock, a test double); Stripe's own when unset. */
  STRIPE_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Premium's prices, in minor units of BILLING_CURRENCY. */
  BILLING_CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .default('USD')
    .transform((v) => v.toUpperCase()),
  BILLING_PRICE_MONTHLY: z.coerce.number().int().min(1).default(500),
  BILLING_PRICE_YEARLY: z.coerce.number().int().min(1).default(5000),
  /** Days premium is kept after a failed renewal payment, while the provider retries it. */
  BILLING_GRACE_DAYS: int(7),
  RATES_FEED_URL: optionalString,
  WEB_DIST: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: readable lines; `json`: one JSON object per line; `auto`: pretty in a terminal. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /** Comma-separated origins allowed by CORS (the native apps' WebView origins by default). */
  CORS_ORIGINS: z.string().default('capacitor://localhost,ionic://localhost,http://localhost,https://localhost'),
  BODY_LIMIT: int(1024 * 1024),
  /**
   * How long a client may take to send a request's headers, and the whole request with its body
   * (a CSV batch or an image on a weak connection needs a while); slower clients are answered 408.
   */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /** How long an idle keep-alive connection stays open between requests. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Set when behind a reverse proxy, so client IPs (rate limits) come from X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Attempts per window of each auth call (login, sign-up, mails, code, reset, password change). */
  RATE_LIMIT_AUTH_PER_IP: int(100),
  RATE_LIMIT_AUTH_PER_EMAIL: int(10),
  RATE_LIMIT_AUTH_WINDOW_MS: int(15 * 60 * 1000),
  /** Wrong logins from one address for one email before each further try must wait (1 s, 2 s, 4 s …). */
  RATE_LIMIT_LOGIN_FREE_FAILURES: int(5),
  /** The longest of those waits. */
  RATE_LIMIT_LOGIN_MAX_DELAY_MS: int(15 * 60 * 1000),
  /** OWASP's argon2id baseline; tests lower these for speed. */
  ARGON2_MEMORY_COST: z.coerce.number().int().min(8).default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  /** Password hashes/verifies running at once (each holds ARGON2_MEMORY_COST KiB and a libuv thread). */
  ARGON2_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  /** Password calls allowed to wait for one of those; more are answered 429. */
  ARGON2_QUEUE: int(32),
  /** Mails (and their lookups) waiting to be sent after the answer; more are answered 429. */
  MAIL_QUEUE: z.coerce.number().int().min(1).default(1000),
  SESSION_DAYS: z.coerce.number().int().min(1).default(30),
  /**
   * How long a live session is remembered in memory (see session-cache.ts); 0 reads it on every
   * call. Several processes on one PostgreSQL database see another's logout within this time.
   */
  SESSION_CACHE_MS: int(5000),
  /** CSV imports (one batch each) and exports running at once per user and per process; more wait in a line. */
  CATALOGUE_JOBS_PER_USER: z.coerce.number().int().min(1).default(2),
  CATALOGUE_JOBS_TOTAL: z.coerce.number().int().min(1).default(4),
  /** Imports and exports allowed to wait for a slot, and for how long; past either they are answered 429. */
  CATALOGUE_JOBS_QUEUE: int(16),
  CATALOGUE_JOBS_WAIT_MS: int(30_000),
  /** Image storage per store: free plan, and premium (bytes). Past it an upload is refused. */
  STORE_STORAGE_QUOTA_BYTES: int(50 * 1024 * 1024),
  PREMIUM_STORE_STORAGE_QUOTA_BYTES: int(1024 * 1024 * 1024),
  /** Image uploads per user per window. */
  RATE_LIMIT_UPLOADS_PER_USER: int(60),
  RATE_LIMIT_UPLOADS_WINDOW_MS: int(10 * 60 * 1000),
  /** Store invitations a user may send per hour (each is a mail). */
  RATE_LIMIT_INVITES_PER_HOUR: int(20),
  /** Receipt mails per hour (modules/receipts/receipt-mail.service.ts): a store, one address, one asker. */
  RATE_LIMIT_RECEIPT_MAILS_PER_STORE: int(60),
  RATE_LIMIT_RECEIPT_MAILS_PER_ADDRESS: int(5),
  RATE_LIMIT_RECEIPT_MAILS_PER_ASKER: int(30),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
  appUrl: string;
  mail: { smtpUrl?: string; from: string; supportEmail?: string; outboxDir: string };
  jwtSecret: Uint8Array;
  freeLimits: { products: number; cargos: number; transactions: number; members: number; customers: number };
  billing: {
    provider?: 'demo' | 'stripe';
    stripeSecretKey?: string;
    stripeWebhookSecret?: string;
    stripeApiUrl?: string;
    currency: string;
    prices: { month: number; year: number };
    graceDays: number;
  };
  ratesFeedUrl?: string;
  webDist: string;
  logLevel: string;
  logFormat: 'auto' | 'pretty' | 'json';
  corsOrigins: string[];
  bodyLimit: number;
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  trustProxy: boolean;
  rateLimit: {
    authPerIp: number;
    authPerEmail: number;
    authWindowMs: number;
    loginFreeFailures: number;
    loginMaxDelayMs: number;
  };
  argon2: { memoryCost: number; timeCost: number; concurrency: number; queue: number };
  mailQueue: number;
  sessionDays: number;
  sessionCacheMs: number;
  catalogueJobs: { perKey: number; total: number; queue: number; maxWaitMs: number };
  storageQuota: { free: number; premium: number };
  uploads: { max: number; windowMs: number };
  invitesPerHour: number;
  /** Receipt mails allowed per hour, per store, per address and per asker (a member or a display). */
  receiptMails: { perStore: number; perAddress: number; perAsker: number };
  version: string;
}

/** Reads JWT_SECRET, or the one generated on first start and kept in DATA_DIR, so tokens survive restarts. */
function loadJwtSecret(value: string | undefined, dataDir: string): Uint8Array {
  if (value) return new TextEncoder().encode(value);
  const file = resolve(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(resolve(REPO_ROOT, 'apps/server/package.json'), 'utf8'));
    return String(pkg.version);
  } catch {
    return '0.0.0';
  }
}

/**
 * The payment provider, refusing to start with one that cannot work: Stripe without both keys
 * (checkouts would fail, or webhooks could not be verified), or the demo provider, which grants
 * premium for nothing, in production.
 */
function billingProvider(e: z.infer<typeof EnvSchema>): 'demo' | 'stripe' | undefined {
  const provider = e.BILLING_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : undefined);
  if (provider === 'demo' && environmentName(e.NODE_ENV) === 'production') {
    throw new Error(
      'Invalid configuration:\n  BILLING_PROVIDER: the demo payment provider grants premium without payment and is refused when NODE_ENV=production',
    );
  }
  if (provider === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  BILLING_PROVIDER: stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  return provider;
}

/** NODE_ENV as compared everywhere: `Production` or ` production ` is production too. */
function environmentName(value: string): string {
  return value.trim().toLowerCase();
}

/** Parses the environment once; throws a readable error naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // `npm start -w …` runs in the workspace folder; npm's INIT_CWD is where the user typed the
  // command, which is what a relative DATA_DIR or WEB_DIST means to them.
  const cwd = env.INIT_CWD ?? process.cwd();
  const dataDir = resolve(cwd, e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    env: environmentName(e.NODE_ENV),
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA }
      : { kind: 'sqlite', file: resolve(dataDir, 'shopdesk.db') },
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      supportEmail: e.SUPPORT_EMAIL,
      outboxDir: resolve(dataDir, 'outbox'),
    },
    jwtSecret: loadJwtSecret(e.JWT_SECRET, dataDir),
    freeLimits: {
      products: e.FREE_PRODUCT_LIMIT,
      cargos: e.FREE_CARGO_LIMIT,
      transactions: e.FREE_TRANSACTION_LIMIT,
      members: e.FREE_MEMBER_LIMIT,
      customers: e.FREE_CUSTOMER_LIMIT,
    },
    billing: {
      provider: billingProvider(e),
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: e.STRIPE_API_URL,
      currency: e.BILLING_CURRENCY,
      prices: { month: e.BILLING_PRICE_MONTHLY, year: e.BILLING_PRICE_YEARLY },
      graceDays: e.BILLING_GRACE_DAYS,
    },
    ratesFeedUrl: e.RATES_FEED_URL,
    webDist: e.WEB_DIST ? resolve(cwd, e.WEB_DIST) : resolve(REPO_ROOT, 'apps/web/dist'),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    bodyLimit: e.BODY_LIMIT,
    http: {
      headersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    trustProxy: e.TRUST_PROXY,
    rateLimit: {
      authPerIp: e.RATE_LIMIT_AUTH_PER_IP,
      authPerEmail: e.RATE_LIMIT_AUTH_PER_EMAIL,
      authWindowMs: e.RATE_LIMIT_AUTH_WINDOW_MS,
      loginFreeFailures: e.RATE_LIMIT_LOGIN_FREE_FAILURES,
      loginMaxDelayMs: e.RATE_LIMIT_LOGIN_MAX_DELAY_MS,
    },
    argon2: {
      memoryCost: e.ARGON2_MEMORY_COST,
      timeCost: e.ARGON2_TIME_COST,
      concurrency: e.ARGON2_CONCURRENCY,
      queue: e.ARGON2_QUEUE,
    },
    mailQueue: e.MAIL_QUEUE,
    sessionDays: e.SESSION_DAYS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    catalogueJobs: {
      perKey: e.CATALOGUE_JOBS_PER_USER,
      total: e.CATALOGUE_JOBS_TOTAL,
      queue: e.CATALOGUE_JOBS_QUEUE,
      maxWaitMs: e.CATALOGUE_JOBS_WAIT_MS,
    },
    storageQuota: { free: e.STORE_STORAGE_QUOTA_BYTES, premium: e.PREMIUM_STORE_STORAGE_QUOTA_BYTES },
    uploads: { max: e.RATE_LIMIT_UPLOADS_PER_USER, windowMs: e.RATE_LIMIT_UPLOADS_WINDOW_MS },
    invitesPerHour: e.RATE_LIMIT_INVITES_PER_HOUR,
    receiptMails: {
      perStore: e.RATE_LIMIT_RECEIPT_MAILS_PER_STORE,
      perAddress: e.RATE_LIMIT_RECEIPT_MAILS_PER_ADDRESS,
      perAsker: e.RATE_LIMIT_RECEIPT_MAILS_PER_ASKER,
    },
    version: readVersion(),
  };
}
