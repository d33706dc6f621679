import {
  ErrorCode,
  type BillingInterval,
  type BillingPlans,
  type CreateSubscriptionBody,
  type CreateSubscriptionResult,
  type Invoice,
  type InvoiceStatus,
  type Subscription,
  type SubscriptionState,
} from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import { DAY, iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../lib/ids.ts';
import { forgetFreeUsage } from '../plans/index.ts';
import * as repo from './billing.repo.ts';
import {
  addInterval,
  demoProvider,
  planDescription,
  type BillingEvent,
  type PaymentProvider,
  type ProviderInvoice,
  type ProviderSubscription,
} from './provider.ts';
import { stripeProvider } from './stripe-provider.ts';

/**
 * Billing (product.md §4, §7): which provider this server uses, the caller's Subscription, plans,
 * invoices, starting, cancelling and resuming premium, and applying the provider's webhook events.
 * `users.premium` is the one flag every limit reads (modules/plans); only this service sets it, and
 * losing it never deletes anything: the limits only refuse new creates again.
 */

/** The configured provider; null when billing is not set up (or demo asked for in production). */
export function providerOf(ctx: AppContext): PaymentProvider | null {
  const billing = ctx.config.billing;
  if (billing.provider === 'demo') return ctx.config.env === 'production' ? null : demoProvider;
  if (billing.provider === 'stripe' && billing.stripeSecretKey && billing.stripeWebhookSecret) {
    cachedStripe ??= new WeakMap();
    let provider = cachedStripe.get(ctx.config);
    if (!provider) {
      provider = stripeProvider({
        secretKey: billing.stripeSecretKey,
        webhookSecret: billing.stripeWebhookSecret,
        apiUrl: billing.stripeApiUrl,
      });
      cachedStripe.set(ctx.config, provider);
    }
    return provider;
  }
  return null;
}
let cachedStripe: WeakMap<object, PaymentProvider> | undefined;

/** Whether this server runs the demo provider now (never in production). */
const demoActive = (ctx: AppContext) => providerOf(ctx)?.name === 'demo';

/** A demo subscription this server will not renew: it shows as ending at its period end. */
const lapsingDemo = (ctx: AppContext, row: repo.SubscriptionRow | undefined) =>
  row?.provider === 'demo' && !demoActive(ctx);

function requireProvider(ctx: AppContext): PaymentProvider {
  const provider = providerOf(ctx);
  if (provider) return provider;
  if (ctx.config.billing.provider === 'demo') {
    throw new AppError(
      403,
      ErrorCode.BILLING_NOT_CONFIGURED,
      'The demo payment provider cannot be used on a production server. Billing is not set up here.',
    );
  }
  throw new AppError(
    409,
    ErrorCode.BILLING_NOT_CONFIGURED,
    'Billing is not set up on this server, so premium cannot be bought here. Ask the server’s administrator.',
  );
}

const graceMs = (ctx: AppContext) => ctx.config.billing.graceDays * DAY;

/** Whether a subscription row grants premium at `now`. */
function grantsPremium(row: repo.SubscriptionRow, now: Date, grace: number): boolean {
  const ended = row.current_period_end !== null && Date.parse(row.current_period_end) <= now.getTime();
  if (row.status === 'ACTIVE') return !(ended && (row.cancel_at_period_end === 1 || row.provider === 'demo'));
  if (row.status === 'PAST_DUE') {
    return row.past_due_since !== null && Date.parse(row.past_due_since) + grace > now.getTime();
  }
  return false;
}

function blankRow(userId: string, provider: string, now: Date): repo.SubscriptionRow {
  return {
    user_id: userId,
    provider,
    customer_id: null,
    subscription_id: null,
    interval: null,
    status: 'NONE',
    current_period_end: null,
    cancel_at_period_end: 0,
    past_due_since: null,
    state_at: 0,
    updated_at: iso(now),
  };
}

/** The row with the provider's subscription state applied. */
function withState(row: repo.SubscriptionRow, state: ProviderSubscription, at: Date): repo.SubscriptionRow {
  return {
    ...row,
    subscription_id: state.subscriptionId ?? row.subscription_id,
    interval: state.interval ?? row.interval,
    status: state.status,
    current_period_end: state.currentPeriodEnd ?? row.current_period_end,
    cancel_at_period_end: state.cancelAtPeriodEnd ? 1 : 0,
    past_due_since: state.status === 'PAST_DUE' ? (row.past_due_since ?? iso(at)) : null,
  };
}

/** Saves the row and sets users.premium from it, in the caller's transaction. */
async function store(ctx: AppContext, trx: DbOrTx, row: repo.SubscriptionRow): Promise<void> {
  const now = ctx.clock.now();
  await repo.saveSubscription(trx, { ...row, updated_at: iso(now) });
  await setPremium(trx, row.user_id, grantsPremium(row, now, graceMs(ctx)));
}

/** Sets users.premium; the free-tier counters are not kept under premium, so they are dropped. */
async function setPremium(trx: DbOrTx, userId: string, premium: boolean): Promise<void> {
  await repo.setPremium(trx, userId, premium);
  await forgetFreeUsage(trx, userId);
}

function invoiceRow(userId: string, provider: PaymentProvider, invoice: ProviderInvoice): repo.NewInvoiceRow {
  return {
    id: newId(),
    user_id: userId,
    provider: provider.name,
    provider_ref: invoice.ref,
    created_at: invoice.date,
    description: invoice.description,
    amount: invoice.amount,
    currency: invoice.currency,
    status: invoice.status,
    period_start: invoice.periodStart,
    period_end: invoice.periodEnd,
    test_mode: provider.testMode ? 1 : 0,
  };
}

/**
 * Ends what has run out by now: a demo period past its end (cancelled: ended; otherwise renewed with
 * a test invoice, as a real subscription would be), and a failed renewal past its grace period
 * (premium off; the provider's own retries or deletion decide the rest). Per user, in a transaction
 * holding the row, so it cannot interleave with a webhook for the same user.
 */
async function settle(ctx: AppContext, userId: string): Promise<void> {
  // Most calls find nothing to do: a plain read first, the locking transaction only when needed.
  const seen = await repo.findSubscription(ctx.db, userId);
  if (!seen || !mayHaveLapsed(ctx, seen, await repo.premiumOf(ctx.db, userId), ctx.clock.now())) return;
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findSubscription(trx, userId, ctx.dbKind);
    if (!row) return;
    const now = ctx.clock.now();
    let next = row;
    const periodOver = row.current_period_end !== null && Date.parse(row.current_period_end) <= now.getTime();
    if (row.provider === 'demo' && row.status === 'ACTIVE' && periodOver) {
      // Only a server running the demo provider renews a demo subscription: one made on a test
      // instance whose database now serves production (or billing with Stripe) ends at its period end.
      if (row.cancel_at_period_end === 1 || !row.interval || !demoActive(ctx)) {
        next = { ...row, status: 'CANCELED', cancel_at_period_end: 0 };
      } else {
        const interval = row.interval as BillingInterval;
        let start = new Date(row.current_period_end as string);
        // At most two years of missed renewals are recorded; a server off for longer is not billed for it.
        for (let i = 0; i < 24 && start.getTime() <= now.getTime(); i++) {
          const end = addInterval(start, interval);
          await repo.upsertInvoice(
            trx,
            invoiceRow(userId, demoProvider, {
              ref: null,
              date: iso(start),
              description: `${planDescription(interval)}: test payment`,
              amount: ctx.config.billing.prices[interval === 'MONTH' ? 'month' : 'year'],
              currency: ctx.config.billing.currency,
              status: 'PAID',
              periodStart: iso(start),
              periodEnd: iso(end),
            }),
          );
          start = end;
        }
        if (start.getTime() <= now.getTime()) start = addInterval(now, interval);
        next = { ...row, current_period_end: iso(start) };
      }
    }
    const wanted = grantsPremium(next, now, graceMs(ctx));
    if (next !== row) await store(ctx, trx, next);
    else if ((await repo.premiumOf(trx, userId)) !== wanted) await setPremium(trx, userId, wanted);
  });
}

