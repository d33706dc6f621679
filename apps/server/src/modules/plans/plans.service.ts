import { ErrorCode, type SubscriptionStatus } from '@shopdesk/shared';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './plans.repo.ts';

/**
 * The free tier (product.md §5): limits per user across their stores, from the server's
 * configuration, lifted all at once by premium. Every create that counts toward a limit asks here,
 * inside the transaction that writes, so a refused create writes nothing and concurrent creates
 * cannot both take the last slot.
 */
export type LimitedKind = 'products' | 'cargos' | 'transactions';

/**
 * What the limits read of the context: the configured limits, the clock (which month it is) and
 * the engine (row locks). A write task (db/write-task.ts) passes these, not the whole context.
 */
export interface LimitContext {
  config: Pick<Config, 'freeLimits'>;
  clock: Clock;
  dbKind: AppContext['dbKind'];
}

interface Limited {
  limit: (ctx: LimitContext) => number;
  count: (db: DbOrTx, ownerId: string, ctx: LimitContext) => Promise<number>;
  /** What the 402 says, with the limit in it. */
  refusal: (limit: number) => string;
}

const LIMITED: Record<LimitedKind, Limited> = {
  products: {
    limit: (ctx) => ctx.config.freeLimits.products,
    count: repo.countProductsOfOwner,
    refusal: (limit) =>
      `The free plan includes up to ${limit} products across your stores. Upgrade to premium to add more, or delete products you no longer sell.`,
  },
  // Cargos a user holds: a TRANSFERRED one is a record of a hand-over, the receiver's copy counts
  // instead, so moving a shipment between one's own stores never needs a free slot.
  cargos: {
    limit: (ctx) => ctx.config.freeLimits.cargos,
    count: repo.countCargosOfOwner,
    refusal: (limit) =>
      `The free plan includes up to ${limit} cargos across your stores. Upgrade to premium to add more, or delete cargos you no longer need.`,
  },
  transactions: {
    limit: (ctx) => ctx.config.freeLimits.transactions,
    count: (db, ownerId, ctx) => countMonthSales(db, ownerId, ctx),
    refusal: (limit) =>
      `The free plan includes up to ${limit} sales a month across your stores. Upgrade to premium to keep selling this month; parked carts are kept.`,
  },
};

/** The calendar month (YYYY-MM) of `at` in `timezone`. */
export function monthIn(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit' })
    .format(at)
    .slice(0, 7);
}

/**
 * Completed sales of the current calendar month across the owner's stores. The month is the one
 * of now in the owner's default store's timezone; each sale counts by its own store's calendar
 * date (business_date), which is what that store's lists and reports show.
 */
async function countMonthSales(db: DbOrTx, ownerId: string, ctx: LimitContext): Promise<number> {
  const timezone = (await repo.defaultStoreTimezone(db, ownerId)) ?? 'UTC';
  const month = monthIn(ctx.clock.now(), timezone);
  return repo.countCompletedSalesOfOwner(db, ownerId, `${month}-01`, nextMonthStart(month));
}

function nextMonthStart(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

export const isPremium = (premium: number) => premium > 0;

export function freeLimitReached(kind: LimitedKind, ctx: LimitContext): AppError {
  return new AppError(402, ErrorCode.FREE_LIMIT_REACHED, LIMITED[kind].refusal(LIMITED[kind].limit(ctx)));
}

/**
 * How many more `kind` the owner may create now (Infinity with premium). Call inside the writing
 * transaction: it locks the owner's row on PostgreSQL until commit.
 */
export async function remainingSlots(
  trx: DbOrTx,
  ctx: LimitContext,
  ownerId: string,
  kind: LimitedKind,
): Promise<number> {
  const premium = await repo.lockOwnerPremium(trx, ctx.dbKind, ownerId);
  if (premium !== undefined && isPremium(premium)) return Number.POSITIVE_INFINITY;
  const used = await LIMITED[kind].count(trx, ownerId, ctx);
  return Math.max(0, LIMITED[kind].limit(ctx) - used);
}

/** Throws the 402 unless the owner may create `count` more `kind` (inside the writing transaction). */
export async function assertCanCreate(
  trx: DbOrTx,
  ctx: LimitContext,
  ownerId: string,
  kind: LimitedKind,
  count = 1,
): Promise<void> {
  if ((await remainingSlots(trx, ctx, ownerId, kind)) < count) throw freeLimitReached(kind, ctx);
}

/**
 * The user's SubscriptionStatus (original.md §3): each free limit (null with premium) beside its
 * count, and whether any count has reached its limit.
 */
export async function subscriptionStatus(ctx: AppContext, db: DbOrTx, userId: string): Promise<SubscriptionStatus> {
  const premium = isPremium(await repo.premiumOf(db, userId));
  const [productCount, cargoCount, shopTransactionCount] = await Promise.all([
    LIMITED.products.count(db, userId, ctx),
    LIMITED.cargos.count(db, userId, ctx),
    LIMITED.transactions.count(db, userId, ctx),
  ]);
  const limits = ctx.config.freeLimits;
  return {
    freeProductLimit: premium ? null : limits.products,
    freeCargoLimit: premium ? null : limits.cargos,
    freeTransactionLimit: premium ? null : limits.transactions,
    productCount,
    cargoCount,
    shopTransactionCount,
    freeLimitHasReached:
      !premium &&
      (productCount >= limits.products || cargoCount >= limits.cargos || shopTransactionCount >= limits.transactions),
  };
}

/** How many image bytes a store may hold, and the refusal an upload past it gets. */
export interface StorageQuota {
  bytes: number;
  refusal: () => AppError;
}

const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;

/**
 * The image storage of one store of `ownerId` (issue 8 §1.4): `STORE_STORAGE_QUOTA_BYTES` on the
 * free plan, `PREMIUM_STORE_STORAGE_QUOTA_BYTES` with premium. Past it a free user gets 402 (premium
 * would give room), a premium user 413 (nothing to upgrade to). Call inside the writing
 * transaction: it locks the owner's row on PostgreSQL, so two uploads cannot both take the last bytes.
 */
export async function storageQuota(trx: DbOrTx, ctx: AppContext, ownerId: string): Promise<StorageQuota> {
  const premium = isPremium((await repo.lockOwnerPremium(trx, ctx.dbKind, ownerId)) ?? 0);
  const { free, premium: upgraded } = ctx.config.storageQuota;
  const bytes = premium ? Math.max(free, upgraded) : free;
  const refusal =
    !premium && upgraded > free
      ? () =>
          new AppError(
            402,
            ErrorCode.FREE_LIMIT_REACHED,
            `The images of this store already use its ${megabytes(free)} on the free plan. Upgrade to premium for ${megabytes(upgraded)}, or replace or delete images you no longer need.`,
          )
      : () =>
          new AppError(
            413,
            ErrorCode.PAYLOAD_TOO_LARGE,
            `The images of this store already use its ${megabytes(bytes)} of storage. Replace or delete images you no longer need.`,
          );
  return { bytes, refusal };
}
