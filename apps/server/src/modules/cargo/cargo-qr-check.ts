import type { CargoQrPreview, CargoStatus } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../core/errors.ts';
import type { Scope } from '../access/index.ts';
import { findQrToken, storeBrief } from './cargo-handover.repo.ts';
import { conflict } from './cargo-shared.ts';
import { nonceHash, signatureMatches, splitToken } from './cargo-token.ts';
import * as repo from './cargo.repo.ts';

const invalidToken = () => notFound('This transfer QR code is not valid. Ask the sender to show a new one.');

/**
 * A QR hand-over token the caller may receive with now: one the server issued (signature),
 * unused, unexpired, for a cargo of another store still able to leave it (not ARRIVED). Receiving
 * (cargo-handover.service.ts) marks it used in its transaction; the preview only reads.
 */
export async function checkQrToken(ctx: AppContext, scope: Scope, token: string) {
  const parts = splitToken(token);
  if (!parts) throw invalidToken();
  const hash = nonceHash(parts.nonce);
  const issued = await findQrToken(ctx.db, hash);
  if (!issued || !signatureMatches(ctx.config.jwtSecret, parts.nonce, parts.sig, issued.cargo_id, issued.expires_at)) {
    throw invalidToken();
  }
  if (issued.used_at !== null) throw conflict('This transfer QR code was already used.');
  const now = ctx.clock.now();
  if (now.getTime() >= Date.parse(issued.expires_at)) {
    throw conflict('This transfer QR code has expired. Ask the sender to show a new one.');
  }
  if (issued.store_id === scope.store.id) throw conflict('This cargo is already in this store.');
  const sender = await storeBrief(ctx.db, issued.store_id);
  const cargo = await repo.findCargoById(ctx.db, issued.store_id, issued.cargo_id);
  if (!sender || !cargo) throw invalidToken();
  if (cargo.status === 'ARRIVED') throw conflict('An arrived cargo cannot be transferred.');
  return { hash, issued, sender, cargo, now };
}

/**
 * What a hand-over QR gives, before the receiver says yes: the cargo's name and code, the sending
 * store and the totals, so the confirmation names what arrives and from whom.
 * The token holder learns nothing receiving would not show them; nothing is written.
 */
export async function previewQr(ctx: AppContext, scope: Scope, token: string): Promise<CargoQrPreview> {
  const { issued, sender, cargo } = await checkQrToken(ctx, scope, token);
  if (cargo.status !== 'NOT_ARRIVED') throw conflict('This cargo was already handed over to another store.');
  const totals = (await repo.totalsOf(ctx.db, cargo.store_id, [cargo.id])).get(cargo.id);
  return {
    code: cargo.code,
    name: cargo.name,
    origin: cargo.origin,
    status: cargo.status as CargoStatus,
    fromStore: sender.name,
    itemCount: totals?.item_count ?? 0,
    totalQuantity: totals?.total_quantity ?? 0,
    expiresAt: issued.expires_at,
  };
}
