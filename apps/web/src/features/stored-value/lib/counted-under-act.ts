import { JAPAN_WARNING_BP, type StoredValueLiability } from '@shopdesk/shared';

/**
 * What the Payment Services Act counts of the unused balance: cards usable for 6 months or less
 * from their sale are outside it, so their share (`shortLivedTotal`) is left out before the total
 * is set against the threshold. The screen's bar and warning read this, so a store selling only
 * six-month cards is never told it is close to a duty it does not have.
 */
export function countedUnderAct(liability: StoredValueLiability): { counted: number; bp: number; warning: boolean } {
  const counted = Math.max(0, liability.total - liability.shortLivedTotal);
  const bp = liability.threshold ? Math.floor((counted * 10_000) / liability.threshold) : 0;
  return { counted, bp, warning: liability.threshold !== null && bp >= JAPAN_WARNING_BP };
}
