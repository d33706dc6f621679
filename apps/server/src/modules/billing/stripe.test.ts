import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../lib/clock.ts';
import { createUser, unique, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp, type TestApp } from '../../test/harness.ts';
import { hostileValue, toJsonText } from '../../test/hostile-values.ts';

const SECRET = 'whsec_test_billing';

interface StripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
}

/**
 * A local HTTP server that plays the part of Stripe's API for the official SDK (pointed at it with
 * the SDK's host, port and protocol options): customers, checkout sessions and subscription
 * updates, answered with objects shaped like Stripe's. Every call is recorded. `failNext` makes the
 * next calls answer a Stripe API error.
 */
async function startFakeStripe() {
  const calls: StripeCall[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Record<string, unknown>>();
  let failNext = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const call = { method: req.method ?? '', path: url.pathname, form: new URLSearchParams(body) };
      calls.push(call);
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${unique()}` });
        res.end(JSON.stringify(json));
      };
      if (failNext > 0) {
        failNext--;
        return send(400, { error: { type: 'invalid_request_error', message: 'No such price' } });
      }
      if (call.method === 'POST' && call.path === '/v1/customers') {
        return send(200, { id: `cus_${unique()}`, object: 'customer', email: call.form.get('email') });
      }
      if (call.method === 'POST' && call.path === '/v1/checkout/sessions') {
        const id = `cs_test_${unique()}`;
        const session = {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'open',
          payment_status: 'unpaid',
          created: Math.floor(Date.now() / 1000),
          customer: call.form.get('customer'),
          client_reference_id: call.form.get('client_reference_id'),
          metadata: { userId: call.form.get('metadata[userId]'), interval: call.form.get('metadata[interval]') },
          subscription: null,
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(call.path);
      if (call.method === 'GET' && session) {
        const found = sessions.get(session[1]!);
        if (!found) return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
        return send(200, found);
      }
      const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(call.path);
      if (call.method === 'POST' && sub) {
        const current = subscriptions.get(sub[1]!);
        if (!current) return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
        const next = { ...current, cancel_at_period_end: call.form.get('cancel_at_period_end') === 'true' };
        subscriptions.set(sub[1]!, next);
        return send(200, next);
      }
      if (call.method === 'DELETE' && sub) {
        const current = subscriptions.get(sub[1]!);
        if (!current) return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
        subscriptions.set(sub[1]!, { ...current, status: 'canceled' });
        return send(200, subscriptions.get(sub[1]!));
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL ${call.path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    subscriptions,
    /** The customer pays: the session completes with a new subscription. */
    completeSession: (id: string, subscription: string) =>
      sessions.set(id, { ...sessions.get(id), status: 'complete', payment_status: 'paid', subscription }),
    failCalls: (n: number) => (failNext = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const stripe = new Stripe('sk_test_signing_only');
const seconds = (ms: number) => Math.floor(ms / 1000);

/** A Stripe subscription object (API 2025+: the period on its item). */
function subscriptionObject(o: {
  id: string;
  customer: string;
  status?: string;
  cancelAtPeriodEnd?: boolean;
  periodEnd: number;
  interval?: 'month' | 'year';
}) {
  return {
    id: o.id,
    object: 'subscription',
    customer: o.customer,
    status: o.status ?? 'active',
    cancel_at_period_end: o.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${unique()}`,
          object: 'subscription_item',
          current_period_start: o.periodEnd - 30 * 86400,
          current_period_end: o.periodEnd,
          price: {
            id: 'price_inline',
            object: 'price',
            recurring: { interval: o.interval ?? 'month', interval_count: 1 },
          },
        },
      ],
    },
    metadata: {},
  };
}

