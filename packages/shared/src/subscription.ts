import { z } from 'zod';

/**
 * Free-tier counters as the server reports them and the session keeps them: exactly the fields and
 * defaults of original.md §3. A limit is null when it does not apply (premium, or not set).
 */
export const SubscriptionStatusSchema = z.object({
  freeProductLimit: z.number().int().nullable(),
  freeCargoLimit: z.number().int().nullable(),
  freeTransactionLimit: z.number().int().nullable(),
  productCount: z.number().int(),
  cargoCount: z.number().int(),
  shopTransactionCount: z.number().int(),
  freeLimitHasReached: z.boolean(),
  betaExpiry: z.string().optional(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** The defaults of original.md §3, before the server has answered. */
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
