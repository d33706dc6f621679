import {
  buildCargoQrLink,
  asProductUnit,
  convertMinor,
  isMeasuredUnit,
  ErrorCode,
  MAX_CARGO_CONTENTS,
  MAX_CARGO_PRICE,
  MAX_CARGO_QUANTITY,
  type Cargo,
  type CargoContent,
  type CargoChanges,
  type CargoContentWindow,
  type CargoDifferenceResult,
  type CargoQr,
  type CargoSearchQuery,
  type CargoStatus,
  type CargoWindow,
  type CurrencyCode,
} from '@shopdesk/shared';
import type { z } from 'zod';
import type {
  CargoContentBodySchema,
  NewCargoBodySchema,
  UpdateCargoBodySchema,
  UpdateCargoContentBodySchema,
} from '@shopdesk/shared';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import type { StoreRow } from '../../db/types.ts';
import { DAY, iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { newCrockfordCode, newId } from '../../lib/ids.ts';
import { assertAllowed, findAccessibleStoreByUrlName, splitMember, type Scope } from '../access/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { assertCanCreate } from '../plans/index.ts';
import { ensureProducts } from '../products/index.ts';
import { rateOn } from '../rates/index.ts';
import { applyStockDeltas, reverseMovementsOf } from '../stock/index.ts';
import { checkQrToken } from './cargo-qr-check.ts';
import { newToken, nonceHash } from './cargo-token.ts';
import * as repo from './cargo.repo.ts';

type NewCargo = z.output<typeof NewCargoBodySchema>;
type UpdateCargo = z.output<typeof UpdateCargoBodySchema>;
type ContentBody = z.output<typeof CargoContentBodySchema>;
type UpdateContent = z.output<typeof UpdateCargoContentBodySchema>;

/** A QR hand-over token lives this long (product.md §5). */
export const QR_TOKEN_TTL_MS = DAY;
/** The `not-arrived` and `arrived` lists answer at most this many cargos, the newest. */
const LIST_LIMIT = 200;

export const cargoNotFound = () => notFound('This cargo is not in this store.');
const contentNotFound = () => notFound('This line is not in this cargo.');
const conflict = (message: string) => new AppError(409, ErrorCode.CONFLICT, message);
const readOnly = (row: repo.CargoRow) =>
  row.status === 'ARRIVED'
    ? conflict('This cargo has arrived. Mark it not arrived to change its contents.')
    : conflict('This cargo was handed over to another store and can no longer change.');
const TOO_MANY = 'A line holds at most 1,000,000 pieces (1,000 kg, L or m of a measured product).';
const tooMany = () => conflict(TOO_MANY);

// ---- answers --------------------------------------------------------------------------------

async function toCargos(db: DbOrTx, store: StoreRow, rows: repo.CargoRow[]): Promise<Cargo[]> {
  const totals = await repo.totalsOf(
    db,
    store.id,
    rows.map((r) => r.id),
  );
  return Promise.all(
    rows.map(async (row) => {
      const t = totals.get(row.id);
      // A handed-over cargo shows what the receiver counted on its copy.
      const received =
        row.status === 'TRANSFERRED' && row.handed_to_store_id && row.handed_to_cargo_id
          ? await repo.receivedTotal(db, row.handed_to_store_id, row.handed_to_cargo_id)
          : (t?.total_received ?? null);
      return {
        id: row.id,
        code: row.code,
        name: row.name,
        origin: row.origin,
        note: row.note,
        status: row.status as CargoStatus,
        itemCount: t?.item_count ?? 0,
        totalQuantity: t?.total_quantity ?? 0,
        totalReceivedQuantity: received,
        totalValue: t?.total_value ?? 0,
        currency: store.main_currency as CurrencyCode,
        transferredFrom: row.transferred_from,
        transferredTo: row.transferred_to,
        arrivedAt: row.arrived_at,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    }),
  );
}

async function toCargo(db: DbOrTx, store: StoreRow, row: repo.CargoRow): Promise<Cargo> {
  return (await toCargos(db, store, [row]))[0] as Cargo;
}

function toContent(row: repo.ContentView, handed: boolean): CargoContent {
  const received = handed ? row.linked_received : row.received_quantity;
  return {
    contentId: row.id,
    cargoId: row.cargo_id,
    code: row.code,
    name: row.name,
    brand: row.brand,
    quantity: Number(row.quantity),
    receivedQuantity: received === null || received === undefined ? null : Number(received),
    price: Number(row.price),
    priceConverted: Number(row.price_converted) === 1,
    productId: row.product_id,
    unit: asProductUnit(row.product_unit),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function handedOf(row: repo.CargoRow): repo.Handed | null {
  return row.status === 'TRANSFERRED' && row.handed_to_store_id && row.handed_to_cargo_id
    ? { storeId: row.handed_to_store_id, cargoId: row.handed_to_cargo_id }
    : null;
}

async function cargoOrThrow(db: DbOrTx, storeId: string, code: string): Promise<repo.CargoRow> {
  const row = await repo.findCargoByCode(db, storeId, code);
  if (!row) throw cargoNotFound();
  return row;
}

/**
 * Runs `work` in a transaction, again (at most 4 more times) when a new cargo code collided with
 * an existing one: the collision rolled everything back, so a retry is a clean start.
 */
async function withFreshCode<T>(ctx: AppContext, work: (trx: DbOrTx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction().execute(work);
    } catch (error) {
      if (attempt < 4 && isUniqueViolation(error, 'code')) continue;
      throw error;
    }
  }
}

/** Merges lines with the same code, adding their quantities (what the content endpoint does too). */
/** What a line keeps as its own unit: a measured one, or null (pieces, or its product's unit). */
function ownUnit(unit: string | null | undefined): string | null {
  const u = asProductUnit(unit);
  return isMeasuredUnit(u) ? u : null;
}

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

/** A cargo's audit event, in the transaction of its change (`summary`: what changed, as data). */
function cargoEvent(
  trx: DbOrTx,
  actor: AuditActor,
  action:
    | 'CARGO_CREATE'
    | 'CARGO_EDIT'
    | 'CARGO_DELETE'
    | 'CARGO_COUNT'
    | 'CARGO_ARRIVE'
    | 'CARGO_TRANSFER'
    | 'CARGO_RECEIVE',
  cargo: { code: string; name: string },
  at: string,
  summary = cargo.name,
) {
  return recordAudit(trx, actor, { action, entity: 'CARGO', entityCode: cargo.code, summary, at: new Date(at) });
}

// ---- cargos ---------------------------------------------------------------------------------

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
    await repo.insertContents(
      trx,
      mergeByCode(body.contents).map((c) => ({
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

// ---- arrival --------------------------------------------------------------------------------

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
    const lines = await repo.allContents(trx, store.id, row.id, null);
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

// ---- contents -------------------------------------------------------------------------------

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
  const row = await repo.findCargoById(ctx.db, scope.store.id, cargoId);
  if (!row) throw cargoNotFound();
  const handed = handedOf(row);
  const [lines, total] = await Promise.all([
    repo.contentPage(ctx.db, scope.store.id, row.id, handed, page * size, size),
    repo.countContents(ctx.db, scope.store.id, row.id),
  ]);
  return { items: lines.map((l) => toContent(l, handed !== null)), page, size, total };
}

/** The cargo locked for a content edit, refused unless NOT_ARRIVED. */
async function editableCargo(ctx: AppContext, trx: DbOrTx, storeId: string, code: string): Promise<repo.CargoRow> {
  const row = await repo.lockCargoForEdit(trx, ctx.dbKind, storeId, code);
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
      },
      counted,
    );
    // Merged into an existing line: the sum must stay within the bound too (rolled back if not).
    if (Number(counted ? line.received_quantity : line.quantity) > MAX_CARGO_QUANTITY) throw tooMany();
    await repo.touchCargo(trx, store.id, cargo.id, now);
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
    const patch = {
      ...(body.code !== undefined ? { code: body.code } : {}),
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
    await repo.touchCargo(trx, store.id, cargo.id, now);
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
    await repo.touchCargo(trx, store.id, cargo.id, now);
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
    await repo.touchCargo(trx, store.id, cargo.id, now);
    const signed = params.quantityDifference >= 0 ? `+${params.quantityDifference}` : `${params.quantityDifference}`;
    await cargoEvent(trx, scope, 'CARGO_COUNT', cargo, now, `${signed} = ${quantity}`);
    return { quantity, conflict: quantity !== params.updatedQuantity, replayed: false };
  });
}

// ---- hand-over ------------------------------------------------------------------------------

interface Receiver {
  store: { id: string; name: string; main_currency: string; owner_id: string };
  userId: string;
}

/** The rate sender → receiver main currency now, or null when both are the same. */
async function handOverRate(ctx: AppContext, from: string, to: string): Promise<string | null> {
  if (from === to) return null;
  const rate = await rateOn(ctx, from as CurrencyCode, to as CurrencyCode, null);
  if (!rate) throw conflict(`There is no exchange rate from ${from} to ${to} yet, so prices cannot be converted.`);
  return rate.rate;
}

/**
 * Inside the caller's transaction, once the sender's cargo is TRANSFERRED: the receiver's copy
 * (NOT_ARRIVED, `transferredFrom` the sender's store name, same lines, prices converted to the
 * receiver's currency when it differs), after the receiver's free cargo limit is checked; links
 * the sender's cargo to it so the sender reads the receiver's counts.
 */
async function copyToReceiver(
  trx: DbOrTx,
  ctx: AppContext,
  sent: repo.CargoRow,
  sender: { name: string; main_currency: string },
  receiver: Receiver,
  rate: string | null,
  now: string,
): Promise<repo.CargoRow> {
  await assertCanCreate(trx, ctx, receiver.store.owner_id, 'cargos');
  const code = newCrockfordCode(8);
  const copy: repo.CargoRow = {
    id: newId(),
    store_id: receiver.store.id,
    code,
    name: sent.name,
    origin: sent.origin,
    note: sent.note,
    status: 'NOT_ARRIVED',
    search: repo.cargoSearchText(code, sent.name, sent.origin),
    transferred_from: sender.name,
    transferred_to: null,
    received: 1,
    handed_to_store_id: null,
    handed_to_cargo_id: null,
    created_by: receiver.userId,
    arrived_at: null,
    created_at: now,
    updated_at: now,
    revision: 0,
  };
  await repo.insertCargo(trx, copy);
  const lines = await repo.allContents(trx, sent.store_id, sent.id, null);
  const from = sender.main_currency as CurrencyCode;
  const to = receiver.store.main_currency as CurrencyCode;
  await repo.insertContents(
    trx,
    lines.map((l) => {
      const converted = rate === null ? null : convertMinor(Number(l.price), from, to, rate);
      if (converted !== null && converted > MAX_CARGO_PRICE) {
        throw conflict(`The price of ${l.name} is too large in ${to}. Ask the sender to correct it.`);
      }
      return {
        id: newId(),
        store_id: receiver.store.id,
        cargo_id: copy.id,
        code: l.code,
        name: l.name,
        brand: l.brand,
        quantity: Number(l.quantity),
        received_quantity: null,
        price: converted ?? Number(l.price),
        price_converted: converted === null ? 0 : 1,
        source_content_id: l.id,
        // The sender's unit travels: the receiver may not have the product, and the quantities are thousandths.
        unit: ownUnit(l.product_unit),
        created_at: l.created_at,
        updated_at: now,
      };
    }),
  );
  await repo.updateCargo(trx, sent.store_id, sent.id, {
    handed_to_store_id: receiver.store.id,
    handed_to_cargo_id: copy.id,
  });
  // Both stores' logs: the sender's says where it went, the receiver's where it came from; a QR
  // hand-over is made by the receiving user's scan, so it carries their id in both.
  const sentBy = { userId: receiver.userId, store: { id: sent.store_id } };
  await cargoEvent(trx, sentBy, 'CARGO_TRANSFER', sent, now, `${sent.name} → ${receiver.store.name}`);
  await cargoEvent(trx, receiver, 'CARGO_RECEIVE', copy, now, `${copy.name} ← ${sender.name}`);
  return copy;
}

/** Marks the sender's cargo TRANSFERRED (only from NOT_ARRIVED), or says why it cannot be. */
async function handOver(trx: DbOrTx, cargo: repo.CargoRow, to: string, now: string): Promise<repo.CargoRow> {
  const row = await repo.changeStatusIf(trx, cargo.store_id, cargo.id, 'NOT_ARRIVED', {
    status: 'TRANSFERRED',
    transferred_to: to,
    updated_at: now,
  });
  if (row) return row;
  const current = await repo.findCargoById(trx, cargo.store_id, cargo.id);
  if (!current) throw cargoNotFound();
  if (current.status === 'ARRIVED') throw conflict('An arrived cargo cannot be transferred.');
  throw conflict('This cargo was already handed over to another store.');
}

/** Direct transfer to another store of the same user → the sender's cargo, now TRANSFERRED. */
export async function transferToStore(
  ctx: AppContext,
  scope: Scope,
  code: string,
  targetUrlName: string,
): Promise<Cargo> {
  const { store, userId } = scope;
  const target = await findAccessibleStoreByUrlName(ctx.db, userId, targetUrlName);
  if (!target) throw notFound('We could not find this store among yours.');
  // The receiving store must let this caller receive cargo too, not only the sending one.
  assertAllowed(splitMember(target).rights, 'CARGO_RECEIVE');
  if (target.id === store.id) throw conflict('This cargo is already in this store. Choose another store.');
  const cargo = await cargoOrThrow(ctx.db, store.id, code);
  if (cargo.status === 'ARRIVED') throw conflict('An arrived cargo cannot be transferred.');
  const rate = await handOverRate(ctx, store.main_currency, target.main_currency);
  const now = iso(ctx.clock.now());
  await withFreshCode(ctx, async (trx) => {
    const row = await handOver(trx, cargo, target.name, now);
    await copyToReceiver(trx, ctx, row, store, { store: target, userId }, rate, now);
  });
  return getCargo(ctx, scope, code);
}

/**
 * A fresh single-use QR token for handing the cargo to anyone, valid 24 h from the app's clock.
 * Only a NOT_ARRIVED cargo can be handed over.
 */
export async function issueQr(ctx: AppContext, scope: Scope, code: string): Promise<CargoQr> {
  const { store, userId } = scope;
  const cargo = await cargoOrThrow(ctx.db, store.id, code);
  if (cargo.status !== 'NOT_ARRIVED') {
    throw cargo.status === 'ARRIVED'
      ? conflict('An arrived cargo cannot be transferred.')
      : conflict('This cargo was already handed over to another store.');
  }
  const now = ctx.clock.now();
  const expiresAt = iso(new Date(now.getTime() + QR_TOKEN_TTL_MS));
  const { token, nonce } = newToken(ctx.config.jwtSecret, cargo.id, expiresAt);
  await repo.insertQrToken(ctx.db, {
    nonce_hash: nonceHash(nonce),
    store_id: store.id,
    cargo_id: cargo.id,
    expires_at: expiresAt,
    used_at: null,
    used_by: null,
    created_by: userId,
    created_at: iso(now),
  });
  return { token, expiresAt, link: buildCargoQrLink(ctx.config.appUrl, token) };
}

/**
 * Receives a cargo by its QR token into the caller's current store: the token must be one the
 * server issued (signature), unexpired, unused (marked used in the same transaction, so of two
 * concurrent receives one wins), for a cargo still NOT_ARRIVED. Answers the receiver's new cargo.
 * When the free cargo limit refuses it, nothing is written and the token stays usable.
 */
export async function receiveByQr(ctx: AppContext, scope: Scope, token: string): Promise<Cargo> {
  const { store, userId } = scope;
  const { hash, sender, cargo, now } = await checkQrToken(ctx, scope, token);
  const rate = await handOverRate(ctx, sender.main_currency, store.main_currency);
  const at = iso(now);
  const copy = await withFreshCode(ctx, async (trx) => {
    if (!(await repo.useQrToken(trx, hash, userId, at))) throw conflict('This transfer QR code was already used.');
    const sent = await handOver(trx, cargo, store.name, at);
    return copyToReceiver(trx, ctx, sent, sender, { store, userId }, rate, at);
  });
  return toCargo(ctx.db, store, copy);
}
