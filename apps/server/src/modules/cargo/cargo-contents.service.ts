import {
  MAX_CARGO_CONTENTS,
  MAX_CARGO_QUANTITY,
  type CargoContent,
  type CargoContentWindow,
  type CargoDifferenceResult,
} from '@shopdesk/shared';
import type { z } from 'zod';
import type { CargoContentBodySchema, UpdateCargoContentBodySchema } from '@shopdesk/shared';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { newId } from '../../lib/ids.ts';
import type { Scope } from '../access/index.ts';
import * as repo from './cargo-contents.repo.ts';
import { catalogueItem } from './cargo-items.ts';
import {
  cargoEvent,
  cargoNotFound,
  cargoOrThrow,
  conflict,
  contentNotFound,
  ownUnit,
  readOnly,
  tooMany,
} from './cargo-shared.ts';
import { handedOf, toContent } from './cargo-view.ts';
import * as cargos from './cargo.repo.ts';

/**
 * A cargo's lines (contents): read them, add, edit and remove them, and count into them from
 * several devices at once. Only a NOT_ARRIVED cargo's lines change.
 */

type ContentBody = z.output<typeof CargoContentBodySchema>;
type UpdateContent = z.output<typeof UpdateCargoContentBodySchema>;

export async function listContents(ctx: AppContext, scope: Scope, code: string): Promise<CargoContent[]> {
  const row = await cargoOrThrow(ctx.db, scope.store.id, code);
  const handed = handedOf(row);
  const lines = await repo.allContents(ctx.db, scope.store.id, row.id, handed);
  return lines.map((l) => toContent(l, handed !== null));
}

export async function contentWindow(
  ctx: AppContext,
  scope: Scope,
  cargoId: string,
  page: number,
  size: number,
): Promise<CargoContentWindow> {
  const row = await cargos.findCargoById(ctx.db, scope.store.id, cargoId);
  if (!row) throw cargoNotFound();
  const handed = handedOf(row);
  const [lines, total] = await Promise.all([
    repo.contentPage(ctx.db, scope.store.id, row.id, handed, page * size, size),
    repo.countContents(ctx.db, scope.store.id, row.id),
  ]);
  return { items: lines.map((l) => toContent(l, handed !== null)), page, size, total };
}

/** The cargo locked for a content edit, refused unless NOT_ARRIVED. */
async function editableCargo(ctx: AppContext, trx: DbOrTx, storeId: string, code: string): Promise<cargos.CargoRow> {
  const row = await cargos.lockCargoForEdit(trx, ctx.dbKind, storeId, code);
  if (!row) throw cargoNotFound();
  if (row.status !== 'NOT_ARRIVED') throw readOnly(row);
  return row;
}

/**
 * Adds a line, or adds its quantity to the line with the same code. On a cargo received from
 * another store the quantity was not sent, it was counted: it goes to the received count.
 */
export async function addContent(
  ctx: AppContext,
  scope: Scope,
  code: string,
  body: ContentBody,
): Promise<CargoContent> {
  const { store } = scope;
  const now = iso(ctx.clock.now());
  const line = await ctx.db.transaction().execute(async (trx) => {
    const cargo = await editableCargo(ctx, trx, store.id, code);
    if ((await repo.countContents(trx, store.id, cargo.id)) >= MAX_CARGO_CONTENTS) {
      throw conflict(`A cargo holds at most ${MAX_CARGO_CONTENTS} lines. Start another cargo for the rest.`);
    }
    const counted = cargo.received === 1;
    const line = await repo.upsertContent(
      trx,
      {
        id: newId(),
        store_id: store.id,
        cargo_id: cargo.id,
        code: body.code,
        name: body.name,
        brand: body.brand,
        quantity: counted ? 0 : body.quantity,
        received_quantity: counted ? body.quantity : null,
        price: body.price,
        price_converted: 0,
        source_content_id: null,
        unit: ownUnit(body.unit),
        created_at: now,
        updated_at: now,
        // A variant's line carries its item (another store receiving it creates the variant).
        ...(await catalogueItem(trx, store.id, body.code)),
      },
      counted,
    );
    // Merged into an existing line: the sum must stay within the bound too (rolled back if not).
    if (Number(counted ? line.received_quantity : line.quantity) > MAX_CARGO_QUANTITY) throw tooMany();
    await cargos.touchCargo(trx, store.id, cargo.id, now);
    await cargoEvent(trx, scope, 'CARGO_COUNT', cargo, now, `${body.code} ${body.name} +${body.quantity}`);
    return line;
  });
  const view = await repo.findContentView(ctx.db, store.id, line.cargo_id, line.id);
  return toContent(view as repo.ContentView, false);
}

