import { ErrorCode } from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { countProductsOfOwner } from './products.repo.ts';

export function productLimitReached(limit: number): AppError {
  return new AppError(
    402,
    ErrorCode.FREE_LIMIT_REACHED,
    `The free plan includes up to ${limit} products across your stores. Upgrade to premium to add more, or delete products you no longer sell.`,
  );
}

/**
 * How many more products the store owner may create (product.md §5 Free tier: per user across
 * their stores, unlimited with premium). Call inside the transaction that inserts: on PostgreSQL
 * the owner's row is locked until commit, so two creates cannot both see the last free slot;
 * SQLite runs one write transaction at a time, which gives the same guarantee.
 */
export async function remainingProductSlots(trx: DbOrTx, ctx: AppContext, ownerId: string): Promise<number> {
  let query = trx.selectFrom('users').select('premium').where('id', '=', ownerId);
  if (ctx.dbKind === 'postgres') query = query.forUpdate();
  const owner = await query.executeTakeFirst();
  if (owner && Number(owner.premium) > 0) return Number.POSITIVE_INFINITY;
  const used = await countProductsOfOwner(trx, ownerId);
  return Math.max(0, ctx.config.freeLimits.products - used);
}
