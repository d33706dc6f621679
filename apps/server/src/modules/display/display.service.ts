import {
  ErrorCode,
  type DisplayPairing,
  type DisplayPairResponse,
  type DisplaySnapshot,
  type DisplayState,
} from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { hashToken, newId, newSecretToken } from '../../lib/ids.ts';
import { mailLocale } from '../../lib/mail-locale.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Scope } from '../access/index.ts';
import { logoImageId, qrSvg } from '../receipts/index.ts';
import type { DisplayHub } from './display-hub.ts';
import { SEEN_REFRESH_MS } from './display-hub.ts';
import * as repo from './display.repo.ts';

/** Live pairings one store may have: far above a shop's counters, a bound on what one store can make. */
export const MAX_LIVE_PAIRINGS = 20;

export const displayNotFound = () => notFound('We could not find this display.');
/** Unknown and revoked tokens answer alike: the answer tells nothing about which tokens ever were. */
export const displayLinkNotFound = () => notFound('This display link is no longer valid. Pair the display again.');

/** Connected: seen by a stream within two refreshes, and not disconnected since. */
function isConnected(row: repo.PairingRow, nowMs: number): boolean {
  if (!row.last_seen_at || row.disconnected_at) return false;
  return Date.parse(row.last_seen_at) > nowMs - 2 * SEEN_REFRESH_MS - 5_000;
}

function toPairing(row: repo.PairingRow, nowMs: number): DisplayPairing {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    createdBy: row.creator_name || row.creator_email || '',
    lastSeenAt: row.last_seen_at,
    connected: isConnected(row, nowMs),
  };
}

/**
 * Pairs a new display with the store (product.md §5): a token of 32 random bytes, answered once,
 * in the display's url and its QR; only its hash is kept.
 */
export async function pair(ctx: AppContext, scope: Scope, name: string | undefined): Promise<DisplayPairResponse> {
  if ((await repo.countLivePairings(ctx.db, scope.store.id)) >= MAX_LIVE_PAIRINGS) {
    throw new AppError(
      409,
      ErrorCode.CONFLICT,
      `This store has ${MAX_LIVE_PAIRINGS} paired displays. Remove one you no longer use first.`,
    );
  }
  const token = newSecretToken();
  const at = iso(ctx.clock.now());
  const row = {
    store_id: scope.store.id,
    id: newId(),
    name: name ?? 'Customer display',
    token_hash: hashToken(token),
    created_by: scope.userId,
    created_at: at,
    revoked_at: null,
    last_seen_at: null,
    disconnected_at: null,
    state_json: null,
    state_seq: null,
    state_at: null,
  };
  await ctx.db.transaction().execute((trx) => repo.insertPairing(trx, row));
  const url = `${ctx.config.appUrl}/display/${token}`;
  const qr = `data:image/svg+xml;base64,${Buffer.from(qrSvg(url)).toString('base64')}`;
  const listed = (await repo.listPairings(ctx.db, scope.store.id)).find((r) => r.id === row.id)!;
  return { ...toPairing(listed, ctx.clock.now().getTime()), url, qr };
}

export async function list(ctx: AppContext, scope: Scope): Promise<{ items: DisplayPairing[] }> {
  const now = ctx.clock.now().getTime();
  return { items: (await repo.listPairings(ctx.db, scope.store.id)).map((r) => toPairing(r, now)) };
}

/** Revokes a pairing: its open streams, on every process, get `revoked` and end; its token answers 404. */
export async function revoke(ctx: AppContext, hub: DisplayHub, scope: Scope, id: string): Promise<void> {
  const done = await ctx.db
    .transaction()
    .execute((trx) => repo.revokePairing(trx, scope.store.id, id, iso(ctx.clock.now())));
  if (!done) throw displayNotFound();
  await hub.revoked(scope.store.id, id);
}

/** Keeps the newest state (by seq; an older one is ignored) and pushes it to the pairing's displays. */
export async function putState(
  ctx: AppContext,
  hub: DisplayHub,
  scope: Scope,
  id: string,
  state: DisplayState,
): Promise<void> {
  const json = JSON.stringify(state);
  const stored = await repo.storeState(ctx.db, scope.store.id, id, {
    json,
    seq: state.seq,
    at: iso(ctx.clock.now()),
  });
  if (stored) return hub.published(scope.store.id, id, json, state.seq);
  // Not stored: an older seq (204 all the same), or no such pairing here (404).
  if (!(await repo.findLive(ctx.db, scope.store.id, id))) throw displayNotFound();
}

/** The live pairing a display token names, or the one 404 for unknown and revoked tokens. */
export async function pairingOfToken(ctx: AppContext, token: string): Promise<repo.LivePairing> {
  const found = await repo.findByTokenHash(ctx.db, hashToken(token));
  if (!found) throw displayLinkNotFound();
  return found;
}

/** `GET /api/public/display/{token}`: the store as the display shows it, and the newest state. */
export async function snapshot(ctx: AppContext, token: string): Promise<DisplaySnapshot> {
  const pairing = await pairingOfToken(ctx, token);
  const store = await repo.storeForDisplay(ctx.db, pairing.store_id);
  if (!store) throw displayLinkNotFound();
  const logo = await repo.findLogo(ctx.db, store.id, logoImageId(store));
  return {
    store: {
      name: store.name,
      logoUrl: logo ? `/api/public/display/${token}/logo` : null,
      locale: mailLocale(store.locale),
      mainCurrency: store.main_currency as DisplaySnapshot['store']['mainCurrency'],
      secondCurrency: store.second_currency as DisplaySnapshot['store']['secondCurrency'],
    },
    state: pairing.state_json === null ? null : (JSON.parse(pairing.state_json) as DisplayState),
  };
}

/** The store's receipt logo for a display (by its token, so no store or image id shows). */
export async function logo(ctx: AppContext, token: string) {
  const pairing = await pairingOfToken(ctx, token);
  const store = await repo.storeForDisplay(ctx.db, pairing.store_id);
  const id = store ? logoImageId(store) : '';
  const meta = store ? await repo.findLogo(ctx.db, store.id, id) : undefined;
  const bytes = meta ? await ctx.files.get(pairing.store_id, id) : undefined;
  if (!meta || !bytes) throw notFound('This store has no logo.');
  return { bytes, mime: meta.mime, etag: `"${meta.size}-${Date.parse(meta.updated_at).toString(36)}"` };
}
