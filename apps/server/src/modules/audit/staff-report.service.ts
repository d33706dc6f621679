import { ErrorCode, type StaffFigures } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import type { Scope } from '../access/index.ts';
import * as repo from './staff-report.repo.ts';

/**
 * Reports by staff: each member's sales, refunds, discounts, approvals and point redemptions over the store's days
 * `from`–`to`, read from the sales and refunds themselves (each carries who made it and who
 * approved it). A member who only approved is listed too, with zero sales.
 */
export async function staffReport(ctx: AppContext, scope: Scope, from: string, to: string): Promise<StaffFigures[]> {
  if (to < from) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, 'The end date is before the start date.', [
      { field: 'to', message: 'Must not be before from' },
    ]);
  }
  const { sales, refunds, approvals } = await repo.staffTotals(ctx.db, scope.store.id, from, to);
  const given = new Map<string, number>();
  for (const r of approvals) {
    if (r.approved_by) given.set(r.approved_by, (given.get(r.approved_by) ?? 0) + Number(r.n));
  }
  const ids = [...new Set([...sales.map((r) => r.user_id), ...refunds.map((r) => r.user_id), ...given.keys()])];
  const names = await repo.names(ctx.db, ids);
  const sold = new Map(sales.map((r) => [r.user_id, r]));
  const gave = new Map(refunds.map((r) => [r.user_id, r]));
  return ids
    .map((userId) => ({
      userId,
      name: names.get(userId) ?? '',
      salesCount: Number(sold.get(userId)?.n ?? 0),
      salesTotal: Number(sold.get(userId)?.total ?? 0),
      refundsCount: Number(gave.get(userId)?.n ?? 0),
      refundsTotal: Number(gave.get(userId)?.total ?? 0),
      discountsTotal: Number(sold.get(userId)?.discounts ?? 0),
      approvalsReceived: Number(sold.get(userId)?.approved ?? 0) + Number(gave.get(userId)?.approved ?? 0),
      approvalsGiven: given.get(userId) ?? 0,
      pointsRedemptions: Number(sold.get(userId)?.redemptions ?? 0),
      pointsRedeemed: Number(sold.get(userId)?.points_redeemed ?? 0),
      pointsDiscount: Number(sold.get(userId)?.points_discount ?? 0),
    }))
    .sort((a, b) => b.salesTotal - a.salesTotal || a.userId.localeCompare(b.userId));
}
