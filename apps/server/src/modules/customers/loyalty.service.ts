import {
  ErrorCode,
  LOYALTY_ENTRY_KINDS,
  type AdjustPointsBody,
  type Customer,
  type CustomerHistoryWindow,
  type LoyaltyEntryKind,
  type LoyaltySettings,
} from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { fieldError } from '../../core/errors.ts';
import { newOrderedId } from '../../lib/ids.ts';
import type { Scope } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { toCustomer } from './customer-fields.ts';
import { customerNotFound } from './customers.service.ts';
import * as customers from './customers.repo.ts';
import * as repo from './loyalty.repo.ts';
import { loyaltyOf } from '../loyalty/index.ts';

/** Changes the loyalty programme (SETTINGS), audited with its figures. */
export async function updateLoyalty(ctx: AppContext, scope: Scope, body: LoyaltySettings): Promise<LoyaltySettings> {
  const patch = {
    loyalty_enabled: body.enabled ? 1 : 0,
    loyalty_earn_rate: body.earnRate,
    loyalty_point_value: body.pointValue,
    loyalty_min_redeem: body.minRedeem,
    loyalty_expiry_months: body.expiryMonths,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateLoyalty(trx, scope.store.id, patch);
    await recordAudit(trx, scope, {
      action: 'LOYALTY_SETTINGS',
      entity: 'STORE',
      entityCode: scope.store.url_name,
      summary: [body.enabled ? 1 : 0, body.earnRate, body.pointValue, body.minRedeem, body.expiryMonths ?? ''].join(
        ' ',
      ),
      at: ctx.clock.now(),
    });
  });
  return loyaltyOf({ ...scope.store, ...patch });
}

const belowZero = () =>
  fieldError(ErrorCode.VALIDATION_ERROR, 'points', 'This adjustment would take the balance below 0 points.');

/**
 * The owner's adjustment: an ADJUST entry and the balance change in one transaction, the balance a
 * guarded update (never below 0, never past MAX_POINTS), audited with the reason.
 */
export async function adjustPoints(
  ctx: AppContext,
  scope: Scope,
  customerId: string,
  body: AdjustPointsBody,
): Promise<Customer> {
  const { store } = scope;
  return ctx.db.transaction().execute(async (trx) => {
    const current = await customers.findCustomer(trx, store.id, customerId);
    if (!current) throw customerNotFound();
    if (!(await repo.addPoints(trx, store.id, customerId, body.points))) throw belowZero();
    const at = ctx.clock.now();
    await repo.insertEntry(trx, {
      store_id: store.id,
      id: newOrderedId(at.getTime()),
      customer_id: customerId,
      kind: 'ADJUST',
      points: body.points,
      sale_id: null,
      refund_id: null,
      user_id: scope.userId,
      device_id: scope.deviceId ?? null,
      note: body.reason,
      at: iso(at),
    });
    await recordAudit(trx, scope, {
      action: 'POINTS_ADJUST',
      entity: 'CUSTOMER',
      entityCode: current.code,
      summary: `${body.points > 0 ? '+' : ''}${body.points} ${body.reason}`,
      at,
    });
    const after = await customers.findCustomer(trx, store.id, customerId);
    return toCustomer(after!);
  });
}

const asKind = (kind: string): LoyaltyEntryKind =>
  (LOYALTY_ENTRY_KINDS as readonly string[]).includes(kind) ? (kind as LoyaltyEntryKind) : 'ADJUST';

/** A customer's sales and points entries, newest first (REPORTS). */
export async function historyWindow(
  ctx: AppContext,
  scope: Scope,
  customerId: string,
  page: number,
  size: number,
): Promise<CustomerHistoryWindow> {
  const { store } = scope;
  if (!(await customers.findCustomer(ctx.db, store.id, customerId))) throw customerNotFound();
  const [refs, total] = await Promise.all([
    repo.historyPage(ctx.db, store.id, customerId, page * size, size),
    repo.historyCount(ctx.db, store.id, customerId),
  ]);
  const ids = (type: string) => refs.filter((r) => r.type === type).map((r) => r.id);
  const [sales, entries] = await Promise.all([
    repo.salesByIds(ctx.db, store.id, ids('SALE')),
    repo.entriesByIds(ctx.db, store.id, ids('POINTS')),
  ]);
  const saleById = new Map(sales.map((s) => [s.id, s]));
  const entryById = new Map(entries.map((e) => [e.id, e]));
  const items: CustomerHistoryWindow['items'] = refs.flatMap((ref): CustomerHistoryWindow['items'] => {
    if (ref.type === 'SALE') {
      const s = saleById.get(ref.id);
      if (!s) return [];
      return [
        {
          type: 'SALE',
          at: s.sold_at,
          code: s.code,
          status: s.status,
          total: Number(s.total),
          refundedAmount: Number(s.refunded_amount),
          itemCount: Number(s.item_count),
          firstItems: s.first_items,
        },
      ];
    }
    const e = entryById.get(ref.id);
    if (!e) return [];
    return [
      {
        type: 'POINTS',
        at: e.at,
        entry: {
          id: e.id,
          kind: asKind(e.kind),
          points: Number(e.points),
          saleCode: e.sale_code ?? null,
          note: e.note,
          userId: e.user_id,
          userName: e.user_name ?? null,
          at: e.at,
        },
      },
    ];
  });
  return { items, page, size, total };
}
