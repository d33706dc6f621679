import { ErrorCode, type SubscriptionStatus } from '@shopdesk/shared';
import { deviceOwner } from '../lib/device-owner.ts';
import { announceQueueChanged, wakeSaleSync } from './queue-events.ts';
import { listSales, updateSale, type QueuedSale } from './sale-queue-db.ts';

/** A sale the server refused only because the free plan's monthly sales were used up. */
export function isLimitRefusal(entry: Pick<QueuedSale, 'state' | 'refusal'>): boolean {
  return (
    entry.state === 'refused' && entry.refusal?.status === 402 && entry.refusal.code === ErrorCode.FREE_LIMIT_REACHED
  );
}

/** Room for another sale: no limit (premium), or fewer sales this month than it allows. */
function hasRoom(status: SubscriptionStatus): boolean {
  return status.freeTransactionLimit === null || status.shopTransactionCount < status.freeTransactionLimit;
}

/**
 * A sale refused for the free limit was a real sale: it stays on the device with its reason, and
 * goes back in line by itself once the limit no longer stops it (an upgrade, or a new month), so
 * the cashier does not have to find and resend each one. Answers how many went back.
 */
export async function requeueLimitRefusals(status: SubscriptionStatus): Promise<number> {
  const userId = deviceOwner();
  if (!userId || !hasRoom(status)) return 0;
  const refused = (await listSales()).filter((e) => e.userId === userId && isLimitRefusal(e));
  for (const entry of refused) {
    await updateSale(entry.clientId, (e) =>
      isLimitRefusal(e) ? { ...e, state: 'waiting', refusal: null, lastProblem: null, leaseUntil: 0 } : e,
    );
  }
  if (refused.length > 0) {
    announceQueueChanged();
    wakeSaleSync();
  }
  return refused.length;
}