/** Whether settling would change something (the same cases as repo.lapsingUsers). */
function mayHaveLapsed(ctx: AppContext, row: repo.SubscriptionRow, premium: boolean, now: Date): boolean {
  if (row.status === 'PAST_DUE') return premium && !grantsPremium(row, now, graceMs(ctx));
  const periodOver = row.current_period_end !== null && Date.parse(row.current_period_end) <= now.getTime();
  return (
    row.status === 'ACTIVE' && periodOver && (row.provider === 'demo' || (row.cancel_at_period_end === 1 && premium))
  );
}

/** Settles every subscription that may have run out (a timer in app.ts calls this). */
export async function settleLapsed(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  for (const userId of await repo.lapsingUsers(ctx.db, iso(now), iso(new Date(now.getTime() - graceMs(ctx))))) {
    await settle(ctx, userId);
  }
}

/** Brings the caller's own premium up to date before it is shown or counted. */
export const settleUser = settle;

function toView(
  ctx: AppContext,
  provider: PaymentProvider | null,
  row: repo.SubscriptionRow | undefined,
  premium: boolean,
): Subscription {
  const status = (row?.status ?? (premium ? 'ACTIVE' : 'NONE')) as SubscriptionState;
  return {
    plan: premium ? 'PREMIUM' : 'FREE',
    interval: (row?.interval ?? null) as BillingInterval | null,
    status,
    currentPeriodEnd: row?.current_period_end ?? null,
    cancelAtPeriodEnd: row?.cancel_at_period_end === 1 || (holdsPremium(row) && lapsingDemo(ctx, row)),
    graceUntil:
      status === 'PAST_DUE' && row?.past_due_since
        ? new Date(Date.parse(row.past_due_since) + graceMs(ctx)).toISOString()
        : null,
    provider: provider?.name ?? null,
    testMode: provider?.testMode ?? false,
  };
}