export async function updateContent(
  ctx: AppContext,
  scope: Scope,
  code: string,
  contentId: string,
  body: UpdateContent,
): Promise<CargoContent> {
  const { store } = scope;
  const now = iso(ctx.clock.now());
  const cargoId = await ctx.db.transaction().execute(async (trx) => {
    const cargo = await editableCargo(ctx, trx, store.id, code);
    const line = await repo.findContent(trx, store.id, cargo.id, contentId);
    if (!line) throw contentNotFound();
    if (cargo.received === 1 && body.quantity !== undefined && body.quantity !== Number(line.quantity)) {
      throw conflict('This is what the sender sent and cannot change. Enter what arrived as the received count.');
    }
    const recoded = body.code !== undefined && body.code !== line.code;
    const patch = {
      ...(body.code !== undefined ? { code: body.code } : {}),
      // Another barcode is another product: the line takes its item (or none).
      ...(recoded ? await catalogueItem(trx, store.id, body.code!) : {}),
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.brand !== undefined ? { brand: body.brand } : {}),
      ...(body.quantity !== undefined ? { quantity: body.quantity } : {}),
      ...(body.price !== undefined ? { price: body.price, price_converted: 0 } : {}),
      ...(body.receivedQuantity !== undefined ? { received_quantity: body.receivedQuantity } : {}),
      updated_at: now,
    };
    try {
      await repo.updateContent(trx, store.id, cargo.id, contentId, patch);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Another line of this cargo has this barcode.');
      throw error;
    }
    await cargos.touchCargo(trx, store.id, cargo.id, now);
    const counts = [body.quantity, body.receivedQuantity].filter((q) => q !== undefined && q !== null);
    await cargoEvent(trx, scope, 'CARGO_COUNT', cargo, now, `${body.code ?? line.code} = ${counts.join(' / ')}`);
    return cargo.id;
  });
  const view = await repo.findContentView(ctx.db, store.id, cargoId, contentId);
  if (!view) throw contentNotFound();
  return toContent(view, false);
}

export async function deleteContent(ctx: AppContext, scope: Scope, code: string, contentId: string): Promise<void> {
  const { store } = scope;
  const now = iso(ctx.clock.now());
  await ctx.db.transaction().execute(async (trx) => {
    const cargo = await editableCargo(ctx, trx, store.id, code);
    const line = await repo.findContent(trx, store.id, cargo.id, contentId);
    if (!line || !(await repo.deleteContent(trx, store.id, cargo.id, contentId))) throw contentNotFound();
    await cargos.touchCargo(trx, store.id, cargo.id, now);
    await cargoEvent(trx, scope, 'CARGO_COUNT', cargo, now, `${line.code} ${line.name} ×`);
  });
}

/**
 * `new = current + difference` in one statement (two devices counting into one line lose
 * nothing), refused with 409 below zero. `conflict` says the result is not what the device
 * expected. With a clientId the difference applies once: a replay answers the current value.
 * On a cargo received from another store it counts the received quantity.
 */
export async function applyDifference(
  ctx: AppContext,
  scope: Scope,
  params: { code: string; contentId: string; updatedQuantity: number; quantityDifference: number },
  clientId: string | undefined,
): Promise<CargoDifferenceResult> {
  const { store } = scope;
  const now = iso(ctx.clock.now());
  return ctx.db.transaction().execute(async (trx) => {
    const cargo = await editableCargo(ctx, trx, store.id, params.code);
    const column = cargo.received === 1 ? ('received_quantity' as const) : ('quantity' as const);
    const valueOf = (l: repo.ContentRow) => Number(column === 'quantity' ? l.quantity : (l.received_quantity ?? 0));
    // A missing line throws below, which rolls the claim back too.
    if (clientId) {
      const first = await repo.claimClientOp(trx, {
        store_id: store.id,
        client_id: clientId,
        cargo_id: cargo.id,
        content_id: params.contentId,
        created_at: now,
      });
      if (!first) {
        const line = await repo.findContent(trx, store.id, cargo.id, params.contentId);
        if (!line) throw contentNotFound();
        const quantity = valueOf(line);
        return { quantity, conflict: quantity !== params.updatedQuantity, replayed: true };
      }
    }
    const quantity = await repo.addDifference(
      trx,
      store.id,
      cargo.id,
      params.contentId,
      params.quantityDifference,
      column,
      now,
      MAX_CARGO_QUANTITY,
    );
    if (quantity === undefined) {
      const line = await repo.findContent(trx, store.id, cargo.id, params.contentId);
      if (!line) throw contentNotFound();
      if (valueOf(line) + params.quantityDifference > MAX_CARGO_QUANTITY) throw tooMany();
      throw conflict('This would make the quantity less than zero. Refresh the cargo and count again.');
    }
    await cargos.touchCargo(trx, store.id, cargo.id, now);
    const signed = params.quantityDifference >= 0 ? `+${params.quantityDifference}` : `${params.quantityDifference}`;
    await cargoEvent(trx, scope, 'CARGO_COUNT', cargo, now, `${signed} = ${quantity}`);
    return { quantity, conflict: quantity !== params.updatedQuantity, replayed: false };
  });
}
