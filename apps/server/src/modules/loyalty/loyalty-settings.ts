import type { LoyaltySettings } from '@shopdesk/shared';
import type { StoreRow } from '../../db/types.ts';

/** A store's loyalty programme as the API shows it (the sale reads it the same way). */
export function loyaltyOf(store: StoreRow): LoyaltySettings {
  const months = store.loyalty_expiry_months;
  return {
    enabled: Number(store.loyalty_enabled ?? 0) === 1,
    earnRate: Number(store.loyalty_earn_rate ?? 100),
    pointValue: Number(store.loyalty_point_value ?? 1),
    minRedeem: Number(store.loyalty_min_redeem ?? 0),
    expiryMonths: months === null || months === undefined ? null : Number(months),
  };
}
