import type { LoyaltySettings } from '@shopdesk/shared';
import type { StoreRow } from '../../db/types.ts';

/** A store's loyalty programme as its row keeps it (off by default). */
export function loyaltyOf(store: StoreRow): LoyaltySettings {
  return {
    enabled: Number(store.loyalty_enabled) === 1,
    earnRate: Number(store.loyalty_earn_rate),
    pointValue: Math.max(Number(store.loyalty_point_value), 1),
    minRedeem: Number(store.loyalty_min_redeem),
    expiryMonths: store.loyalty_expiry_months === null ? null : Number(store.loyalty_expiry_months),
  };
}
