import type { AdjustStockBody, Product, StockMovement, StockMovementWindow, StockReason } from '@shopdesk/shared';
import type { FastifyRequest } from 'fastify';
import type { StockMovementRow } from '../../db/types.ts';
import { requireAuth } from '../../lib/auth-guard.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { resolveStore } from '../../lib/store-scope.ts';
import { findProductOrThrow, productNotFound, toProduct } from './products.service.ts';
import { applyStockDelta, countMovements, listMovements } from './stock-ledger.ts';

function toMovement(row: StockMovementRow): StockMovement {
  return {
    id: row.id,
    productId: row.product_id,
    delta: Number(row.delta),
    reason: row.reason as StockReason,
    refCode: row.ref_code,
    userId: row.user_id,
    note: row.note,
    createdAt: row.created_at,
  };
}

/**
 * A stock adjustment (`delta`, an ADJUSTMENT movement) or a stock-take (`countedQuantity`, a COUNT
 * movement of counted − current). The count reads the current quantity inside the transaction with
 * the row locked (FOR UPDATE on PostgreSQL; SQLite runs one write transaction at a time), so a sale
 * or adjustment landing meanwhile is never overwritten.
 */
export async function adjustStock(
  ctx: AppContext,
  request: FastifyRequest,
  code: string,
  body: AdjustStockBody,
): Promise<Product> {
  const store = await resolveStore(ctx, request);
  const { userId } = requireAuth(request);
  const at = iso(ctx.clock.now());
  const row = await ctx.db.transaction().execute(async (trx) => {
    let product;
    if (body.countedQuantity !== undefined) {
      let query = trx
        .selectFrom('products')
        .select(['id', 'quantity'])
        .where('store_id', '=', store.id)
        .where('code', '=', code);
      if (ctx.dbKind === 'postgres') query = query.forUpdate();
      const current = await query.executeTakeFirst();
      if (!current) throw productNotFound();
      const delta = body.countedQuantity - Number(current.quantity);
      product = await applyStockDelta(trx, {
        storeId: store.id,
        productId: current.id,
        delta,
        reason: 'COUNT',
        userId,
        note: body.note,
        at,
      });
    } else {
      const current = await findProductOrThrow(trx, store.id, code);
      const delta = body.delta ?? 0;
      product = await applyStockDelta(trx, {
        storeId: store.id,
        productId: current.id,
        delta,
        reason: 'ADJUSTMENT',
        userId,
        note: body.note,
        at,
      });
    }
    if (!product) throw productNotFound();
    return product;
  });
  return toProduct(row);
}

/** The product's ledger, newest first. */
export async function movementsWindow(
  ctx: AppContext,
  request: FastifyRequest,
  code: string,
  page: number,
  size: number,
): Promise<StockMovementWindow> {
  const store = await resolveStore(ctx, request);
  const product = await findProductOrThrow(ctx.db, store.id, code);
  const [rows, total] = await Promise.all([
    listMovements(ctx.db, store.id, product.id, page * size, size),
    countMovements(ctx.db, store.id, product.id),
  ]);
  return { items: rows.map(toMovement), page, size, total };
}
