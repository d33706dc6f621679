import { ErrorCode, type VoidParkedBody } from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { actorOf, type Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './transactions.repo.ts';

function noLongerHeld(): AppError {
  return new AppError(
    409,
    ErrorCode.ALREADY_COMPLETED,
    'This held sale was already completed or voided, on this or another device. Nothing was changed.',
  );
}

/**
 * `POST /shop/transaction/{code}/void`: throws a held cart away (VOID_PARKED, product.md §2). A
 * held cart moved no stock and took no money, so nothing else changes; the audit log keeps its code,
 * total and lines under the member who voided it (on a till, with the approver when they lack it).
 * A cart completed or voided meanwhile is a 409 and stays as it is.
 */
export async function voidParked(ctx: AppContext, scope: Scope, code: string, body: VoidParkedBody): Promise<void> {
  const { store } = scope;
  const current = await repo.findTransactionByCode(ctx.db, store.id, code.toUpperCase());
  if (!current) throw notFound('We could not find this sale.');
  if (current.status !== 'PARKED') throw noLongerHeld();
  const actor = await actorOf(ctx, scope, body, { permission: 'VOID_PARKED' });
  const parts = await repo.transactionParts(ctx.db, store.id, current.id);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteParked(trx, store.id, current.id, iso(now)))) throw noLongerHeld();
    await recordAudit(
      trx,
      { userId: actor.userId, store, deviceId: actor.deviceId },
      {
        action: 'VOID_PARKED',
        entity: 'SALE',
        entityCode: current.code,
        summary: parts.lines.map((l) => l.name).join(', '),
        amount: Number(current.total),
        approvedBy: actor.approvedBy,
        approvalMode: actor.approvalMode,
        at: now,
      },
    );
  });
}