/** `GET /subscription`: the caller's Subscription (product.md §4). */
export async function getSubscription(ctx: AppContext, userId: string): Promise<Subscription> {
  await settle(ctx, userId);
  const [row, premium] = await Promise.all([repo.findSubscription(ctx.db, userId), repo.premiumOf(ctx.db, userId)]);
  return toView(ctx, providerOf(ctx), row, premium);
}

/** `GET /subscription/plans`: premium's prices from the configuration, and whether billing works here. */
export function plans(ctx: AppContext): BillingPlans {
  const provider = providerOf(ctx);
  const { currency, prices } = ctx.config.billing;
  return {
    provider: provider?.name ?? null,
    testMode: provider?.testMode ?? false,
    plans: [
      { plan: 'PREMIUM', interval: 'MONTH', amount: prices.month, currency },
      { plan: 'PREMIUM', interval: 'YEAR', amount: prices.year, currency },
    ],
  };
}

/** How many invoices the history shows (years of monthly invoices). */
const HISTORY_LIMIT = 120;

/** `GET /subscription/billing-history`: the caller's own invoices, newest first. */
export async function billingHistory(ctx: AppContext, userId: string): Promise<Invoice[]> {
  const rows = await repo.invoicesOf(ctx.db, userId, HISTORY_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    date: r.created_at,
    description: r.description,
    amount: Number(r.amount),
    currency: r.currency,
    status: r.status as InvoiceStatus,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    testMode: r.test_mode === 1,
  }));
}

const holdsPremium = (row: repo.SubscriptionRow | undefined) =>
  row !== undefined && (row.status === 'ACTIVE' || row.status === 'PAST_DUE');

