import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, parseMemberToken, proofMessage, type StoreRights } from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, unauthorized } from '../../core/errors.ts';
import { findMemberWithPin, findTillWithStore, touchTill } from './access.repo.ts';
import { signedByMember } from './member-keys.ts';
import { rightsOf } from './rights.ts';
import { storeNotFound, type StoreAccess } from './scope.ts';

/*
 * Till tokens (product.md §2 "Till mode"): a device's own credential, scoped to one store and to
 * counter work, never a person's session. `sdt1.{storeId}.{tillId}.{secret}`: the server keeps the SHA-256
 * of the secret only. The member on the till is named by the `X-Till-Member` token, which only
 * their PIN can make (packages/shared till-proof.ts): the server checks it with the key their
 * stored PIN hash gives, so whoever holds the till cannot act as a member whose PIN they lack.
 */

const TOKEN = /^sdt1\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

/** What a route declares about tills: `device`, any till (no member needed); `member`, a member unlocked on it. */
export type TillUse = 'device' | 'member';

declare module 'fastify' {
  interface FastifyContextConfig {
    till?: TillUse;
    /**
     * The route's service decides who acts with `actorOf`, which lets an action the member lacks
     * the declared permission for pass with a proven approval: on a till, a body carrying an
     * `approval` is not refused by the declaration before the service checks it.
     */
    approvable?: true;
  }
}

export function isTillToken(token: string): boolean {
  return token.startsWith('sdt1.');
}

export function tillTokenOf(storeId: string, tillId: string, secret: string): string {
  return `sdt1.${storeId}.${tillId}.${secret}`;
}

export function hashTillSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The till a request comes from, and its member token's member when one is unlocked. */
export interface TillCaller {
  id: string;
  name: string;
  /** The member unlocked on the till, proven by their member token; null: locked. */
  member: string | null;
}

/** No rights: a till with nobody unlocked reads its roster and checks PINs, nothing else. */
const LOCKED_RIGHTS: StoreRights = { role: 'CASHIER', permissions: [], maxDiscount: 0 };
/** How often a till's "last seen" is written: the list shows minutes, not every request. */
const TOUCH_EVERY_MS = 60_000;

export const tillRevoked = () =>
  new AppError(401, ErrorCode.TILL_REVOKED, 'This till was turned off by the owner. Log in to use this device again.');
export const tillLocked = () =>
  new AppError(401, ErrorCode.TILL_LOCKED, 'The till is locked. Unlock it with your PIN.');
const noLongerMember = () =>
  new AppError(403, ErrorCode.FORBIDDEN, 'The member on the till is no longer a member of this store.', [
    { field: 'userId', message: 'userId' },
  ]);
const notOnTill = () =>
  new AppError(403, ErrorCode.NOT_ON_TILL, 'This is not available on a till. Use your own login on your own device.');

function secretMatches(storedHash: string, secret: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashTillSecret(secret), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The member a member token proves, or null (absent, malformed, a PIN changed since, or forged). */
async function provenMember(ctx: AppContext, storeId: string, tillId: string, header: string | undefined) {
  const token = parseMemberToken(header);
  if (!token) return null;
  const row = await findMemberWithPin(ctx.db, storeId, token.userId);
  // An action queued offline by a member who has left since is refused, and kept with the reason.
  if (!row) throw noLongerMember();
  const ok = await signedByMember(row, proofMessage.member(tillId, token.userId, token.issuedAt), token.proof);
  return ok ? { userId: token.userId, rights: rightsOf(row) } : null;
}

/**
 * A till token's request: its till (of the store X-Store names; any other store is answered as a
 * missing one, 404 later), unrevoked, and the member its member token proves. Resolves the store
 * and the member's rights as a session's request does, so services see a Scope like any other.
 */
export async function authenticateTill(
  ctx: AppContext,
  token: string,
  urlName: string | undefined,
  memberHeader: string | undefined,
): Promise<{ userId: string; sessionId: string; till: TillCaller; store: StoreAccess | null }> {
  const parts = TOKEN.exec(token);
  if (!parts || !urlName) throw unauthorized();
  const [, storeId, tillId, secret] = parts as unknown as [string, string, string, string];
  const row = await findTillWithStore(ctx.db, storeId, tillId);
  if (!row || !secretMatches(row.till_token_hash, secret)) throw unauthorized();
  // A till token sent naming another store than its own: answered like any store one may not access.
  if (row.url_name !== urlName) throw storeNotFound();
  if (row.till_revoked_at) throw tillRevoked();
  const {
    till_id: _id,
    till_name: name,
    till_token_hash: _hash,
    till_revoked_at: _revoked,
    till_last_seen_at: lastSeen,
    ...store
  } = row;
  const now = ctx.clock.now();
  if (!lastSeen || now.getTime() - Date.parse(lastSeen) > TOUCH_EVERY_MS) {
    await touchTill(ctx.db, store.id, tillId, iso(now));
  }
  const member = await provenMember(ctx, store.id, tillId, memberHeader);
  return {
    userId: member?.userId ?? '',
    sessionId: `till:${tillId}`,
    till: { id: tillId, name, member: member?.userId ?? null },
    store: { store, rights: member?.rights ?? LOCKED_RIGHTS },
  };
}

/**
 * What a till may call: only routes that declare `till` (counter work), and those declaring
 * `member` only with a member unlocked. Checked for every /api/secure request from a till, before
 * its handler, cached or not.
 */
export function assertTillMayCall(request: FastifyRequest, till: TillCaller): void {
  const use = request.routeOptions.config?.till;
  if (!use) throw notOnTill();
  if (use === 'member' && !till.member) throw tillLocked();
}
