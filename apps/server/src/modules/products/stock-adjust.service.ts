import type { AdjustStockBody, Product, StockMovementWindow } from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { applyCount, applyStockDelta, movementsPage } from '../stock/index.ts';
import { findProductOrThrow, productNotFound, toProduct } from './products.service.ts';

/**
 * A stock adjustment (`delta`, an ADJUSTMENT movement) or a stock-take (`countedQuantity`, a COUNT
 * movement of counted − current), through the ledger.
 */
export async function adjustStock(
  ctx: AppContext,
  scope: Scope,
  code: string,
  body: AdjustStockBody,
): Promise<Product> {
  const { store, userId } = scope;
  const at = iso(ctx.clock.now());
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await findProductOrThrow(trx, store.id, code);
    const movement = { storeId: store.id, productId: current.id, userId, note: body.note, at };
    const product =
      body.countedQuantity !== undefined
        ? await applyCount(trx, ctx.dbKind, { ...movement, counted: body.countedQuantity })
        : await applyStockDelta(trx, {
            ...movement,
            delta: body.delta ?? 0,
            reason: 'ADJUSTMENT',
            adjustmentReason: body.adjustmentReason ?? null,
          });
    if (!product) throw productNotFound();
    const delta = Number(product.quantity) - Number(current.quantity);
    const signed = delta > 0 ? `+${delta}` : String(delta);
    const why = body.countedQuantity !== undefined ? 'COUNT' : (body.adjustmentReason ?? '');
    await recordAudit(trx, scope, {
      action: 'STOCK_ADJUST',
      entity: 'PRODUCT',
      entityCode: current.code,
      summary: `${current.name} ${signed} ${why}`.trim(),
      at: ctx.clock.now(),
    });
    return product;
  });
  return toProduct(row);
}

/** The product's ledger, newest first. */
export async function movementsWindow(
  ctx: AppContext,
  scope: Scope,
  code: string,
  page: number,
  size: number,
): Promise<StockMovementWindow> {
  const product = await findProductOrThrow(ctx.db, scope.store.id, code);
  const { items, total } = await movementsPage(ctx.db, scope.store.id, product.id, page * size, size);
  return { items, page, size, total };
}