function invoiceObject(o: {
  id: string;
  customer: string;
  subscription: string;
  paid: boolean;
  amount: number;
  currency: string;
  created: number;
  periodEnd: number;
}) {
  return {
    id: o.id,
    object: 'invoice',
    customer: o.customer,
    status: o.paid ? 'paid' : 'open',
    amount_paid: o.paid ? o.amount : 0,
    amount_due: o.amount,
    currency: o.currency,
    created: o.created,
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${unique()}`,
          description: '1 × ShopDesk Premium (monthly)',
          period: { start: o.periodEnd - 30 * 86400, end: o.periodEnd },
        },
      ],
    },
    parent: { type: 'subscription_details', subscription_details: { subscription: o.subscription } },
  };
}

describe.each(engines)('Stripe billing on %s', (engine) => {
  const env: Record<string, string> = {
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_shopdesk',
    STRIPE_WEBHOOK_SECRET: SECRET,
    BILLING_CURRENCY: 'JPY',
    BILLING_PRICE_MONTHLY: '980',
    BILLING_PRICE_YEARLY: '9800',
    BILLING_GRACE_DAYS: '3',
    FREE_PRODUCT_LIMIT: '1',
    SESSION_DAYS: '3650',
  };
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  // Registered before useTestApp's own hook, so the app starts with the fake's address.
  beforeAll(async () => {
    fake = await startFakeStripe();
    env.STRIPE_API_URL = fake.url;
  });
  afterAll(async () => fake?.close());
  const t = useTestApp(engine, env);

  const nowS = () => seconds(t.clock.now().getTime());
  const send = (payload: string, signature: string) =>
    t.request('POST', '/api/public/subscription/webhook', {
      raw: payload,
      // As Stripe sends it.
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });
  /** A signed event delivery, as Stripe sends it. */
  const deliver = (type: string, object: unknown, created: number, id = `evt_${unique()}`) => {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      created,
      api_version: '2026-10-28.endive',
      livemode: false,
      data: { object },
    });
    return send(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
  };
  const subscription = async (u: TestUser) =>
    (await t.request('GET', '/api/secure/subscription', { token: u.token })).body;
  const premiumOf = async (u: TestUser) =>
    Number(
      (await t.db.selectFrom('users').select('premium').where('id', '=', u.user.userId).executeTakeFirstOrThrow())
        .premium,
    );

  /** A user who went through checkout: their Stripe customer exists and the session completed. */
  async function subscribed(t: TestApp) {
    const u = await createUser(t);
    const created = await t.request('POST', '/api/secure/subscription/create', {
      token: u.token,
      body: { plan: 'PREMIUM', interval: 'MONTH' },
    });
    expect(created.status, created.text).toBe(200);
    const customer = fake.calls
      .filter((c) => c.path === '/v1/checkout/sessions')
      .at(-1)!
      .form.get('customer')!;
    const subId = `sub_${unique()}`;
    const periodEnd = nowS() + 30 * 86400;
    fake.subscriptions.set(subId, subscriptionObject({ id: subId, customer, periodEnd }));
    const done = await deliver(
      'checkout.session.completed',
      {
        id: `cs_test_${unique()}`,
        object: 'checkout.session',
        mode: 'subscription',
        customer,
        subscription: subId,
        client_reference_id: u.user.userId,
        metadata: { userId: u.user.userId, interval: 'MONTH' },
      },
      nowS(),
    );
    expect(done.status, done.text).toBe(200);
    return { u, customer, subId, periodEnd };
  }

  it('starts a Checkout Session through the SDK, with the configured price and the return page', async () => {
    const u = await createUser(t);
    const res = await t.request('POST', '/api/secure/subscription/create', {
      token: u.token,
      body: { plan: 'PREMIUM', interval: 'YEAR' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/),
    });

    const [customer, session] = fake.calls.slice(-2);
    expect(customer).toMatchObject({ method: 'POST', path: '/v1/customers' });
    expect(customer!.form.get('email')).toBe(u.email);
    expect(customer!.form.get('metadata[userId]')).toBe(u.user.userId);
    expect(session!.path).toBe('/v1/checkout/sessions');
    const form = Object.fromEntries(session!.form);
    expect(form).toMatchObject({
      mode: 'subscription',
      client_reference_id: u.user.userId,
      'line_items[0][price_data][currency]': 'jpy',
      'line_items[0][price_data][unit_amount]': '9800',
      'line_items[0][price_data][recurring][interval]': 'year',
      success_url: `http://shop.test/${u.store.urlName}/profile/subscription/return?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://shop.test/${u.store.urlName}/profile/subscription/pricing`,
    });
    // Nothing is premium before Stripe says the payment went through.
    expect(await subscription(u)).toMatchObject({ plan: 'FREE', status: 'NONE', provider: 'stripe', testMode: true });

    // A second try reuses the customer.
    await t.request('POST', '/api/secure/subscription/create', {
      token: u.token,
      body: { plan: 'PREMIUM', interval: 'MONTH' },
    });
    expect(fake.calls.at(-1)!.path).toBe('/v1/checkout/sessions');
    expect(fake.calls.at(-1)!.form.get('customer')).toBe(form.customer);
  });

  it('turns premium on with checkout.session.completed and records invoice.paid once, however often it is delivered', async () => {
    const { u, customer, subId, periodEnd } = await subscribed(t);
    expect(await premiumOf(u)).toBe(1);
    expect(await subscription(u)).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE', interval: 'MONTH' });

    const invoice = invoiceObject({
      id: `in_${unique()}`,
      customer,
      subscription: subId,
      paid: true,
      amount: 980,
      currency: 'jpy',
      created: nowS(),
      periodEnd,
    });
    const payload = JSON.stringify({
      id: `evt_${unique()}`,
      object: 'event',
      type: 'invoice.paid',
      created: nowS(),
      data: { object: invoice },
    });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const first = await send(payload, signature);
    expect(first.body).toEqual({ received: true, outcome: 'applied' });
    // Replayed, and delivered several times at once: applied once.
    const again = await Promise.all(Array.from({ length: 5 }, () => send(payload, signature)));
    expect(again.map((r) => r.body.outcome)).toEqual(Array(5).fill('duplicate'));
    // The same invoice in a second event (Stripe sends invoice.paid and others for one invoice) adds no row.
    await deliver('invoice.paid', invoice, nowS());

    const history = await t.request('GET', '/api/secure/subscription/billing-history', { token: u.token });
    expect(history.body).toEqual([
      {
        id: expect.any(String),
        date: new Date(invoice.created * 1000).toISOString(),
        description: '1 × ShopDesk Premium (monthly)',
        amount: 980,
        currency: 'JPY',
        status: 'PAID',
        periodStart: new Date((periodEnd - 30 * 86400) * 1000).toISOString(),
        periodEnd: new Date(periodEnd * 1000).toISOString(),
        testMode: true,
      },
    ]);
    expect((await subscription(u)).currentPeriodEnd).toBe(new Date(periodEnd * 1000).toISOString());
  });

  it('shows each user only their own invoices', async () => {
    const a = await subscribed(t);
    const b = await subscribed(t);
    for (const [who, amount] of [
      [a, 980],
      [b, 1960],
    ] as const) {
      await deliver(
        'invoice.paid',
        invoiceObject({
          id: `in_${unique()}`,
          customer: who.customer,
          subscription: who.subId,
          paid: true,
          amount,
          currency: 'jpy',
          created: nowS(),
          periodEnd: who.periodEnd,
        }),
        nowS(),
      );
    }
    const historyOf = async (u: TestUser) =>
      (await t.request('GET', '/api/secure/subscription/billing-history', { token: u.token })).body.map(
        (i: { amount: number }) => i.amount,
      );
    expect(await historyOf(a.u)).toEqual([980]);
    expect(await historyOf(b.u)).toEqual([1960]);
  });

  it('refuses a bad, missing or stale signature with 400 in the error shape, changing nothing', async () => {
    const { u, customer, subId, periodEnd } = await subscribed(t);
    const payload = JSON.stringify({
      id: `evt_${unique()}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      created: nowS() + 10,
      data: { object: subscriptionObject({ id: subId, customer, periodEnd, status: 'canceled' }) },
    });
    const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const stale = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: seconds(Date.now()) - 3600,
    });
    const tampered = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    for (const [body, signature] of [
      [payload, wrongSecret],
      [payload, stale],
      [payload.replace('deleted', 'updated'), tampered],
      [payload, 'garbage'],
    ] as const) {
      const res = await send(body, signature);
      expect(res.status, signature).toBe(400);
      expect(res.body).toEqual({ code: 'INVALID_SIGNATURE', message: expect.any(String) });
    }
    const missing = await t.request('POST', '/api/public/subscription/webhook', {
      raw: payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('INVALID_SIGNATURE');
    expect(await premiumOf(u)).toBe(1);
    expect(await subscription(u)).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE' });
  });

  it('ends in the newest state whatever order the events arrive in', async () => {
    const { u, customer, subId, periodEnd } = await subscribed(t);
    const base = nowS() + 100;
    const updated = (created: number, cancel: boolean) =>
      deliver(
        'customer.subscription.updated',
        subscriptionObject({ id: subId, customer, periodEnd, cancelAtPeriodEnd: cancel }),
        created,
      );
    // The newer update (cancel at period end) arrives first; the older one (not cancelled) after it.
    await updated(base + 2, true);
    await updated(base + 1, false);
    expect(await subscription(u)).toMatchObject({ plan: 'PREMIUM', cancelAtPeriodEnd: true });
    // The `incomplete` state of the subscription's creation, delivered late within the same second.
    await deliver(
      'customer.subscription.updated',
      subscriptionObject({ id: subId, customer, periodEnd, status: 'incomplete' }),
      base + 2,
    );
    expect(await subscription(u)).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE', cancelAtPeriodEnd: true });

    // The deletion arrives before an update that preceded it: the subscription stays ended.
    await deliver(
      'customer.subscription.deleted',
      subscriptionObject({ id: subId, customer, periodEnd, status: 'canceled' }),
      base + 10,
    );
    await updated(base + 5, false);
    expect(await subscription(u)).toMatchObject({ plan: 'FREE', status: 'CANCELED', cancelAtPeriodEnd: false });
    expect(await premiumOf(u)).toBe(0);

    // A failed payment older than the cancellation changes nothing either.
    await deliver(
      'invoice.payment_failed',
      invoiceObject({
        id: `in_${unique()}`,
        customer,
        subscription: subId,
        paid: false,
        amount: 980,
        currency: 'jpy',
        created: base + 3,
        periodEnd,
      }),
      base + 3,
    );
    expect(await subscription(u)).toMatchObject({ plan: 'FREE', status: 'CANCELED' });
  });

  it('keeps premium through the grace period after a failed payment, then ends it; a later payment restores it', async () => {
    const { u, customer, subId, periodEnd } = await subscribed(t);
    const failed = invoiceObject({
      id: `in_${unique()}`,
      customer,
      subscription: subId,
      paid: false,
      amount: 980,
      currency: 'jpy',
      created: nowS(),
      periodEnd: periodEnd + 30 * 86400,
    });
    await deliver('invoice.payment_failed', failed, nowS());
    const pastDue = await subscription(u);
    expect(pastDue).toMatchObject({ plan: 'PREMIUM', status: 'PAST_DUE' });
    expect(Date.parse(pastDue.graceUntil) - t.clock.now().getTime()).toBeGreaterThan(2 * DAY);
    const history = await t.request('GET', '/api/secure/subscription/billing-history', { token: u.token });
    expect(history.body[0]).toMatchObject({ status: 'OPEN', amount: 980 });

    // The product limit (1) is lifted meanwhile.
    for (let i = 0; i < 2; i++) {
      const res = await t.request('POST', '/api/secure/product', {
        token: u.token,
        body: { code: `G-${unique()}`, name: 'Grace', price: 100 },
      });
      expect(res.status).toBe(201);
    }

    t.clock.advance(3 * DAY + 60_000);
    expect(await subscription(u)).toMatchObject({ plan: 'FREE', status: 'PAST_DUE' });
    expect(await premiumOf(u)).toBe(0);
    const refused = await t.request('POST', '/api/secure/product', {
      token: u.token,
      body: { code: `G-${unique()}`, name: 'Grace', price: 100 },
    });
    expect(refused.status).toBe(402);

    // Stripe's retry succeeds: the same invoice becomes paid and premium is back.
    await deliver('invoice.paid', { ...failed, status: 'paid', amount_paid: 980 }, nowS());
    expect(await subscription(u)).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE', graceUntil: null });
    const after = await t.request('GET', '/api/secure/subscription/billing-history', { token: u.token });
    expect(after.body.filter((i: { status: string }) => i.status === 'OPEN')).toEqual([]);
  });

  it('cancels at period end and resumes through the Subscriptions API', async () => {
    const { u, subId } = await subscribed(t);
    const cancelled = await t.request('POST', '/api/secure/subscription/cancel', { token: u.token });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ plan: 'PREMIUM', cancelAtPeriodEnd: true, status: 'ACTIVE' });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${subId}` });
    expect(fake.calls.at(-1)!.form.get('cancel_at_period_end')).toBe('true');

    const resumed = await t.request('POST', '/api/secure/subscription/resume', { token: u.token });
    expect(resumed.body).toMatchObject({ plan: 'PREMIUM', cancelAtPeriodEnd: false });
    expect(fake.calls.at(-1)!.form.get('cancel_at_period_end')).toBe('false');
  });

  it('answers a failing payment service with 502 in the error shape, charging nothing', async () => {
    const u = await createUser(t);
    fake.failCalls(1);
    // Straight through fetch: the harness treats every 5xx as a bug, and this one is Stripe's.
    const res = await fetch(`${t.url}/api/secure/subscription/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'PREMIUM', interval: 'MONTH' }),
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ code: 'PAYMENT_PROVIDER_ERROR', message: expect.stringMatching(/try again/) });
    expect(await subscription(u)).toMatchObject({ plan: 'FREE' });
  });

  it('reads any correctly signed body without a 5xx: odd fields are ignored, an unreadable event is a 400', async () => {
    const { u, customer, subId } = await subscribed(t);
    const types = [
      'checkout.session.completed',
      'invoice.paid',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'customer.subscription.deleted',
      'customer.created',
    ];
    const field = fc.oneof(hostileValue, fc.constant(customer), fc.constant(subId));
    const object = fc.record(
      {
        id: field,
        customer: field,
        subscription: field,
        mode: fc.oneof(fc.constant('subscription'), hostileValue),
        status: fc.oneof(fc.constantFrom('active', 'past_due', 'canceled'), hostileValue),
        created: field,
        amount_paid: field,
        currency: field,
        items: fc.oneof(hostileValue, fc.record({ data: fc.array(fc.record({ current_period_end: field })) })),
        lines: fc.oneof(hostileValue, fc.record({ data: fc.array(fc.record({ period: fc.record({ end: field }) })) })),
        parent: fc.oneof(hostileValue, fc.record({ subscription_details: fc.record({ subscription: field }) })),
        metadata: fc.oneof(hostileValue, fc.record({ userId: field, interval: field })),
      },
      { requiredKeys: [] },
    );
    // Bodies that are no object at all, `null` among them: a 400, never a 500.
    for (const payload of ['null', '0', '"evt"', '[]', 'true']) {
      const res = await send(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
      expect(res.status, payload).toBe(400);
      expect(res.body.code, payload).toBe('BAD_REQUEST');
    }
    const event = fc.record({
      id: fc.oneof(
        fc.string({ minLength: 1 }).map((s) => `evt_${s}`),
        hostileValue,
      ),
      type: fc.oneof(fc.constantFrom(...types), hostileValue),
      created: fc.oneof(fc.integer({ min: 0, max: 2 ** 40 }), hostileValue),
      data: fc.oneof(fc.record({ object }), hostileValue),
    });
    await fc.assert(
      fc.asyncProperty(event, async (e) => {
        const payload = toJsonText(e);
        // The harness fails the property on any 5xx.
        const res = await send(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
        if (res.status !== 200) {
          expect(res.status, res.text).toBe(400);
          expect(res.body.code).toBe('BAD_REQUEST');
        }
        // Whatever was recorded for the customer still reads back in its schema.
        for (const path of ['', '/billing-history']) {
          const read = await t.request('GET', `/api/secure/subscription${path}`, { token: u.token });
          expect(read.status, read.text).toBe(200);
        }
      }),
      { seed: 20261124, numRuns: 60 },
    );
  });

  it('ends the Stripe subscription at once when the account is closed, and keeps the account when Stripe fails', async () => {
    const { u, subId } = await subscribed(t);
    fake.failCalls(1);
    const failed = await fetch(`${t.url}/api/secure/profile/delete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: u.password }),
    });
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { code: string }).code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(await premiumOf(u)).toBe(1);

    const closed = await t.request('POST', '/api/secure/profile/delete', {
      token: u.token,
      body: { password: u.password },
    });
    expect(closed.status, closed.text).toBe(204);
    expect(fake.calls.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${subId}` });
    expect(fake.subscriptions.get(subId)?.status).toBe('canceled');
    for (const table of ['billing_subscriptions', 'billing_invoices'] as const) {
      const rows = await t.db.selectFrom(table).select('user_id').where('user_id', '=', u.user.userId).execute();
      expect(rows, table).toEqual([]);
    }
  });

  it('lets the return page settle a paid checkout from Stripe itself, for its own user only', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const created = await t.request('POST', '/api/secure/subscription/create', {
      token: u.token,
      body: { plan: 'PREMIUM', interval: 'MONTH' },
    });
    const sessionId = /cs_test_\w+$/.exec(created.body.checkoutUrl as string)![0];
    const lookup = (who: TestUser, id = sessionId) =>
      t.request('GET', `/api/secure/subscription/checkout/${id}`, { token: who.token });

    // Not paid yet: nothing changes.
    expect((await lookup(u)).body).toMatchObject({ plan: 'FREE', status: 'NONE' });
    const subId = `sub_${unique()}`;
    fake.completeSession(sessionId, subId);
    // Someone else's session, or one Stripe does not know: 404, nothing applied.
    for (const res of [await lookup(other), await lookup(u, 'cs_test_unknown')]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect(await premiumOf(other)).toBe(0);
    expect((await lookup(u, 'not-a-session')).status).toBe(400);

    const settled = await lookup(u);
    expect(settled.status, settled.text).toBe(200);
    expect(settled.body).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE', interval: 'MONTH' });
    expect(await premiumOf(u)).toBe(1);
    expect(fake.calls.at(-1)).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${sessionId}` });

    // The webhook arriving afterwards changes nothing; a newer cancellation still wins over a later lookup.
    const customer = fake.calls
      .filter((c) => c.path === '/v1/checkout/sessions')
      .at(-1)!
      .form.get('customer')!;
    await deliver(
      'customer.subscription.updated',
      subscriptionObject({ id: subId, customer, periodEnd: nowS() + 30 * 86400, cancelAtPeriodEnd: true }),
      nowS() + 5,
    );
    expect((await lookup(u)).body).toMatchObject({ plan: 'PREMIUM', cancelAtPeriodEnd: true });
  });

  it('keeps other routes parsing JSON as before', async () => {
    const u = await createUser(t);
    const res = await t.request('PUT', '/api/secure/profile', {
      token: u.token,
      body: { name: 'Still JSON', locale: 'en-US' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.name).toBe('Still JSON');
  });
});
