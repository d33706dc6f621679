import { asProductUnit, type Cargo } from '@shopdesk/shared';
import { isUniqueViolation } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Scope } from '../access/index.ts';
import { ensureProducts } from '../products/index.ts';
import { applyStockDeltas, reverseMovementsOf } from '../stock/index.ts';
import { allContents } from './cargo-contents.repo.ts';
import { lineItem } from './cargo-items.ts';
import { cargoEvent, cargoOrThrow, readOnly } from './cargo-shared.ts';
import { toCargo } from './cargo-view.ts';
import * as repo from './cargo.repo.ts';

/** Arrival: a cargo's goods enter stock (ARRIVED) and leave it again (NOT_ARRIVED), through the ledger. */

/**
 * Marks the cargo ARRIVED and books each line into stock, once: the status changes only from
 * NOT_ARRIVED in one conditional statement, so of two racing arrivals exactly one books the goods
 * and the other sees it arrived and changes nothing. Each line adds its received count (else its
 * quantity) to the product with its code through the ledger (CARGO_ARRIVAL, refCode the cargo
 * code), creating missing products from the line (free product limit checked: 402, nothing
 * written).
 */
export async function markArrived(ctx: AppContext, scope: Scope, code: string): Promise<Cargo> {
  try {
    return await arrive(ctx, scope, code);
  } catch (error) {
    // Another request created one of the missing products meanwhile: everything was rolled back,
    // and a second try finds that product and adds to it.
    if (isUniqueViolation(error)) return arrive(ctx, scope, code);
    throw error;
  }
}

async function arrive(ctx: AppContext, scope: Scope, code: string): Promise<Cargo> {
  const { store, userId } = scope;
  const now = iso(ctx.clock.now());
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await cargoOrThrow(trx, store.id, code);
    if (current.status === 'ARRIVED') return current;
    if (current.status === 'TRANSFERRED') throw readOnly(current);
    const row = await repo.changeStatusIf(trx, store.id, current.id, 'NOT_ARRIVED', {
      status: 'ARRIVED',
      arrived_at: now,
      updated_at: now,
    });
    if (!row) {
      // Another call changed it between the read and the update: answer what it is now.
      const now2 = await cargoOrThrow(trx, store.id, code);
      if (now2.status === 'ARRIVED') return now2;
      throw readOnly(now2);
    }
    const lines = await allContents(trx, store.id, row.id, null);
    const booked = lines
      .map((l) => ({ line: l, quantity: Number(l.received_quantity ?? l.quantity) }))
      .filter((b) => b.quantity !== 0);
    const ids = await ensureProducts(
      trx,
      ctx,
      scope,
      booked.map(({ line }) => ({
        code: line.code,
        name: line.name,
        brand: line.brand,
        price: Number(line.price),
        unit: asProductUnit(line.product_unit),
        item: lineItem(line),
      })),
      now,
    );
    await applyStockDeltas(
      trx,
      ctx.dbKind,
      store.id,
      booked.map(({ line, quantity }) => ({
        storeId: store.id,
        productId: ids.get(line.code) as string,
        delta: quantity,
        reason: 'CARGO_ARRIVAL' as const,
        refCode: row.code,
        userId,
        at: now,
      })),
    );
    await cargoEvent(trx, scope, 'CARGO_ARRIVE', row, now, `${row.name} ARRIVED`);
    return row;
  });
  return toCargo(ctx.db, store, row);
}

/**
 * Marks an ARRIVED cargo NOT_ARRIVED again and takes back exactly what its arrivals booked (the
 * net of its CARGO_ARRIVAL and CARGO_REVERT movements per product, as CARGO_REVERT). Products it
 * created stay, at the quantity the other movements give them. Once, like arrival.
 */
export async function markNotArrived(ctx: AppContext, scope: Scope, code: string): Promise<Cargo> {
  const { store, userId } = scope;
  const now = iso(ctx.clock.now());
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await cargoOrThrow(trx, store.id, code);
    if (current.status === 'NOT_ARRIVED') return current;
    if (current.status === 'TRANSFERRED') throw readOnly(current);
    const row = await repo.changeStatusIf(trx, store.id, current.id, 'ARRIVED', {
      status: 'NOT_ARRIVED',
      arrived_at: null,
      updated_at: now,
    });
    if (!row) {
      const now2 = await cargoOrThrow(trx, store.id, code);
      if (now2.status === 'NOT_ARRIVED') return now2;
      throw readOnly(now2);
    }
    await reverseMovementsOf(trx, ctx.dbKind, {
      storeId: store.id,
      refCode: row.code,
      reasons: ['CARGO_ARRIVAL', 'CARGO_REVERT'],
      reason: 'CARGO_REVERT',
      userId,
      at: now,
    });
    await cargoEvent(trx, scope, 'CARGO_ARRIVE', row, now, `${row.name} NOT_ARRIVED`);
    return row;
  });
  return toCargo(ctx.db, store, row);
}