/** `POST /subscription/create`: a checkout to open (Stripe) or premium at once (demo). */
export async function createSubscription(
  ctx: AppContext,
  userId: string,
  body: CreateSubscriptionBody,
): Promise<CreateSubscriptionResult> {
  const provider = requireProvider(ctx);
  await settle(ctx, userId);
  const current = await repo.findSubscription(ctx.db, userId);
  // A test subscription this server will not renew does not stand in the way of a real one.
  if (holdsPremium(current) && !lapsingDemo(ctx, current)) throw alreadySubscribed(current!);
  const user = await repo.checkoutUser(ctx.db, userId);
  if (!user) throw new AppError(401, ErrorCode.UNAUTHORIZED, 'Please log in to continue.');
  const base = user.store_url ? `${ctx.config.appUrl}/${user.store_url}` : ctx.config.appUrl;
  const now = ctx.clock.now();
  const started = await provider.start({
    userId,
    email: user.email,
    customerId: current?.provider === provider.name ? current.customer_id : null,
    interval: body.interval,
    amount: ctx.config.billing.prices[body.interval === 'MONTH' ? 'month' : 'year'],
    currency: ctx.config.billing.currency,
    successUrl: `${base}/profile/subscription/return?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}/profile/subscription/pricing`,
    now,
  });

  return ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.findSubscription(trx, userId, ctx.dbKind);
    // A row of another provider is replaced whole: its customer id means nothing to this one.
    const row = locked && locked.provider === provider.name ? locked : blankRow(userId, provider.name, now);
    if (started.kind === 'checkout') {
      // Premium comes with the webhook; until then only the customer is remembered, so the
      // webhook finds this user and a second try reuses the customer.
      await repo.saveSubscription(trx, { ...row, customer_id: started.customerId, updated_at: iso(now) });
      return { checkoutUrl: started.checkoutUrl };
    }
    // Two demo creates at once: the second finds the first's premium here and adds nothing.
    if (holdsPremium(locked)) throw alreadySubscribed(locked!);
    const next = { ...withState(row, started.subscription, now), state_at: Math.max(row.state_at, now.getTime()) };
    await store(ctx, trx, next);
    await repo.upsertInvoice(trx, invoiceRow(userId, provider, started.invoice));
    return toView(ctx, provider, next, true);
  });
}

function alreadySubscribed(row: repo.SubscriptionRow): AppError {
  return new AppError(
    409,
    ErrorCode.CONFLICT,
    row.cancel_at_period_end === 1
      ? 'Your premium is set to end at the end of this period. Resume it instead of subscribing again.'
      : 'You already have premium.',
  );
}

/** `POST /subscription/cancel` (cancel = true, at period end) and `/resume` (undo that, until then). */
export async function setCancelAtPeriodEnd(ctx: AppContext, userId: string, cancel: boolean): Promise<Subscription> {
  await settle(ctx, userId);
  const demo = await repo.findSubscription(ctx.db, userId);
  if (demo && holdsPremium(demo) && lapsingDemo(ctx, demo)) {
    // A test subscription from when this server ran the demo provider: it already ends at its period
    // end, which is what cancelling asks; it cannot be resumed without the demo provider.
    if (!cancel) {
      throw new AppError(
        409,
        ErrorCode.CONFLICT,
        'This is a test subscription, which ends at the end of its period on this server. Subscribe again to keep premium.',
      );
    }
    return toView(ctx, providerOf(ctx), demo, await repo.premiumOf(ctx.db, userId));
  }
  const provider = requireProvider(ctx);
  const current = await repo.findSubscription(ctx.db, userId);
  if (!current || !holdsPremium(current) || current.provider !== provider.name) {
    throw new AppError(
      409,
      ErrorCode.CONFLICT,
      cancel ? 'You have no premium subscription to cancel.' : 'You have no premium subscription to resume.',
    );
  }
  if ((current.cancel_at_period_end === 1) === cancel) {
    return toView(ctx, provider, current, await repo.premiumOf(ctx.db, userId));
  }
  const state = await provider.setCancelAtPeriodEnd(
    {
      subscriptionId: current.subscription_id,
      interval: current.interval as BillingInterval | null,
      currentPeriodEnd: current.current_period_end,
      status: current.status as SubscriptionState,
    },
    cancel,
  );
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const row = (await repo.findSubscription(trx, userId, ctx.dbKind)) ?? current;
    const next = { ...withState(row, state, now), state_at: Math.max(row.state_at, now.getTime()) };
    await store(ctx, trx, next);
    return toView(ctx, provider, next, grantsPremium(next, now, graceMs(ctx)));
  });
}

