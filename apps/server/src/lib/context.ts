import type { PaymentMethod } from '@shopdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, ReadAll, ReadFirst } from '../db/database.ts';
import type { RunWrite } from '../db/write-task.ts';
import type { Clock } from './clock.ts';
import type { FileStorage } from './file-storage.ts';
import type { Mailer } from './mail.ts';
import type { PasswordHasher } from './passwords.ts';
import type { SessionCache } from './session-cache.ts';
import type { SessionTokens } from './session-tokens.ts';

/** Everything services need, built once in `app.ts` and passed down (no globals, easy to fake). */
export interface AppContext {
  config: Config;
  db: Db;
  /** One read outside any transaction, on the fastest path the engine has (see database.ts). */
  readFirst: ReadFirst;
  /** `readFirst` with every row (database.ts). */
  readAll: ReadAll;
  dbKind: 'sqlite' | 'postgres';
  /** A write transaction run where the engine's writer is (db/write-task.ts): the hot writes (a sale). */
  runWrite: RunWrite;
  clock: Clock;
  mailer: Mailer;
  files: FileStorage;
  passwords: PasswordHasher;
  tokens: SessionTokens;
  log: FastifyBaseLogger;
  /**
   * Each store's payment methods (`list`, `all`), as a sale or refund names its tenders with them:
   * kept for `SESSION_CACHE_MS` like the store a session carries, and cleared by every change to
   * payment methods or stores in this process (app.ts; payment-methods `methodsForTenders`).
   */
  methodsCache: SessionCache<{ list: PaymentMethod[]; all: PaymentMethod[] }>;
}
