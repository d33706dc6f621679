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
  /** Members besides the owner across the user's stores, open invitations included (null: premium). */
  freeMemberLimit: z.number().int().nullable().optional(),
  memberCount: z.number().int().optional(),
  freeLimitHasReached: z.boolean(),
  betaExpiry: z.string().optional(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/* ---------------------------------------------------------------------------------------------
 * Billing (product.md §4, §6, §7): the Subscription, the plans with their prices, the billing
 * history, and the bodies and answers of /api/secure/subscription/*.
 * ------------------------------------------------------------------------------------------- */

export const PlanNameSchema = z.enum(['FREE', 'PREMIUM']);
export type PlanName = z.infer<typeof PlanNameSchema>;

export const BillingIntervalSchema = z.enum(['MONTH', 'YEAR']);
export type BillingInterval = z.infer<typeof BillingIntervalSchema>;

/**
 * ACTIVE: paid up (also while cancelAtPeriodEnd, until currentPeriodEnd). PAST_DUE: a renewal
 * failed; premium stays until `graceUntil`. CANCELED: ended. NONE: never subscribed.
 */
export const SubscriptionStateSchema = z.enum(['ACTIVE', 'CANCELED', 'PAST_DUE', 'NONE']);
export type SubscriptionState = z.infer<typeof SubscriptionStateSchema>;

/** Which payment provider this server uses; null when billing is not set up on this server. */
export const BillingProviderSchema = z.enum(['stripe', 'demo']);
export type BillingProvider = z.infer<typeof BillingProviderSchema>;

/** Dates in billing answers are ISO 8601 timestamps (UTC). */
const isoTimestamp = z.string();

export const SubscriptionSchema = z.object({
  plan: PlanNameSchema,
  interval: BillingIntervalSchema.nullable(),
  status: SubscriptionStateSchema,
  /** When the paid period ends (renewal date, or the end date when cancelAtPeriodEnd). */
  currentPeriodEnd: isoTimestamp.nullable(),
  /** Cancelled at period end: premium until currentPeriodEnd, reversible with /resume until then. */
  cancelAtPeriodEnd: z.boolean(),
  /** PAST_DUE only: premium is kept until this moment, then the free limits come back. */
  graceUntil: isoTimestamp.nullable(),
  /** The server's payment provider; null = billing is not set up on this server. */
  provider: BillingProviderSchema.nullable(),
  /** True with the demo provider (nothing is charged): the UI shows TEST MODE. */
  testMode: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** One price of premium. `amount` is in minor units of `currency` (e.g. 980 JPY, 499 = 4.99 USD). */
export const PlanPriceSchema = z.object({
  plan: z.literal('PREMIUM'),
  interval: BillingIntervalSchema,
  amount: z.number().int().nonnegative(),
  currency: z.string().length(3),
});
export type PlanPrice = z.infer<typeof PlanPriceSchema>;

/** GET /subscription/plans: the prices from the server's configuration, and whether billing works. */
export const BillingPlansSchema = z.object({
  provider: BillingProviderSchema.nullable(),
  testMode: z.boolean(),
  /** Monthly first, then yearly. */
  plans: z.array(PlanPriceSchema),
});
export type BillingPlans = z.infer<typeof BillingPlansSchema>;

export const InvoiceStatusSchema = z.enum(['PAID', 'OPEN', 'VOID']);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;

/** One line of the billing history (the caller's own invoices only). */
export const InvoiceSchema = z.object({
  id: z.string(),
  date: isoTimestamp,
  description: z.string(),
  /** Minor units of `currency`. */
  amount: z.number().int(),
  currency: z.string().length(3),
  status: InvoiceStatusSchema,
  periodStart: isoTimestamp.nullable(),
  periodEnd: isoTimestamp.nullable(),
  /** Recorded by the demo provider: nothing was charged. */
  testMode: z.boolean(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** GET /subscription/billing-history, newest first. */
export const BillingHistorySchema = z.array(InvoiceSchema);
export type BillingHistory = z.infer<typeof BillingHistorySchema>;

/** POST /subscription/create. */
export const CreateSubscriptionBodySchema = z
  .object({
    plan: z.literal('PREMIUM'),
    interval: BillingIntervalSchema,
  })
  .strict();
export type CreateSubscriptionBody = z.infer<typeof CreateSubscriptionBodySchema>;

/** Stripe: open `checkoutUrl`; Stripe sends the user back to /{store}/profile/subscription/return. */
export const CheckoutStartedSchema = z.object({ checkoutUrl: z.string() });
export type CheckoutStarted = z.infer<typeof CheckoutStartedSchema>;

/** POST /subscription/create answers `{checkoutUrl}` (Stripe) or the active Subscription (demo). */
export const CreateSubscriptionResultSchema = z.union([CheckoutStartedSchema, SubscriptionSchema]);
export type CreateSubscriptionResult = z.infer<typeof CreateSubscriptionResultSchema>;

export const isCheckoutStarted = (r: CreateSubscriptionResult): r is CheckoutStarted => 'checkoutUrl' in r;

/** POST /subscription/cancel and /resume (no body) answer the updated Subscription. */
export const CancelSubscriptionResultSchema = SubscriptionSchema;
export type CancelSubscriptionResult = z.infer<typeof CancelSubscriptionResultSchema>;
