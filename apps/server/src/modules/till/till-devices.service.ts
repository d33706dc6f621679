import type { CreatedTill, LeaveTillBody, TillDeviceList } from '@shopdesk/shared';
import { ErrorCode } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { iso } from '../../lib/clock.ts';
import { newId, newSecretToken } from '../../lib/ids.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { actorOf, forbidden, hashTillSecret, tillTokenOf, type Scope } from '../access/index.ts';
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
  return { id, name, tillToken: tillTokenOf(id, secret) };
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

/**
 * Revokes a till: from a person's session, any till of the store (needs SETTINGS); from a till,
 * only itself (leaving till mode), approved by the PIN of a member with SETTINGS. Its next request
 * is answered 401 TILL_REVOKED. Recorded in the audit log under who did it.
 */
export async function revokeTill(ctx: AppContext, scope: Scope, id: string, body: LeaveTillBody): Promise<void> {
  let by = { userId: scope.userId, approvedBy: null as string | null, approvalMode: null as 'ONLINE' | 'OFFLINE' | null };
  if (scope.deviceId) {
    if (id !== scope.deviceId) throw tillNotFound();
    // A locked till has no member: the approver's grant alone leaves it, recorded as theirs.
    const actor = await actorOf(ctx, scope, { approval: body.approval }, { permission: 'SETTINGS' });
    const userId = scope.userId || actor.approvedBy!;
    by = { userId, approvedBy: actor.approvedBy === userId ? null : actor.approvedBy, approvalMode: actor.approvalMode };
  } else if (scope.rights.role !== 'OWNER' && !scope.rights.permissions.includes('SETTINGS')) {
    throw forbidden('SETTINGS');
  }
  const at = ctx.clock.now();
  const tills = await repo.listTills(ctx.db, scope.store.id);
  const till = tills.find((t) => t.id === id);
  if (!till) throw tillNotFound();
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