/**
 * Before an account is closed: its paid subscription is ended at the provider at once, so nobody is
 * billed for an account that no longer exists. Throws (and the account stays) when the provider
 * cannot be reached; the account's billing rows go with the user (account-deletion.repo).
 */
export async function endBillingOf(ctx: AppContext, userId: string): Promise<void> {
  const row = await repo.findSubscription(ctx.db, userId);
  if (!row?.subscription_id || row.status === 'CANCELED' || row.status === 'NONE') return;
  const provider = providerOf(ctx);
  if (!provider || provider.name !== row.provider) {
    ctx.log.warn({ userId, provider: row.provider }, 'closing an account whose subscription this server cannot end');
    return;
  }
  await providerCall(() => provider.cancelNow(row.subscription_id as string));
}

/**
 * The payment provider failing or unreachable is not our bug but theirs: a 502 in the error shape
 * that says to try again, instead of an internal error. Our own errors pass through.
 */
export async function providerCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const type = (error as { type?: unknown }).type;
    if (typeof type === 'string' && type.startsWith('Stripe')) {
      throw new AppError(
        502,
        ErrorCode.PAYMENT_PROVIDER_ERROR,
        'The payment service did not answer as expected. Nothing was charged; please try again in a moment.',
      );
    }
    throw error;
  }
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'unmatched';

/**
 * `GET /subscription/checkout/{sessionId}`, for the page Stripe returns to: reads the Checkout
 * Session from the provider and, when it is the caller's and paid, applies it as its
 * checkout.session.completed webhook would (Stripe's advice: fulfil from the return page too, so a
 * slow or missing webhook does not leave a paying user waiting). Dated at the session's creation, it
 * never overwrites newer state. Answers the caller's Subscription.
 */
export async function syncCheckout(ctx: AppContext, userId: string, sessionId: string): Promise<Subscription> {
  const provider = requireProvider(ctx);
  if (provider.checkoutResult) {
    const row = await repo.findSubscription(ctx.db, userId);
    const result = await provider.checkoutResult(sessionId);
    const mine =
      result !== null &&
      (result.userId === userId || (row?.customer_id != null && result.customerId === row.customer_id));
    if (!mine) throw new AppError(404, ErrorCode.NOT_FOUND, 'We could not find this checkout.');
    if (result.event) await applyOnce(ctx, provider, { ...result.event, userId }, false);
  }
  return getSubscription(ctx, userId);
}

/** `POST /api/public/subscription/webhook`: verifies, then applies the event once. */
export async function receiveWebhook(
  ctx: AppContext,
  raw: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const provider = providerOf(ctx);
  if (!provider?.readWebhook) {
    throw new AppError(
      409,
      ErrorCode.BILLING_NOT_CONFIGURED,
      'No payment provider with webhooks is set up on this server.',
    );
  }
  const event = provider.readWebhook(raw, signature);
  return applyEvent(ctx, provider, event);
}

/**
 * Applies one verified event in one transaction with the claim of its id, so a replayed or
 * duplicated delivery applies once and a failed apply leaves no claim (the provider retries). The
 * subscription state only moves forward: an event older than the state already stored is recorded
 * (its invoice still lands) but does not change the state, and a deleted subscription stays
 * cancelled whatever late update of it arrives.
 */
export async function applyEvent(
  ctx: AppContext,
  provider: PaymentProvider,
  event: BillingEvent,
): Promise<WebhookOutcome> {
  return applyOnce(ctx, provider, event, true);
}

