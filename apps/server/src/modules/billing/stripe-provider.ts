import Stripe from 'stripe';
import type { BillingInterval, SubscriptionState } from '@shopdesk/shared';
import {
  InvalidEvent,
  InvalidSignature,
  planDescription,
  type BillingEffect,
  type BillingEvent,
  type PaymentProvider,
  type ProviderInvoice,
  type ProviderSubscription,
} from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (stripe-mock, a test double); Stripe's own when unset. */
  apiUrl?: string;
}

/** The SDK's client: Stripe's own API, or the configured address (host, port and protocol options). */
export function stripeClient(settings: StripeSettings): Stripe {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    // A checkout or a cancel waits on Stripe while the user waits on us: fail within seconds, not 80.
    timeout: 15_000,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'http:' ? 80 : 443),
          protocol: target.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** An id field that Stripe sends as the id, or as the expanded object. */
const idOf = (v: unknown): string | null => str(v) ?? str(obj(v).id);
/** Seconds since the epoch as ISO text; null for anything that is not a plausible date. */
const isoFromSeconds = (v: unknown): string | null => {
  const n = num(v);
  if (n === null || n < 0 || n > 253402300799) return null;
  return new Date(n * 1000).toISOString();
};
/** Minor units as Stripe sends them; anything else (never from Stripe) counts as 0 rather than failing the event. */
const minorUnits = (v: unknown): number | null => {
  const n = num(v);
  return n !== null && Number.isSafeInteger(n) ? n : null;
};

function intervalOf(v: unknown): BillingInterval | null {
  if (v === 'month' || v === 'MONTH') return 'MONTH';
  if (v === 'year' || v === 'YEAR') return 'YEAR';
  return null;
}

/** Stripe's subscription statuses in the four the UI knows. */
function stateOf(status: unknown): SubscriptionState {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'ACTIVE';
    case 'past_due':
    case 'unpaid':
      return 'PAST_DUE';
    case 'canceled':
    case 'incomplete_expired':
      return 'CANCELED';
    default:
      // incomplete, paused: not paid for, nothing to show as premium.
      return 'NONE';
  }
}

/**
 * A Stripe Subscription. Since API 2025-03 the period lives on each item, before on the
 * subscription itself: both are read, so an endpoint pinned to either version works.
 */
