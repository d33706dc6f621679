import { spreadByLargestRemainder } from './sale-pricing.ts';
import type { LoyaltySettings } from './customers.ts';

/**
 * Points arithmetic (product.md §5 "Customers and points"), the same on the counter (what the cart
 * shows before the server answers) and on the server (what it stores). Integers only.
 */

/** Points a sale earns: `earnRate` basis points of what was paid (after discounts and points), rounded down. */
export function pointsEarned(amountPaid: number, earnRate: number): number {
  if (amountPaid <= 0 || earnRate <= 0) return 0;
  return Number((BigInt(amountPaid) * BigInt(earnRate)) / 10_000n);
}

/** The discount `points` make, in minor units. */
export function pointsDiscountOf(points: number, settings: Pick<LoyaltySettings, 'pointValue'>): number {
  return points * settings.pointValue;
}

/**
 * The most points this cart can use: the balance (never below zero), the points the amount due
 * after the other discounts can take (a sale is never below zero); 0 under the minimum.
 */
export function maxRedeemable(
  balance: number,
  dueBeforePoints: number,
  settings: Pick<LoyaltySettings, 'pointValue' | 'minRedeem'>,
): number {
  const most = Math.min(Math.max(balance, 0), Math.floor(Math.max(dueBeforePoints, 0) / settings.pointValue));
  return most < settings.minRedeem ? 0 : most;
}

/** Why a redemption is refused, or null: below the minimum, more than the balance, more than the cart. */
export function redeemRefusal(
  points: number,
  balance: number | null,
  dueBeforePoints: number,
  settings: Pick<LoyaltySettings, 'pointValue' | 'minRedeem' | 'enabled'>,
): 'DISABLED' | 'BELOW_MINIMUM' | 'OVER_BALANCE' | 'OVER_TOTAL' | null {
  if (points <= 0) return null;
  if (!settings.enabled) return 'DISABLED';
  if (points < settings.minRedeem) return 'BELOW_MINIMUM';
  if (points * settings.pointValue > dueBeforePoints) return 'OVER_TOTAL';
  if (balance !== null && points > balance) return 'OVER_BALANCE';
  return null;
}

/**
 * A sale's points per line, for refunds: the points earned spread by what each line paid, the
 * points used spread by each line's share of the points discount (largest remainder, exact sums).
 */
export function pointsPerLine(
  earned: number,
  redeemed: number,
  lineTotals: readonly number[],
  linePointsDiscounts: readonly number[],
): { earned: number[]; used: number[] } {
  return {
    earned: spreadByLargestRemainder(earned, lineTotals),
    used: spreadByLargestRemainder(redeemed, linePointsDiscounts),
  };
}
