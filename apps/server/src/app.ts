import { createHash } from 'node:crypto';
import { join } from 'node:path';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EARLY_KEYS_SCRIPT } from '@shopdesk/shared';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { watchChanges } from './db/change-watch.ts';
import { migrateToLatest } from './db/migrate.ts';
import { MINUTE, systemClock, type Clock } from './lib/clock.ts';
import type { AppContext } from './lib/context.ts';
import { registerCompression } from './lib/compression.ts';
import { registerDocs } from './lib/docs.ts';
import { clientErrorHandler } from './lib/client-errors.ts';
import { frameworkErrors } from './lib/framework-errors.ts';
import { installErrorHandling } from './lib/error-handler.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { localFileStorage } from './lib/file-storage.ts';
import { loggerOptions } from './lib/logger.ts';
import { databaseRateLimitStore } from './lib/rate-limit-store.ts';
import { createMailer, type Mailer } from './lib/mail.ts';
import { createOutbox } from './lib/outbox.ts';
import { createPasswordHasher, nodeArgon2, type Argon2 } from './lib/passwords.ts';
import { createSessionCache } from './lib/session-cache.ts';
import { authGuard, type AuthInfo } from './modules/access/index.ts';
import { createSessionTokens } from './lib/session-tokens.ts';
import { registerWebApp } from './lib/web-app.ts';
import { authRoutes, sessionRoutes } from './modules/auth/index.ts';
import { billingRoutes, billingWebhookRoutes, settleLapsed, settleUser } from './modules/billing/index.ts';
import { customersRoutes, startPointsExpiry } from './modules/customers/index.ts';
import { DisplayHub, displayPublicRoutes, displayRoutes } from './modules/display/index.ts';
import { drawerRoutes } from './modules/drawer/index.ts';
import { filesRoutes } from './modules/files/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { invitationAuthRoutes, invitationSecureRoutes, membersRoutes } from './modules/members/index.ts';
import { paymentMethodsRoutes } from './modules/payment-methods/index.ts';
import { plansRoutes } from './modules/plans/index.ts';
import { profileRoutes } from './modules/profile/index.ts';
import { ensureSnapshot, publicRatesRoutes, startRatesFeed, storeRatesRoutes } from './modules/rates/index.ts';
import { applyImportChunkTask, itemsRoutes, productChangesRoutes, productsRoutes } from './modules/products/index.ts';
import { barcodeRulesRoutes } from './modules/barcode-rules/index.ts';
import {
  publicReceiptRoutes,
  receiptMailRoutes,
  receiptPageRoutes,
  receiptTemplateRoutes,
} from './modules/receipts/index.ts';
import { shiftsRoutes } from './modules/shifts/index.ts';
import { cargoRoutes } from './modules/cargo/index.ts';
import { shopRoutes, storeRefundTask, storeSaleTask } from './modules/shop/index.ts';
import { foldProductsTask, startProductFold, statisticsRoutes } from './modules/statistics/index.ts';
import { storesRoutes } from './modules/stores/index.ts';
import { startCardExpiry, storedValueRoutes } from './modules/stored-value/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { supportRoutes } from './modules/support/index.ts';
import { tillRoutes } from './modules/till/index.ts';

/** index.html's inline early key recorder (packages/shared/src/early-keys.ts), allowed by its hash. */
const EARLY_KEYS_HASH = createHash('sha256').update(EARLY_KEYS_SCRIPT).digest('base64');

export interface AppOverrides {
  clock?: Clock;
  /** Wraps the configured mailer, e.g. so tests can also record what was sent. */
  wrapMailer?: (mailer: Mailer) => Mailer;
  /** Wraps argon2, e.g. so tests can count the hashes that really run. */
  wrapArgon2?: (argon2: Argon2) => Argon2;
  /**
   * Tests: load the modules of SQLite's write tasks in the write worker at the first sale instead
   * of before the app is ready (most test apps never sell, and loading them takes about a second).
   */
  lazyWriteWorker?: boolean;
  /**
   * Tests: Kysely plugins added to the app's database, e.g. one that records every statement the
   * repos run (SQLite's write worker runs its writes on a connection of its own, without them).
   */
  plugins?: KyselyPlugin[];
  /** Tests: false leaves SQLite's pending product figures for the test to fold (statistics-fold.ts). */
  productFold?: boolean;
  /**
   * Tests: how often the customer display hub marks its open streams seen (and ends those whose
   * pairing is gone); 20 s otherwise.
   */
  displaySeenRefreshMs?: number;
}