/** applyEvent's work; `claim` false for a state read from the provider itself (no event id to claim). */
async function applyOnce(
  ctx: AppContext,
  provider: PaymentProvider,
  event: BillingEvent,
  claim: boolean,
): Promise<WebhookOutcome> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    if (
      claim &&
      !(await repo.claimEvent(trx, { id: event.id, provider: provider.name, type: event.type, receivedAt: iso(now) }))
    ) {
      return 'duplicate';
    }
    if (event.effect.kind === 'ignored') return 'applied';
    const byCustomer = event.customerId
      ? await repo.findSubscriptionByCustomer(trx, provider.name, event.customerId)
      : undefined;
    const userId =
      byCustomer?.user_id ?? (event.userId && (await repo.userExists(trx, event.userId)) ? event.userId : null);
    if (!userId) {
      ctx.log.warn({ eventId: event.id, type: event.type }, 'billing event for no known user');
      return 'unmatched';
    }
    const locked = await repo.findSubscription(trx, userId, ctx.dbKind);
    const row: repo.SubscriptionRow =
      locked && locked.provider === provider.name
        ? { ...locked, customer_id: locked.customer_id ?? event.customerId }
        : { ...blankRow(userId, provider.name, now), customer_id: event.customerId };
    const at = new Date(event.createdMs);
    const effect = event.effect;

    if (effect.kind === 'invoice') {
      const existing = effect.invoice.ref
        ? await repo.invoiceStatus(trx, provider.name, effect.invoice.ref)
        : undefined;
      // A late failure of an invoice already paid does not make it unpaid again.
      if (!(existing === 'PAID' && !effect.paid)) {
        await repo.upsertInvoice(trx, invoiceRow(userId, provider, effect.invoice));
      }
    }

    const subscriptionId =
      effect.kind === 'subscription'
        ? effect.subscription.subscriptionId
        : effect.kind === 'invoice' || effect.kind === 'checkout-completed'
          ? effect.subscriptionId
          : null;
    // Stripe's clock ticks in seconds, so events of one second can arrive in any order: besides the
    // timestamps, a subscription that is active never goes back to `incomplete` (that state exists
    // only before its first payment), so such an update of the same subscription is a late one.
    const older =
      event.createdMs < row.state_at ||
      (effect.kind === 'subscription' &&
        effect.subscription.status === 'NONE' &&
        row.status === 'ACTIVE' &&
        row.subscription_id === subscriptionId);
    const endedAlready = row.status === 'CANCELED' && subscriptionId !== null && row.subscription_id === subscriptionId;
    // An invoice of some other (older) subscription says nothing about the current one.
    const otherSubscription =
      effect.kind === 'invoice' &&
      subscriptionId !== null &&
      row.subscription_id !== null &&
      row.subscription_id !== subscriptionId;
    if (older || (endedAlready && !(effect.kind === 'subscription' && effect.deleted)) || otherSubscription) {
      if (!locked || locked.customer_id !== row.customer_id)
        await repo.saveSubscription(trx, { ...row, updated_at: iso(now) });
      return 'applied';
    }

    let next: repo.SubscriptionRow;
    switch (effect.kind) {
      case 'checkout-completed':
        next = withState(
          row,
          {
            subscriptionId: effect.subscriptionId,
            status: 'ACTIVE',
            interval: effect.interval,
            currentPeriodEnd: null,
            cancelAtPeriodEnd: false,
          },
          at,
        );
        break;
      case 'invoice':
        next = effect.paid
          ? {
              ...row,
              subscription_id: subscriptionId ?? row.subscription_id,
              status: 'ACTIVE',
              past_due_since: null,
              current_period_end: effect.invoice.periodEnd ?? row.current_period_end,
            }
          : {
              ...row,
              subscription_id: subscriptionId ?? row.subscription_id,
              status: 'PAST_DUE',
              past_due_since: row.past_due_since ?? iso(at),
            };
        break;
      case 'subscription':
        next = withState(row, effect.subscription, at);
        break;
    }
    await store(ctx, trx, { ...next, state_at: Math.max(row.state_at, event.createdMs) });
    return 'applied';
  });
}
