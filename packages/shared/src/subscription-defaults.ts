// No zod here: the web app's session starts from these (see error-codes.ts); the type is erased.
import type { SubscriptionStatus } from './subscription.ts';

/**
 * The defaults of original.md §3, before the server has answered: exactly its fields. The member
 * limit and count (optional) come only with the server's answer; until then screens read none.
 */
export const defaultSubscriptionStatus = (): SubscriptionStatus => ({
  freeProductLimit: null,
  freeCargoLimit: null,
  freeTransactionLimit: null,
  productCount: 0,
  cargoCount: 0,
  shopTransactionCount: 0,
  freeLimitHasReached: false,
  betaExpiry: undefined,
});
