import { ErrorCode, type ProductChanges, type ProductChangesQuery } from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
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

interface Cursor {
  products: repo.FeedPosition | null;
  deleted: repo.FeedPosition | null;
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

function decode(since: string | undefined): Cursor {
  if (!since) return { products: null, deleted: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(since, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (typeof parsed !== 'object' || parsed === null) throw badCursor();
  const { p, d } = parsed as { p?: unknown; d?: unknown };
  return { products: position(p ?? null), deleted: position(d ?? null) };
}

function encode(cursor: Cursor): string {
  const pair = (at: repo.FeedPosition | null) => (at ? [at.at, at.id] : null);
  return Buffer.from(JSON.stringify({ p: pair(cursor.products), d: pair(cursor.deleted) })).toString('base64url');
}

/** `GET /product/changes`: the store's products changed and deleted after the cursor. */
export async function productChanges(
  ctx: AppContext,
  scope: Scope,
  query: ProductChangesQuery,
): Promise<ProductChanges> {
  const cursor = decode(query.since);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const cutoff = iso(new Date(ctx.clock.now().getTime() - SETTLE_MS));
  const [items, deleted] = await Promise.all([
    repo.changedProducts(ctx.db, scope.store.id, cursor.products, cutoff, limit),
    repo.deletedProducts(ctx.db, scope.store.id, cursor.deleted, cutoff, limit),
  ]);
  const lastItem = items.at(-1);
  const lastDeleted = deleted.at(-1);
  return {
    items: items.map(toProduct),
    deleted: deleted.map((d) => ({ id: d.product_id, code: d.code })),
    next: encode({
      products: lastItem ? { at: lastItem.updated_at, id: lastItem.id } : cursor.products,
      deleted: lastDeleted ? { at: lastDeleted.deleted_at, id: lastDeleted.product_id } : cursor.deleted,
    }),
    more: items.length === limit || deleted.length === limit,
  };
}
