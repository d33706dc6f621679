import { ErrorCode, type SubscriptionStatus } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './plans.repo.ts';

/**
 * The free tier (product.md §5): limits per user across their stores, from the server's
 * configuration, lifted all at once by premium. Every create that counts toward a limit asks here,
 * inside the transaction that writes, so a refused create writes nothing and concurrent creates
 * cannot both take the last slot. Cargos and a month's transactions join `LIMITED` as their modules land.
 */
export type LimitedKind = 'products';

interface Limited {
  limit: (ctx: AppContext) => number;
  count: (db: DbOrTx, ownerId: string) => Promise<number>;
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
};

export const isPremium = (premium: number) => premium > 0;

export function freeLimitReached(kind: LimitedKind, ctx: AppContext): AppError {
  return new AppError(402, ErrorCode.FREE_LIMIT_REACHED, LIMITED[kind].refusal(LIMITED[kind].limit(ctx)));
}

/**
 * How many more `kind` the owner may create now (Infinity with premium). Call inside the writing
 * transaction: it locks the owner's row on PostgreSQL until commit.
 */
export async function remainingSlots(
  trx: DbOrTx,
  ctx: AppContext,
  ownerId: string,
  kind: LimitedKind,
): Promise<number> {
  const premium = await repo.lockOwnerPremium(trx, ctx.dbKind, ownerId);
  if (premium !== undefined && isPremium(premium)) return Number.POSITIVE_INFINITY;
  const used = await LIMITED[kind].count(trx, ownerId);
  return Math.max(0, LIMITED[kind].limit(ctx) - used);
}

/** Throws the 402 unless the owner may create `count` more `kind` (inside the writing transaction). */
export async function assertCanCreate(
  trx: DbOrTx,
  ctx: AppContext,
  ownerId: string,
  kind: LimitedKind,
  count = 1,
): Promise<void> {
  if ((await remainingSlots(trx, ctx, ownerId, kind)) < count) throw freeLimitReached(kind, ctx);
}

/**
 * The user's SubscriptionStatus (original.md §3): each free limit (null with premium) beside its
 * count, and whether any count has reached its limit. Counts of kinds whose module has not landed
 * yet (cargos, transactions) are 0.
 */
export async function subscriptionStatus(ctx: AppContext, db: DbOrTx, userId: string): Promise<SubscriptionStatus> {
  const premium = isPremium(await repo.premiumOf(db, userId));
  const productCount = await LIMITED.products.count(db, userId);
  const limits = ctx.config.freeLimits;
  return {
    freeProductLimit: premium ? null : limits.products,
    freeCargoLimit: premium ? null : limits.cargos,
    freeTransactionLimit: premium ? null : limits.transactions,
    productCount,
    cargoCount: 0,
    shopTransactionCount: 0,
    freeLimitHasReached: !premium && productCount >= limits.products,
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
