import {
  buildCargoQrLink,
  convertMinor,
  MAX_CARGO_PRICE,
  type Cargo,
  type CargoQr,
  type CurrencyCode,
} from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import { DAY, iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../core/errors.ts';
import { newCrockfordCode, newId } from '../../lib/ids.ts';
import { assertAllowed, findAccessibleStoreByUrlName, splitMember, type Scope } from '../access/index.ts';
import { assertCanCreate } from '../plans/index.ts';
import { rateOn } from '../rates/index.ts';
import { allContents, insertContents } from './cargo-contents.repo.ts';
import { insertQrToken, useQrToken } from './cargo-handover.repo.ts';
import { catalogueItems, itemColumns, lineItem } from './cargo-items.ts';
import { checkQrToken } from './cargo-qr-check.ts';
import { cargoEvent, cargoNotFound, cargoOrThrow, conflict, ownUnit, withFreshCode } from './cargo-shared.ts';
import { newToken, nonceHash } from './cargo-token.ts';
import { toCargo } from './cargo-view.ts';
import * as repo from './cargo.repo.ts';
import { getCargo } from './cargo.service.ts';

/**
 * Hand-over: a NOT_ARRIVED cargo goes to another store, directly to another store of the same
 * user or by a single-use QR token to anyone; the receiver gets a NOT_ARRIVED copy to count.
 */

/** A QR hand-over token lives this long (product.md §5). */
export const QR_TOKEN_TTL_MS = DAY;

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
  const lines = await allContents(trx, sent.store_id, sent.id, null);
  // Lines added before lines carried their item: the sender's catalogue says it now.
  const known = await catalogueItems(
    trx,
    sent.store_id,
    lines.filter((l) => l.item_name === null).map((l) => l.code),
  );
  const from = sender.main_currency as CurrencyCode;
  const to = receiver.store.main_currency as CurrencyCode;
  await insertContents(
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
        // The variant's item travels too: a receiver without the code creates it under a like item.
        ...(known.get(l.code) ?? itemColumns(lineItem(l))),
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
  await insertQrToken(ctx.db, {
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
    if (!(await useQrToken(trx, hash, userId, at))) throw conflict('This transfer QR code was already used.');
    const sent = await handOver(trx, cargo, store.name, at);
    return copyToReceiver(trx, ctx, sent, sender, { store, userId }, rate, at);
  });
  return toCargo(ctx.db, store, copy);
}
