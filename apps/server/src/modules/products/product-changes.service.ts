import { ErrorCode, seesCost, type ProductChanges, type ProductChangesQuery } from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import { orderedIdBound } from '../../lib/ids.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import type { Scope } from '../access/index.ts';
import * as repo from './product-changes.repo.ts';
import { toProduct } from './products.service.ts';

/**
 * Changes are handed out only once they are this old: a change is stamped when its transaction
 * starts and becomes visible when it commits, so a younger one could still be joined by an older
 * stamp committing late, which a cursor already past it would never see.
 */
export const SETTLE_MS = 5_000;
const DEFAULT_LIMIT = 500;

/**
 * Three places, one a stream: products created or edited (by `updated_at`), products deleted (by
 * tombstone), and the stock ledger (by movement id), whose movements name the products whose
 * quantity changed. A sale stamps no `updated_at` (migration 202611291800), so its products reach
 * devices through the ledger.
 */
interface Cursor {
  products: repo.FeedPosition | null;
  deleted: repo.FeedPosition | null;
  /** The last movement read; null in a cursor made before the ledger was read (or none). */
  stock: string | null;
}

const badCursor = () =>
  new AppError(
    400,
    ErrorCode.VALIDATION_ERROR,
    'This sync cursor is not valid: sync the catalogue again from the start.',
    [{ field: 'since', message: 'Not a cursor of this feed' }],
  );

function position(value: unknown): repo.FeedPosition | null {
  if (value === null) return null;
  if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string' && v.length <= 64)) {
    return { at: value[0] as string, id: value[1] as string };
  }
  throw badCursor();
}

function movementId(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value)) return value;
  throw badCursor();
}

function decode(since: string | undefined): Cursor {
  if (!since) return { products: null, deleted: null, stock: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(since, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (typeof parsed !== 'object' || parsed === null) throw badCursor();
  const { p, d, s } = parsed as { p?: unknown; d?: unknown; s?: unknown };
  return { products: position(p ?? null), deleted: position(d ?? null), stock: movementId(s ?? null) };
}

/**
 * Where to read the ledger from when the cursor has no place in it. With no product read yet (the
 * first sync), from the products' cutoff: each product about to be read shows every movement made
 * before it, and the ledger brings those made after. A cursor of the feed before the ledger was
 * read (its products' stock changes moved their `updated_at` then) goes on from its products' time.
 */
function stockStart(cursor: Cursor, cutoffMs: number): string {
  if (!cursor.products) return orderedIdBound(cutoffMs);
  const at = Date.parse(cursor.products.at);
  if (Number.isNaN(at)) throw badCursor();
  return orderedIdBound(at - 1);
}

function encode(cursor: Cursor): string {
  const pair = (at: repo.FeedPosition | null) => (at ? [at.at, at.id] : null);
  return Buffer.from(JSON.stringify({ p: pair(cursor.products), d: pair(cursor.deleted), s: cursor.stock })).toString(
    'base64url',
  );
}

/** `GET /product/changes`: the store's products changed and deleted after the cursor. */
export async function productChanges(
  ctx: AppContext,
  scope: Scope,
  query: ProductChangesQuery,
): Promise<ProductChanges> {
  const cursor = decode(query.since);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const cutoffMs = ctx.clock.now().getTime() - SETTLE_MS;
  const cutoff = iso(new Date(cutoffMs));
  const stockFrom = cursor.stock ?? stockStart(cursor, cutoffMs);
  const storeId = scope.store.id;
  const [items, deleted, moved] = await Promise.all([
    repo.changedProducts(ctx.db, storeId, cursor.products, cutoff, limit),
    repo.deletedProducts(ctx.db, storeId, cursor.deleted, cutoff, limit),
    repo.movementsAfter(ctx.db, storeId, stockFrom, orderedIdBound(cutoffMs), limit),
  ]);
  // Read after the movements, so each shows at least them; a product deleted since is not found.
  const listed = new Set(items.map((p) => p.id));
  const stockChanged = await repo.productsWithIds(ctx.db, storeId, [
    ...new Set(moved.map((m) => m.product_id).filter((id) => !listed.has(id))),
  ]);
  const lastItem = items.at(-1);
  const lastDeleted = deleted.at(-1);
  return {
    items: [...items, ...stockChanged].map((row) => toProduct(row, seesCost(scope.rights))),
    deleted: deleted.map((d) => ({ id: d.product_id, code: d.code })),
    next: encode({
      products: lastItem ? { at: lastItem.updated_at, id: lastItem.id } : cursor.products,
      deleted: lastDeleted ? { at: lastDeleted.deleted_at, id: lastDeleted.product_id } : cursor.deleted,
      stock: moved.at(-1)?.id ?? stockFrom,
    }),
    more: items.length === limit || deleted.length === limit || moved.length === limit,
  };
}
