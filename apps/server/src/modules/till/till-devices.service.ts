import type { CreatedTill, LeaveTillBody, TillDeviceList } from '@shopdesk/shared';
import { ErrorCode } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { iso } from '../../lib/clock.ts';
import { newId, newSecretToken } from '../../lib/ids.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { actorOf, hashTillSecret, tillTokenOf, type Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { revokeSession } from '../auth/index.ts';
import * as repo from './till-devices.repo.ts';

/** Tills one store may have at once: far above any shop's counters, a bound on what one store can make. */
export const MAX_ACTIVE_TILLS = 50;

const tillNotFound = () => notFound('We could not find this till.');

/**
 * Turns the caller's device into a till of the store (product.md §2, till mode): a till token
 * scoped to the store and to counter work, shown once (only its secret's hash is kept). The
 * session that asked is signed out at once: from now on this device is the till, not the person.
 */
export async function createTill(ctx: AppContext, scope: Scope, name: string): Promise<CreatedTill> {
  const { n } = await repo.countActiveTills(ctx.db, scope.store.id);
  if (Number(n) >= MAX_ACTIVE_TILLS) {
    throw new AppError(
      409,
      ErrorCode.CONFLICT,
      `This store has ${MAX_ACTIVE_TILLS} tills. Revoke one you no longer use first.`,
    );
  }
  const id = newId();
  const secret = newSecretToken();
  const at = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertTill(trx, {
      store_id: scope.store.id,
      id,
      name,
      token_hash: hashTillSecret(secret),
      created_by: scope.userId,
      created_at: iso(at),
      last_seen_at: null,
      revoked_at: null,
      revoked_by: null,
    });
    await recordAudit(trx, scope, { action: 'TILL_CREATE', entity: 'STORE', entityCode: id, summary: name, at });
    await revokeSession(trx, scope.sessionId, iso(at));
  });
  return { id, name, tillToken: tillTokenOf(scope.store.id, id, secret) };
}

export async function listTills(ctx: AppContext, scope: Scope): Promise<TillDeviceList> {
  const rows = await repo.listTills(ctx.db, scope.store.id);
  return {
    tills: rows.map((r) => ({
      id: r.id,
      name: r.name,
      createdBy: { userId: r.created_by, name: r.creator_name || r.creator_email || '' },
      createdAt: r.created_at,
      lastSeenAt: r.last_seen_at,
      revokedAt: r.revoked_at,
    })),
  };
}

interface RevokedBy {
  userId: string;
  approvedBy: string | null;
  approvalMode: 'ONLINE' | 'OFFLINE' | null;
}

/**
 * Revokes a till of the store from a person's session (SETTINGS): its next request is answered
 * 401 TILL_REVOKED. Recorded in the audit log.
 */
export function revokeTill(ctx: AppContext, scope: Scope, id: string): Promise<void> {
  return revoke(ctx, scope, id, { userId: scope.userId, approvedBy: null, approvalMode: null });
}

/**
 * The till leaves till mode: approved by the PIN of a member with SETTINGS (the member unlocked
 * there, if they have it, needs none). A locked till has nobody on it: recorded as the approver's.
 */
export async function leaveTill(ctx: AppContext, scope: Scope, body: LeaveTillBody): Promise<void> {
  const actor = await actorOf(ctx, scope, body, { permission: 'SETTINGS' });
  const userId = scope.userId || actor.approvedBy!;
  const approvedBy = actor.approvedBy === userId ? null : actor.approvedBy;
  await revoke(ctx, scope, scope.deviceId!, {
    userId,
    approvedBy,
    approvalMode: approvedBy ? actor.approvalMode : null,
  });
}

async function revoke(ctx: AppContext, scope: Scope, id: string, by: RevokedBy): Promise<void> {
  const at = ctx.clock.now();
  const tills = await repo.listTills(ctx.db, scope.store.id);
  const till = tills.find((t) => t.id === id);
  if (!till) throw tillNotFound();
  // Revoked already (another device was first): the same answer, and the log keeps the first.
  if (till.revoked_at) return;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.revokeTill(trx, scope.store.id, id, by.userId, iso(at));
    await recordAudit(
      trx,
      { userId: by.userId, store: scope.store, deviceId: scope.deviceId },
      {
        action: 'TILL_REVOKE',
        entity: 'STORE',
        entityCode: id,
        summary: till.name,
        approvedBy: by.approvedBy,
        approvalMode: by.approvalMode,
        at,
      },
    );
  });
}

/** The till a till token is. */
export function currentTill(scope: Scope, name: string) {
  return { id: scope.deviceId!, name, store: scope.store.url_name };
}
