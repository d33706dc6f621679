import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  pinSecretOf,
  proofMessage,
  tillKeyOf,
  verifyProof,
  type Approval,
  type Permission,
} from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { AppError } from '../../core/errors.ts';
import { findMemberWithPin } from './access.repo.ts';
import { rightsOf } from './rights.ts';

/*
 * Approvals are proven (product.md §2, manager approval). Online, `POST /till/unlock` with
 * `approve` checks the approver's PIN and signs a grant bound to the store, the till, the approver,
 * the permission and the action's clientId, valid 10 minutes; offline, the till signs the same
 * facts with the approver's till key, which only their PIN gives (till-proof.ts). Either is spent
 * once (till_approval_uses): the same action retried (same clientId) passes again, another is refused.
 */

export const GRANT_LIFETIME_MS = 10 * 60_000;

interface GrantClaims {
  /** The grant's id: what makes it single-use. */
  i: string;
  s: string;
  t: string;
  a: string;
  p: Permission;
  c: string;
  e: number;
}

export interface ApprovalKeys {
  /** The server's secret; grants are signed with a key derived from it for this use only. */
  secret: Uint8Array;
}

function macOf(keys: ApprovalKeys, payload: string): Buffer {
  const key = createHmac('sha256', keys.secret).update('shopdesk till approval grant v1').digest();
  return createHmac('sha256', key).update(payload, 'utf8').digest();
}

/** A grant for one action: `{payload}.{mac}`, both base64url. */
export function signGrant(
  keys: ApprovalKeys,
  claims: { storeId: string; tillId: string; approvedBy: string; permission: Permission; clientId: string },
  now: Date,
): string {
  const body: GrantClaims = {
    i: newId(),
    s: claims.storeId,
    t: claims.tillId,
    a: claims.approvedBy,
    p: claims.permission,
    c: claims.clientId,
    e: now.getTime() + GRANT_LIFETIME_MS,
  };
  const payload = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  return `${payload}.${macOf(keys, payload).toString('base64url')}`;
}

function readGrant(keys: ApprovalKeys, grant: string): GrantClaims | null {
  const [payload, mac, extra] = grant.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = macOf(keys, payload);
  const actual = Buffer.from(mac, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as GrantClaims;
  } catch {
    return null;
  }
}

const refused = (message: string, permission: Permission) =>
  new AppError(403, ErrorCode.FORBIDDEN, message, [{ field: 'permission', message: permission }]);

/** What an approval proved: who approved, for which permission, and how. */
export interface ProvenApproval {
  approvedBy: string;
  permission: Permission;
  mode: 'ONLINE' | 'OFFLINE';
  /** What makes it single-use (till_approval_uses.use_key). */
  useKey: string;
  /** The action it was given for. */
  clientId: string;
}

export interface ApprovalContext {
  db: DbOrTx;
  keys: ApprovalKeys;
  now: Date;
  storeId: string;
  /** The till the action comes from; approvals are given on a till only. */
  tillId: string | undefined;
  /** The action's clientId: the approval must be for it. */
  clientId: string | undefined;
  /** What the member acting lacks: the approval must be for one of these. */
  lacks: Permission[];
}

/**
 * Checks an approval's proof (not yet the approver's rights, nor that it is unspent): 403 naming
 * the first lacking permission, with the reason, for anything that does not hold.
 */
export async function proveApproval(c: ApprovalContext, approval: Approval): Promise<ProvenApproval> {
  const first = c.lacks[0]!;
  if (!c.tillId) throw refused('Approvals are given on a till, with the approving member’s PIN.', first);
  if (approval.kind === 'online') {
    const g = readGrant(c.keys, approval.grant);
    if (!g || g.s !== c.storeId || g.t !== c.tillId) throw refused('This approval is not valid here.', first);
    if (g.e <= c.now.getTime()) throw refused('This approval has expired (10 minutes). Ask for it again.', first);
    if (c.clientId !== undefined && g.c !== c.clientId)
      throw refused('This approval was given for another action.', first);
    if (!c.lacks.includes(g.p)) throw refused('This approval is for another permission.', first);
    return { approvedBy: g.a, permission: g.p, mode: 'ONLINE', useKey: `grant:${g.i}`, clientId: g.c };
  }
  if (c.clientId !== undefined && approval.clientId !== c.clientId)
    throw refused('This approval was given for another action.', first);
  if (!c.lacks.includes(approval.permission)) throw refused('This approval is for another permission.', first);
  const row = await findMemberWithPin(c.db, c.storeId, approval.approvedBy);
  const secret = pinSecretOf(row?.pin_hash);
  const message = proofMessage.approval(c.tillId, approval.approvedBy, approval.permission, approval.clientId);
  if (!secret || !(await verifyProof(await tillKeyOf(secret), message, approval.proof)))
    throw refused('The approving PIN could not be verified (it may have changed since). Ask for the approval again.', first);
  return {
    approvedBy: approval.approvedBy,
    permission: approval.permission,
    mode: 'OFFLINE',
    useKey: `proof:${approval.proof}`,
    clientId: approval.clientId,
  };
}

/** The approver's rights as they are now (null: no longer a member). */
export async function approverRights(db: DbOrTx, storeId: string, userId: string) {
  const row = await findMemberWithPin(db, storeId, userId);
  return row ? rightsOf(row) : null;
}

/**
 * Spends an approval for the action `clientId`. The same action retried passes again (its own
 * clientId makes it count once); any other action is refused.
 */
export async function spendApproval(db: DbOrTx, storeId: string, proven: ProvenApproval, now: Date): Promise<void> {
  const clientId = proven.clientId;
  await db
    .insertInto('till_approval_uses')
    .values({ store_id: storeId, use_key: proven.useKey, client_id: clientId, used_at: iso(now) })
    .onConflict((oc) => oc.columns(['store_id', 'use_key']).doNothing())
    .execute();
  const spent = await db
    .selectFrom('till_approval_uses')
    .where('store_id', '=', storeId)
    .where('use_key', '=', proven.useKey)
    .select('client_id')
    .executeTakeFirst();
  if (spent?.client_id !== clientId) throw refused('This approval was already used for another action.', proven.permission);
}
