import { ErrorCode, type SubscriptionStatus } from '@shopdesk/shared';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import * as repo from './plans.repo.ts';

/**
 * The free tier (product.md §5): limits per user across their stores, from the server's
 * configuration, lifted all at once by premium. Every create that counts toward a limit asks here,
 * inside the transaction that writes, so a refused create writes nothing and concurrent creates
 * cannot both take the last slot.
 *
 * No owner-wide lock. Premium is read without a lock: a sale of a premium owner waits for nothing
 * of the owner's. The one race left is premium ending while a create is in flight, which then still
 * goes through, as it would have a moment earlier; losing premium only refuses creates that start
 * after it (and the counters are dropped then, see forgetFreeUsage). Such a create, committed after
 * a recount that could not see it, may be missing from the counter: at most one slot over the limit
 * per create caught in that moment, accepted for a sale never waiting. A free owner claims a slot
 * with one conditional UPDATE of their usage row for the limit (free_tier_usage:
 * `used + n <= limit`), so of two creates only the row's lock orders them and the second one sees
 * the first's claim. The counter never counts less than the real rows: every create claims, and
 * deletes (a product, a cargo, a store with its products, a cargo handed over) leave it as it is.
 * So when a claim fails, or the row is missing, the row is locked and set from the real count
 * before deciding: a freed slot is found exactly at the boundary, and only there.
 */
export type LimitedKind = 'products' | 'cargos' | 'transactions' | 'members' | 'customers';

/**
 * What the limits read of the context: the configured limits, the clock (which month it is) and
 * the engine (row locks). A write task (db/write-task.ts) passes these, not the whole context.
 */
export interface LimitContext {
  config: Pick<Config, 'freeLimits'>;
  clock: Clock;
  dbKind: AppContext['dbKind'];
}

/** What a write task (db/write-task.ts), which gets no context, carries for the limits as plain data. */
export interface WriteLimits {
  freeLimits: Config['freeLimits'];
  dbKind: AppContext['dbKind'];
}

/** The limits' context of a write task's plain data, at `now` (the write's time, for the month). */
export function limitContextOf(limits: WriteLimits, now: Date): LimitContext {
  return { config: { freeLimits: limits.freeLimits }, clock: { now: () => now }, dbKind: limits.dbKind };
}

interface Limited {
  limit: (ctx: LimitContext) => number;
  /** The real count of the period ('' or a YYYY-MM month of business dates). */
  count: (db: DbOrTx, ownerId: string, period: string, ctx: LimitContext) => Promise<number>;
  /** What the 402 says, with the limit in it. */
  refusal: (limit: number) => string;
}

const LIMITED: Record<LimitedKind, Limited> = {
  products: {
    limit: (ctx) => ctx.config.freeLimits.products,
    count: repo.countProductsOfOwner,
    refusal: (limit) =>
      `The free plan includes up to ${limit} products across your stores; each variant of an item (a size, a colour) counts as one. Upgrade to premium to add more, or delete products you no longer sell.`,
  },
  // Cargos a user holds: a TRANSFERRED one is a record of a hand-over, the receiver's copy counts
  // instead, so moving a shipment between one's own stores never needs a free slot.
  cargos: {
    limit: (ctx) => ctx.config.freeLimits.cargos,
    count: repo.countCargosOfOwner,
    refusal: (limit) =>
      `The free plan includes up to ${limit} cargos across your stores. Upgrade to premium to add more, or delete cargos you no longer need.`,
  },
  // Completed sales of a calendar month: each counts in the month of its own store's calendar date
  // of the sale (business_date), which is what that store's lists and reports show.
  transactions: {
    limit: (ctx) => ctx.config.freeLimits.transactions,
    count: (db, ownerId, month) => repo.countCompletedSalesOfOwner(db, ownerId, `${month}-01`, nextMonthStart(month)),
    refusal: (limit) =>
      `The free plan includes up to ${limit} sales a month across your stores. Upgrade to premium to keep selling this month; parked carts are kept.`,
  },
  // People working in the owner's stores besides the owner (product.md §5), open invitations
  // included: an invitation reserves its member's place, so accepting never finds the plan full.
  members: {
    limit: (ctx) => ctx.config.freeLimits.members,
    count: (db, ownerId, _period, ctx) => repo.countMembersOfOwner(db, ownerId, ctx.clock.now().toISOString()),
    refusal: (limit) =>
      `The free plan includes ${limit} member besides the owner across your stores. Upgrade to premium to invite more, or remove a member or a pending invitation.`,
  },
  // Customers of one store (their period is the store's id), anonymised ones not counted: the
  // limit is per store, so a second store starts with its own room.
  customers: {
    limit: (ctx) => ctx.config.freeLimits.customers,
    count: (db, _ownerId, storeId) => repo.countCustomersOfStore(db, storeId),
    refusal: (limit) =>
      `The free plan includes up to ${limit} customers per store. Upgrade to premium to add more, or delete customers you no longer serve.`,
  },
};