function toSubscription(raw: unknown): ProviderSubscription {
  const sub = obj(raw);
  const item = obj((obj(sub.items).data as unknown[] | undefined)?.[0]);
  const price = obj(item.price);
  return {
    subscriptionId: str(sub.id),
    status: stateOf(sub.status),
    interval: intervalOf(obj(price.recurring).interval ?? obj(sub.plan).interval ?? obj(sub.metadata).interval),
    currentPeriodEnd: isoFromSeconds(item.current_period_end ?? sub.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end === true || num(sub.cancel_at) !== null,
  };
}

/** A Stripe Invoice; its subscription is under `parent` since API 2025-03, at the top before. */
function toInvoice(raw: unknown, paid: boolean): { invoice: ProviderInvoice; subscriptionId: string | null } {
  const inv = obj(raw);
  const line = obj((obj(inv.lines).data as unknown[] | undefined)?.[0]);
  const period = obj(line.period);
  const amount = minorUnits(paid ? inv.amount_paid : inv.amount_due) ?? minorUnits(inv.total) ?? 0;
  const currency = str(inv.currency);
  return {
    invoice: {
      ref: str(inv.id),
      date: isoFromSeconds(inv.created) ?? new Date().toISOString(),
      description: (str(line.description) ?? str(inv.description) ?? 'ShopDesk Premium').slice(0, 500),
      amount,
      currency: currency && /^[a-z]{3}$/i.test(currency) ? currency.toUpperCase() : 'XXX',
      status: paid ? 'PAID' : inv.status === 'void' ? 'VOID' : 'OPEN',
      periodStart: isoFromSeconds(period.start ?? inv.period_start),
      periodEnd: isoFromSeconds(period.end ?? inv.period_end),
    },
    subscriptionId: idOf(obj(obj(inv.parent).subscription_details).subscription) ?? idOf(inv.subscription),
  };
}

function effectOf(type: string, object: unknown): BillingEffect {
  const o = obj(object);
  switch (type) {
    case 'checkout.session.completed':
      if (o.mode !== 'subscription') return { kind: 'ignored' };
      return {
        kind: 'checkout-completed',
        subscriptionId: idOf(o.subscription),
        interval: intervalOf(obj(o.metadata).interval),
      };
    case 'invoice.paid':
      return { kind: 'invoice', paid: true, ...toInvoice(o, true) };
    case 'invoice.payment_failed':
      return { kind: 'invoice', paid: false, ...toInvoice(o, false) };
    case 'customer.subscription.updated':
      return { kind: 'subscription', subscription: toSubscription(o), deleted: false };
    case 'customer.subscription.deleted':
      return {
        kind: 'subscription',
        subscription: { ...toSubscription(o), status: 'CANCELED', cancelAtPeriodEnd: false },
        deleted: true,
      };
    default:
      return { kind: 'ignored' };
  }
}

/** The Stripe adapter: Checkout Sessions to start, the Subscriptions API to cancel, signed webhooks. */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = stripeClient(settings);
  return {
    name: 'stripe',
    testMode: settings.secretKey.startsWith('sk_test_') || settings.secretKey.startsWith('rk_test_'),

    async start(input) {
      const customerId =
        input.customerId ??
        (await stripe.customers.create({ email: input.email, metadata: { userId: input.userId } })).id;
      const metadata = { userId: input.userId, interval: input.interval };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: input.userId,
        metadata,
        subscription_data: { metadata },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amount,
              recurring: { interval: input.interval === 'MONTH' ? 'month' : 'year' },
              product_data: { name: planDescription(input.interval) },
            },
          },
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { kind: 'checkout', checkoutUrl: session.url, customerId };
    },

    async setCancelAtPeriodEnd(current, cancel) {
      if (!current.subscriptionId) throw new Error('no Stripe subscription to change');
      return toSubscription(
        await stripe.subscriptions.update(current.subscriptionId, { cancel_at_period_end: cancel }),
      );
    },

    async checkoutResult(sessionId) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if ((error as { statusCode?: unknown }).statusCode === 404) return null;
        throw error;
      }
      const o = obj(session);
      const userId = str(o.client_reference_id) ?? str(obj(o.metadata).userId);
      const customerId = idOf(o.customer);
      const paid =
        o.status === 'complete' && (o.payment_status === 'paid' || o.payment_status === 'no_payment_required');
      const created = num(o.created);
      return {
        userId,
        customerId,
        event:
          paid && created !== null
            ? {
                id: `checkout:${session.id}`,
                type: 'checkout.session.completed',
                createdMs: created * 1000,
                customerId,
                userId,
                effect: effectOf('checkout.session.completed', session),
              }
            : null,
      };
    },

    async cancelNow(subscriptionId) {
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (error) {
        // Already cancelled or gone at Stripe: nothing left to stop.
        if ((error as { statusCode?: unknown }).statusCode === 404) return;
        throw error;
      }
    },

    readWebhook(raw, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(raw, signature ?? '', settings.webhookSecret);
      } catch (error) {
        // Past a good signature, only the body itself can fail to parse.
        if ((error as { type?: unknown }).type === 'StripeSignatureVerificationError') throw new InvalidSignature();
        throw new InvalidEvent();
      }
      // Signed by Stripe, but still checked: what the state's ordering and the event log rest on.
      // A JSON body of `null`, a number or a string is signed just as well as an event is.
      if (
        event === null ||
        typeof event !== 'object' ||
        typeof event.id !== 'string' ||
        typeof event.type !== 'string' ||
        isoFromSeconds(event.created) === null
      ) {
        throw new InvalidEvent();
      }
      const object = obj(event.data).object;
      const o = obj(object);
      return {
        id: event.id,
        type: event.type,
        createdMs: event.created * 1000,
        customerId: idOf(o.customer),
        userId: str(o.client_reference_id) ?? str(obj(o.metadata).userId),
        effect: effectOf(event.type, object),
      } satisfies BillingEvent;
    },
  };
}
