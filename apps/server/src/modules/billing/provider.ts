import type { BillingInterval, BillingProvider, InvoiceStatus, SubscriptionState } from '@shopdesk/shared';

/**
 * One payment provider behind the billing service (product.md §7). The service owns the database
 * and the premium flag; a provider only talks to the payment system and translates its objects
 * into these plain shapes, so Stripe's types stop at its adapter.
 */
export interface PaymentProvider {
  readonly name: BillingProvider;
  /** Nothing is charged (the demo provider): the UI says TEST MODE. */
  readonly testMode: boolean;
  /** Starts premium: a checkout to open (Stripe), or premium at once (demo). */
  start(input: StartInput): Promise<StartResult>;
  /** Sets or clears cancel-at-period-end on the provider's subscription; answers its new state. */
  setCancelAtPeriodEnd(current: CurrentSubscription, cancel: boolean): Promise<ProviderSubscription>;
  /**
   * A checkout session as the provider has it now: whose it is, and (when paid) the event its
   * completion amounts to. Null when the provider does not know it. Absent without checkouts (demo).
   */
  checkoutResult?(sessionId: string): Promise<CheckoutResult | null>;
  /** Ends the provider's subscription at once, without a refund (the account is being closed). */
  cancelNow(subscriptionId: string): Promise<void>;
  /**
   * Verifies a webhook's signature over its raw bytes and reads it; throws InvalidSignature. Absent
   * when the provider has no webhooks (demo).
   */
  readWebhook?(raw: Buffer, signature: string | undefined): BillingEvent;
}

export interface CheckoutResult {
  userId: string | null;
  customerId: string | null;
  /** The completion, when the session is complete and paid; null while it is still open. */
  event: BillingEvent | null;
}

export class InvalidSignature extends Error {}
/** Correctly signed, but not an event this server can read. */
export class InvalidEvent extends Error {}

export interface StartInput {
  userId: string;
  email: string;
  /** The customer this user already has with the provider, if any. */
  customerId: string | null;
  interval: BillingInterval;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** Where the provider sends the user back ({CHECKOUT_SESSION_ID} is filled in by Stripe). */
  successUrl: string;
  cancelUrl: string;
  now: Date;
}

export type StartResult =
  | { kind: 'checkout'; checkoutUrl: string; customerId: string }
  | { kind: 'active'; subscription: ProviderSubscription; invoice: ProviderInvoice };

export interface CurrentSubscription {
  subscriptionId: string | null;
  interval: BillingInterval | null;
  currentPeriodEnd: string | null;
  status: SubscriptionState;
}

/** A subscription as the provider reports it; timestamps are ISO text. */
export interface ProviderSubscription {
  subscriptionId: string | null;
  status: SubscriptionState;
  interval: BillingInterval | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export interface ProviderInvoice {
  /** The provider's invoice id (null: none, e.g. demo: a fresh row each time). */
  ref: string | null;
  date: string;
  description: string;
  amount: number;
  currency: string;
  status: InvoiceStatus;
  periodStart: string | null;
  periodEnd: string | null;
}

/** A verified webhook event, reduced to what the service acts on. */
export interface BillingEvent {
  id: string;
  type: string;
  /** When the provider created the event (epoch ms): late events older than the stored state are not applied to it. */
  createdMs: number;
  customerId: string | null;
  /** The user the checkout was made for (client_reference_id / metadata), when the event says. */
  userId: string | null;
  effect: BillingEffect;
}

export type BillingEffect =
  | { kind: 'checkout-completed'; subscriptionId: string | null; interval: BillingInterval | null }
  | { kind: 'invoice'; paid: boolean; invoice: ProviderInvoice; subscriptionId: string | null }
  | { kind: 'subscription'; subscription: ProviderSubscription; deleted: boolean }
  | { kind: 'ignored' };

const addInterval = (from: Date, interval: BillingInterval): Date => {
  const next = new Date(from.getTime());
  if (interval === 'MONTH') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
};
export { addInterval };

export const planDescription = (interval: BillingInterval) =>
  interval === 'MONTH' ? 'ShopDesk Premium (monthly)' : 'ShopDesk Premium (yearly)';

/**
 * The demo provider: premium at once with a paid invoice marked as a test, so the whole flow can be
 * seen without a payment account. Never in production (config.ts refuses it, and so does the
 * service, in case a configuration is built some other way).
 */
export const demoProvider: PaymentProvider = {
  name: 'demo',
  testMode: true,
  async start(input) {
    const end = addInterval(input.now, input.interval);
    return {
      kind: 'active',
      subscription: {
        subscriptionId: null,
        status: 'ACTIVE',
        interval: input.interval,
        currentPeriodEnd: end.toISOString(),
        cancelAtPeriodEnd: false,
      },
      invoice: {
        ref: null,
        date: input.now.toISOString(),
        description: `${planDescription(input.interval)}: test payment`,
        amount: input.amount,
        currency: input.currency,
        status: 'PAID',
        periodStart: input.now.toISOString(),
        periodEnd: end.toISOString(),
      },
    };
  },
  async setCancelAtPeriodEnd(current, cancel) {
    return { ...current, cancelAtPeriodEnd: cancel };
  },
  async cancelNow() {},
};
