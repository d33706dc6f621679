import {
  ErrorCode,
  MAX_CARGO_QUANTITY,
  type Cargo,
  type CargoChanges,
  type CargoSearchQuery,
  type CargoStatus,
  type CargoWindow,
} from '@shopdesk/shared';
import type { z } from 'zod';
import type { CargoContentBodySchema, NewCargoBodySchema, UpdateCargoBodySchema } from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { fieldError } from '../../core/errors.ts';
import { newCrockfordCode, newId } from '../../lib/ids.ts';
import type { Scope } from '../access/index.ts';
import { assertCanCreate } from '../plans/index.ts';
import * as contentsRepo from './cargo-contents.repo.ts';
import { catalogueItems, itemColumns } from './cargo-items.ts';
import {
  TOO_MANY,
  cargoEvent,
  cargoNotFound,
  cargoOrThrow,
  conflict,
  ownUnit,
  readOnly,
  withFreshCode,
} from './cargo-shared.ts';
import { toCargo, toCargos } from './cargo-view.ts';
import * as repo from './cargo.repo.ts';

/**
 * Cargos themselves: create, read, edit, delete and the lists. Their lines are in
 * cargo-contents.service.ts, arrival in cargo-arrival.service.ts, hand-over in
 * cargo-handover.service.ts.
 */

type NewCargo = z.output<typeof NewCargoBodySchema>;
type UpdateCargo = z.output<typeof UpdateCargoBodySchema>;
type ContentBody = z.output<typeof CargoContentBodySchema>;

/** The `not-arrived` and `arrived` lists answer at most this many cargos, the newest. */
const LIST_LIMIT = 200;

/** Merges lines with the same code, adding their quantities (what the content endpoint does too). */
function mergeByCode(contents: ContentBody[]): ContentBody[] {
  const byCode = new Map<string, ContentBody>();
  for (const c of contents) {
    const seen = byCode.get(c.code);
    if (seen) seen.quantity += c.quantity;
    else byCode.set(c.code, { ...c });
  }
  const merged = [...byCode.values()];
  if (merged.some((c) => c.quantity > MAX_CARGO_QUANTITY)) {
    throw fieldError(ErrorCode.VALIDATION_ERROR, 'contents', TOO_MANY);
  }
  return merged;
}

export async function createCargo(ctx: AppContext, scope: Scope, body: NewCargo): Promise<Cargo> {
  const { store, userId } = scope;
  const now = iso(ctx.clock.now());
  const row = await withFreshCode(ctx, async (trx) => {
    await assertCanCreate(trx, ctx, store.owner_id, 'cargos');
    const code = newCrockfordCode(8);
    const row: repo.CargoRow = {
      id: newId(),
      store_id: store.id,
      code,
      name: body.name,
      origin: body.origin,
      note: body.note,
      status: 'NOT_ARRIVED',
      search: repo.cargoSearchText(code, body.name, body.origin),
      transferred_from: null,
      transferred_to: null,
      received: 0,
      handed_to_store_id: null,
      handed_to_cargo_id: null,
      created_by: userId,
      arrived_at: null,
      created_at: now,
      updated_at: now,
      revision: 0,
    };
    await repo.insertCargo(trx, row);
    const contents = mergeByCode(body.contents);
    const items = await catalogueItems(
      trx,
      store.id,
      contents.map((c) => c.code),
    );
    await contentsRepo.insertContents(
      trx,
      contents.map((c) => ({
        id: newId(),
        store_id: store.id,
        cargo_id: row.id,
        code: c.code,
        name: c.name,
        brand: c.brand,
        quantity: c.quantity,
        received_quantity: null,
        price: c.price,
        price_converted: 0,
        source_content_id: null,
        unit: ownUnit(c.unit),
        created_at: now,
        updated_at: now,
        ...(items.get(c.code) ?? itemColumns(undefined)),
      })),
    );
    await cargoEvent(trx, scope, 'CARGO_CREATE', row, now);
    return row;
  });
  return toCargo(ctx.db, store, row);
}

/** The cargo's changes cursor (its revision; a handed-over cargo's also moves with the receiver's counts). */
export async function cargoChanges(ctx: AppContext, scope: Scope, code: string): Promise<CargoChanges> {
  const row = await repo.cargoRevision(ctx.db, scope.store.id, code);
  if (!row) throw cargoNotFound();
  const cursor = row.handedRevision === null ? `${row.revision}` : `${row.revision}.${row.handedRevision}`;
  return { cursor, status: row.status as CargoStatus };
}

export async function getCargo(ctx: AppContext, scope: Scope, code: string): Promise<Cargo> {
  return toCargo(ctx.db, scope.store, await cargoOrThrow(ctx.db, scope.store.id, code));
}

export async function updateCargo(ctx: AppContext, scope: Scope, code: string, body: UpdateCargo): Promise<Cargo> {
  const { store } = scope;
  const now = iso(ctx.clock.now());
  const row = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.lockCargoForEdit(trx, ctx.dbKind, store.id, code);
    if (!row) throw cargoNotFound();
    if (row.status === 'TRANSFERRED') throw readOnly(row);
    const patch = {
      name: body.name,
      origin: body.origin,
      note: body.note,
      search: repo.cargoSearchText(row.code, body.name, body.origin),
      updated_at: now,
    };
    await repo.updateCargo(trx, store.id, row.id, patch);
    await cargoEvent(trx, scope, 'CARGO_EDIT', { code: row.code, name: body.name }, now);
    return { ...row, ...patch };
  });
  return toCargo(ctx.db, store, row);
}

/** An arrived cargo's goods are in stock: it must be marked not arrived before it can go. */
export async function deleteCargo(ctx: AppContext, scope: Scope, code: string): Promise<void> {
  const { store } = scope;
  await ctx.db.transaction().execute(async (trx) => {
    const row = await cargoOrThrow(trx, store.id, code);
    if (row.status === 'ARRIVED') throw conflict('This cargo has arrived. Mark it not arrived before deleting it.');
    await repo.deleteCargo(trx, store.id, row.id);
    await cargoEvent(trx, scope, 'CARGO_DELETE', row, iso(ctx.clock.now()));
  });
}

export async function searchWindow(
  ctx: AppContext,
  scope: Scope,
  page: number,
  size: number,
  query: CargoSearchQuery,
): Promise<CargoWindow> {
  const { store } = scope;
  const [rows, total] = await Promise.all([
    repo.cargoPage(ctx.db, store.id, query, page * size, size),
    repo.countCargos(ctx.db, store.id, query),
  ]);
  return { items: await toCargos(ctx.db, store, rows), page, size, total };
}

export async function listByStatus(ctx: AppContext, scope: Scope, status: CargoStatus): Promise<Cargo[]> {
  return toCargos(ctx.db, scope.store, await repo.cargosByStatus(ctx.db, scope.store.id, status, LIST_LIMIT));
}