/** The calendar month (YYYY-MM) of `at` in `timezone`. */
export function monthIn(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit' })
    .format(at)
    .slice(0, 7);
}

/** The month of now in the owner's default store's timezone: the one the subscription status shows. */
async function currentMonth(db: DbOrTx, ownerId: string, ctx: LimitContext): Promise<string> {
  const timezone = (await repo.defaultStoreTimezone(db, ownerId)) ?? 'UTC';
  return monthIn(ctx.clock.now(), timezone);
}

function nextMonthStart(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The usage row's period: '' for the current-count limits, a month for sales, the store for customers. */
async function periodOf(
  db: DbOrTx,
  ctx: LimitContext,
  ownerId: string,
  kind: LimitedKind,
  month: string | undefined,
  storeId?: string,
): Promise<string> {
  if (kind === 'customers') {
    if (!storeId) throw new Error('The customer limit is counted per store: give the store');
    return storeId;
  }
  if (kind !== 'transactions') return '';
  return month ?? (await currentMonth(db, ownerId, ctx));
}

export const isPremium = (premium: number) => premium > 0;

export function freeLimitReached(kind: LimitedKind, ctx: LimitContext): AppError {
  return new AppError(402, ErrorCode.FREE_LIMIT_REACHED, LIMITED[kind].refusal(LIMITED[kind].limit(ctx)));
}

/**
 * How many more `kind` the owner may create now (Infinity with premium): an advisory read (the
 * import check), no lock and no write. What a create may take is decided by claimSlots.
 */
export async function remainingSlots(
  db: DbOrTx,
  ctx: LimitContext,
  ownerId: string,
  kind: LimitedKind,
  storeId?: string,
): Promise<number> {
  if (isPremium(await repo.premiumOf(db, ownerId))) return Number.POSITIVE_INFINITY;
  const period = await periodOf(db, ctx, ownerId, kind, undefined, storeId);
  const used = await LIMITED[kind].count(db, ownerId, period, ctx);
  return Math.max(0, LIMITED[kind].limit(ctx) - used);
}

/**
 * Claims up to `wanted` slots of `kind` for the owner inside the writing transaction and returns
 * how many it got (all of them with premium; with `exact`, all or none). `month` is the sale's
 * month (YYYY-MM of its business date) for 'transactions'; without it, the current one.
 * `written`: the created rows are already written in this transaction (a sale claims its clientId
 * first, so a retry never takes a slot). A sale on PostgreSQL claims its slot the same way inside
 * `shopdesk_store_sale` (modules/shop/store-sale.pg.ts).
 */
export async function claimSlots(
  trx: DbOrTx,
  ctx: LimitContext,
  ownerId: string,
  kind: LimitedKind,
  wanted: number,
  options: { exact?: boolean; month?: string; written?: boolean; storeId?: string } = {},
): Promise<number> {
  if (wanted <= 0) return 0;
  if (isPremium(await repo.premiumOf(trx, ownerId))) return wanted;
  const limit = LIMITED[kind].limit(ctx);
  const key = { ownerId, kind, period: await periodOf(trx, ctx, ownerId, kind, options.month, options.storeId) };
  if (await repo.addUsageWithin(trx, key, wanted, limit)) return wanted;
  // Missing, or full as counted: recount under the row's lock (see the top of this file). With
  // `written` the rows being created are already in this transaction, so the count holds them.
  await repo.lockUsage(trx, ctx.dbKind, key);
  const used = (await LIMITED[kind].count(trx, ownerId, key.period, ctx)) - (options.written ? wanted : 0);
  const room = Math.max(0, limit - used);
  const granted = options.exact ? (wanted <= room ? wanted : 0) : Math.min(wanted, room);
  await repo.setUsage(trx, key, used + granted);
  return granted;
}

/**
 * What a sale's free-tier claim needs when the database makes it (on PostgreSQL the sale's one
 * statement, migration 202611271500, mirrors claimSlots for one slot, exact): the usage row's key,
 * the limit, and the month's business dates [from, to) that the recount counts.
 */
export function saleSlot(ctx: LimitContext, ownerId: string, month: string) {
  return {
    owner_id: ownerId,
    kind: 'transactions' satisfies LimitedKind,
    period: month,
    limit: LIMITED.transactions.limit(ctx),
    from: `${month}-01`,
    to: nextMonthStart(month),
  };
}

/**
 * Throws the 402 unless the owner may create `count` more `kind`, claiming them (inside the writing
 * transaction; a refusal rolls it back). `month`, `written`: see claimSlots.
 */
export async function assertCanCreate(
  trx: DbOrTx,
  ctx: LimitContext,
  ownerId: string,
  kind: LimitedKind,
  count = 1,
  options: { month?: string; written?: boolean; storeId?: string } = {},
): Promise<void> {
  if ((await claimSlots(trx, ctx, ownerId, kind, count, { ...options, exact: true })) < count) {
    throw freeLimitReached(kind, ctx);
  }
}

/**
 * Call in the transaction that turns premium on or off: the counters are not kept while premium
 * lifts the limits, so they are dropped and the next create recounts them from the real rows.
 */
export function forgetFreeUsage(trx: DbOrTx, userId: string): Promise<void> {
  return repo.forgetUsage(trx, userId);
}

/**
 * The user's SubscriptionStatus (original.md §3): each free limit (null with premium) beside its
 * count, and whether any count has reached its limit. The member limit is there too, so the members
 * screen can say when it is reached, but it stays out of freeLimitHasReached: one member is the
 * free plan's usual state, not a warning for every screen.
 */
export async function subscriptionStatus(ctx: AppContext, db: DbOrTx, userId: string): Promise<SubscriptionStatus> {
  const premium = isPremium(await repo.premiumOf(db, userId));
  const month = await currentMonth(db, userId, ctx);
  const [productCount, cargoCount, shopTransactionCount, memberCount] = await Promise.all([
    LIMITED.products.count(db, userId, '', ctx),
    LIMITED.cargos.count(db, userId, '', ctx),
    LIMITED.transactions.count(db, userId, month, ctx),
    LIMITED.members.count(db, userId, '', ctx),
  ]);
  const limits = ctx.config.freeLimits;
  return {
    freeProductLimit: premium ? null : limits.products,
    freeCargoLimit: premium ? null : limits.cargos,
    freeTransactionLimit: premium ? null : limits.transactions,
    productCount,
    cargoCount,
    shopTransactionCount,
    freeMemberLimit: premium ? null : limits.members,
    memberCount,
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
 * The image storage of one store: `STORE_STORAGE_QUOTA_BYTES` on the free plan,
 * `PREMIUM_STORE_STORAGE_QUOTA_BYTES` with premium. Past it a free user gets 402 (premium would
 * give room), a premium user 413 (nothing to upgrade to). Call inside the writing transaction: it
 * locks the store's row on PostgreSQL (not the owner's, so the owner's sales and other stores go
 * on), so two uploads to the store cannot both take the last bytes.
 */
export async function storageQuota(
  trx: DbOrTx,
  ctx: AppContext,
  store: { id: string; owner_id: string },
): Promise<StorageQuota> {
  await repo.lockStore(trx, ctx.dbKind, store.id);
  const premium = isPremium(await repo.premiumOf(trx, store.owner_id));
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
