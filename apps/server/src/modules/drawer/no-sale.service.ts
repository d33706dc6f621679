import { createHash } from 'node:crypto';
import { ErrorCode, type AuditEvent, type NoSaleBody } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, type Scope } from '../access/index.ts';
import { eventByClientId, readEvent, recordAuditOnce } from '../audit/index.ts';
import { openShiftFor } from '../shifts/index.ts';

/**
 * "No sale" (product.md §2 and §5): the cash drawer opened at the counter without a sale. The
 * server records it before the device kicks the drawer, so every opening is in the audit log under
 * the member who asked (and who approved it on a till) and in the open shift's X and Z reports; an
 * opening while no shift is open is adopted by the next shift, as sales are.
 */

/** The body's content in a fixed order: a retry with the same content is the same request. */
export function noSaleFingerprint(body: NoSaleBody): string {
  const canonical = [body.reason ?? '', body.userId ?? null, body.approval ?? null];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}

function clientIdReused(): AppError {
  const message =
    'This device already recorded a different drawer opening with the same clientId. Nothing was recorded: try again.';
  return new AppError(409, ErrorCode.CLIENT_ID_REUSED, message, [{ field: 'clientId', message }]);
}

/** The first event of this clientId when `fingerprint` is its request's; 409 when it is another's. */
async function firstEvent(ctx: AppContext, storeId: string, clientId: string, fingerprint: string) {
  const first = await eventByClientId(ctx.db, storeId, clientId);
  if (!first) return null;
  if (first.request_hash !== fingerprint) throw clientIdReused();
  return readEvent(ctx.db, storeId, first.id);
}

/** `POST /shop/no-sale`: records the drawer opening; `created` is false for a retry. */
export async function recordNoSale(
  ctx: AppContext,
  scope: Scope,
  body: NoSaleBody,
): Promise<{ created: boolean; event: AuditEvent }> {
  const { store } = scope;
  const fingerprint = noSaleFingerprint(body);
  // A retry is answered before any other work, as a sale's or a refund's.
  const earlier = await firstEvent(ctx, store.id, body.clientId, fingerprint);
  if (earlier) return { created: false, event: earlier };

  // On a till: the member unlocked there needs NO_SALE, or a member's approval (403 otherwise).
  const actor = await actorOf(ctx, scope, body, { permission: 'NO_SALE' }, body.clientId);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const shift = await openShiftFor(trx, ctx.dbKind, store.id);
    return recordAuditOnce(
      trx,
      { userId: actor.userId, store, deviceId: actor.deviceId },
      {
        action: 'NO_SALE',
        entity: 'SHIFT',
        entityCode: shift ? String(shift.number) : '',
        summary: body.reason ?? '',
        approvedBy: actor.approvedBy,
        approvalMode: actor.approvalMode,
        shiftId: shift?.id ?? null,
        at: ctx.clock.now(),
        clientId: body.clientId,
        requestHash: fingerprint,
      },
    );
  });
  // null: another request with this clientId stored its event between our first look and our insert.
  const event = id
    ? await readEvent(ctx.db, store.id, id)
    : await firstEvent(ctx, store.id, body.clientId, fingerprint);
  if (!event) throw new Error('A drawer opening just recorded could not be read back');
  return { created: id !== null, event };
}