// Fields without a message of their own get one a shop owner understands.
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? 'This field is required' : undefined,
});

/** Builds the whole app (database migrated, routes registered), ready to listen. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, config.logFormat),
    bodyLimit: config.bodyLimit,
    // Only behind a proxy: otherwise anyone could pick their rate-limit key with X-Forwarded-For.
    trustProxy: config.trustProxy,
    // A client sending its request a byte at a time must not hold a connection for ever.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      // How often Node looks for requests past those times (its default, 30 s, lets them run long).
      connectionsCheckingInterval: Math.min(1000, config.http.headersTimeoutMs),
    },
    clientErrorHandler,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  // An empty JSON body is treated as no body, so body-less POSTs from clients that always send
  // a JSON content type still work; routes with a body schema then report the missing body.
  const jsonParser = app.getDefaultJsonParser('error', 'ignore');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return jsonParser(request, body as string, done);
  });

  // Every change to the rows a cached session depends on clears the cache (session-cache.ts).
  const sessionCache = createSessionCache<AuthInfo>(config.sessionCacheMs);
  // A store's payment methods, as a sale names its tenders (the defaults follow the store's currency).
  const methodsCache: AppContext['methodsCache'] = createSessionCache(config.sessionCacheMs);
  const database = openDatabase(config.database, app.log, [
    watchChanges(['sessions', 'stores', 'store_members', 'users', 'till_devices'], () => sessionCache.invalidate()),
    watchChanges(['payment_methods', 'stores'], () => methodsCache.invalidate()),
    ...(overrides.plugins ?? []),
  ]);
  // Mail still queued when the server stops is sent before the database closes.
  const outbox = createOutbox({ concurrency: 4, queue: config.mailQueue }, app.log);
  app.decorate('outbox', outbox);
  // No answer shows a SQLite write a power loss could still take back, and none waits for another
  // request's fsync: reads see only synced commits, writes wait for their own (sqlite-group-commit.ts).
  app.addHook('onClose', async () => {
    await outbox.idle();
    await database.close();
  });
  await migrateToLatest(database);
  // The first sale or refund after a start must not wait for the write worker to load its tasks'
  // modules (about a second: they import their routes' too); they load while the routes register.
  const writesReady = overrides.lazyWriteWorker
    ? Promise.resolve()
    : database.prepareWrites([storeSaleTask, storeRefundTask, foldProductsTask, applyImportChunkTask]);
  // Awaited below; a failure to load is reported there.
  writesReady.catch(() => {});

  const clock = overrides.clock ?? systemClock;
  const mailer = createMailer(config.mail, app.log);
  const ctx: AppContext = {
    config,
    db: database.db,
    readFirst: database.readFirst,
    readAll: database.readAll,
    dbKind: database.kind,
    runWrite: database.runWrite,
    clock,
    mailer: overrides.wrapMailer ? overrides.wrapMailer(mailer) : mailer,
    files: localFileStorage(join(config.dataDir, 'files')),
    passwords: createPasswordHasher(
      config.argon2,
      config.argon2,
      overrides.wrapArgon2 ? overrides.wrapArgon2(nodeArgon2) : nodeArgon2,
    ),
    tokens: createSessionTokens(config.jwtSecret, clock),
    log: app.log,
    methodsCache,
  };

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        // wasm-unsafe-eval: the self-hosted ZXing WebAssembly barcode reader.
        // The hash: index.html's one inline script, which keeps a scan typed while the app loads.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", `'sha256-${EARLY_KEYS_HASH}'`],
        // Mantine and Swagger UI set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Shops often run on plain http on a LAN; upgrading would break every asset there.
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    // The native apps (capacitor://localhost, https://localhost) call every method the API has.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Store', 'Idempotency-Key'],
    exposedHeaders: ['retry-after', 'content-disposition'],
    maxAge: 600,
  });
  // Counted in the database, so every app process on it shares each route's budget.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db, clock, app.log) });
  await registerCompression(app);
  await registerDocs(app, config.version);

  app.decorateRequest('auth', null);
  // Open display streams end before the server closes (it would wait for them), then the LISTEN.
  const displayHub = new DisplayHub(ctx, overrides.displaySeenRefreshMs);
  app.addHook('preClose', () => displayHub.close());
  await app.register(healthRoutes(ctx), { prefix: '/api/public' });
  await app.register(publicRatesRoutes(ctx), { prefix: '/api/public' });
  await app.register(publicReceiptRoutes(ctx), { prefix: '/api/public' });
  await app.register(displayPublicRoutes(ctx, displayHub), { prefix: '/api/public' });
  await app.register(billingWebhookRoutes(ctx), { prefix: '/api/public' });
  await app.register(authRoutes(ctx, outbox), { prefix: '/api/auth' });
  await app.register(invitationAuthRoutes(ctx), { prefix: '/api/auth' });
  await app.register(
    async (secure) => {
      secure.addHook('onRequest', authGuard(ctx, sessionCache));
      await secure.register(sessionRoutes(ctx));
      await secure.register(profileRoutes(ctx));
      await secure.register(storesRoutes(ctx));
      await secure.register(membersRoutes(ctx, outbox));
      await secure.register(invitationSecureRoutes(ctx));
      await secure.register(storeRatesRoutes(ctx));
      await secure.register(productsRoutes(ctx));
      await secure.register(itemsRoutes(ctx));
      await secure.register(customersRoutes(ctx));
      await secure.register(storedValueRoutes(ctx));
      await secure.register(barcodeRulesRoutes(ctx));
      await secure.register(productChangesRoutes(ctx));
      await secure.register(shopRoutes(ctx));
      await secure.register(drawerRoutes(ctx));
      await secure.register(statisticsRoutes(ctx));
      await secure.register(auditRoutes(ctx));
      await secure.register(shiftsRoutes(ctx));
      await secure.register(cargoRoutes(ctx));
      await secure.register(receiptTemplateRoutes(ctx));
      await secure.register(receiptMailRoutes(ctx, outbox));
      await secure.register(paymentMethodsRoutes(ctx));
      await secure.register(filesRoutes(ctx));
      await secure.register(plansRoutes(ctx, settleUser));
      await secure.register(billingRoutes(ctx));
      await secure.register(supportRoutes(ctx, outbox));
      await secure.register(tillRoutes(ctx));
      await secure.register(displayRoutes(ctx, displayHub));
    },
    { prefix: '/api/secure' },
  );
  // Before the web app: /receipt/{code} is a server-drawn page, not a client-side route.
  await app.register(receiptPageRoutes(ctx));
  await registerWebApp(app, config.webDist);

  // A new install has a rate for every pair at once; a configured feed keeps them current.
  await ensureSnapshot(ctx);
  if (config.ratesFeedUrl) {
    const stopFeed = startRatesFeed(ctx, config.ratesFeedUrl);
    app.addHook('preClose', stopFeed);
  }
  // Premium that ran out (a demo period, a failed renewal past its grace) ends within a minute.
  const billingSweep = setInterval(() => {
    settleLapsed(ctx).catch((error: unknown) => app.log.error({ err: error }, 'billing sweep failed'));
  }, MINUTE);
  billingSweep.unref();
  app.addHook('preClose', async () => clearInterval(billingSweep));
  // Points of customers not seen for the store's expiry months expire, once a day per store.
  app.addHook('preClose', startPointsExpiry(ctx));
  // What is left on gift cards and store credit past their last date expires, once a day per store.
  app.addHook('preClose', startCardExpiry(ctx));
  // SQLite's product report rows add up what sales left pending, about once a second.
  if (overrides.productFold !== false) app.addHook('preClose', startProductFold(ctx));
  await writesReady;
  // Another process's states reach this one's displays only once it listens.
  await displayHub.ready();
  return app;
}
