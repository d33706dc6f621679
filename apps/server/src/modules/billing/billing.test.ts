import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { DAY } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { confirmTokenFrom, createUser, signUpBody, type TestUser } from '../../test/factories.ts';
import { engines, startTestApp, useTestApp, type TestApp } from '../../test/harness.ts';
import { createProduct, productBody } from '../../test/products.ts';
import { lapsingUsers } from './billing.repo.ts';
import { settleLapsed } from './billing.service.ts';

const subscription = (t: TestApp, u: TestUser) => t.request('GET', '/api/secure/subscription', { token: u.token });
const post = (t: TestApp, u: TestUser, path: string, body?: unknown) =>
  t.request('POST', `/api/secure/subscription/${path}`, { token: u.token, body });
const premiumOf = async (t: TestApp, u: TestUser) =>
  Number(
    (await t.db.selectFrom('users').select('premium').where('id', '=', u.user.userId).executeTakeFirstOrThrow())
      .premium,
  );

describe.each(engines)('billing with the demo provider on %s', (engine) => {
  const t = useTestApp(engine, {
    BILLING_PROVIDER: 'demo',
    BILLING_CURRENCY: 'jpy',
    BILLING_PRICE_MONTHLY: '980',
    BILLING_PRICE_YEARLY: '9800',
    FREE_PRODUCT_LIMIT: '2',
    // The tests move the clock past billing periods; sessions must outlive them.
    SESSION_DAYS: '3650',
  });

  it('lists the configured prices and says it is a test provider', async () => {
    const u = await createUser(t);
    const res = await t.request('GET', '/api/secure/subscription/plans', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      provider: 'demo',
      testMode: true,
      plans: [
        { plan: 'PREMIUM', interval: 'MONTH', amount: 980, currency: 'JPY' },
        { plan: 'PREMIUM', interval: 'YEAR', amount: 9800, currency: 'JPY' },
      ],
    });
  });

  it('starts on the free plan with no invoices', async () => {
    const u = await createUser(t);
    expect((await subscription(t, u)).body).toEqual({
      plan: 'FREE',
      interval: null,
      status: 'NONE',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      graceUntil: null,
      provider: 'demo',
      testMode: true,
    });
    expect((await t.request('GET', '/api/secure/subscription/billing-history', { token: u.token })).body).toEqual([]);
  });

  it('activates at once with a paid test invoice, then cancels at period end, resumes, and ends at the period end', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const now = t.clock.now();
    const created = await post(t, u, 'create', { plan: 'PREMIUM', interval: 'MONTH' });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      plan: 'PREMIUM',
      interval: 'MONTH',
      status: 'ACTIVE',
      cancelAtPeriodEnd: false,
    });
    const end = Date.parse(created.body.currentPeriodEnd);
    expect(end - now.getTime()).toBeGreaterThanOrEqual(28 * DAY);
    expect(await premiumOf(t, u)).toBe(1);

    // A second create while premium is held changes nothing.
    expect((await post(t, u, 'create', { plan: 'PREMIUM', interval: 'YEAR' })).status).toBe(409);

    const history = await t.request('GET', '/api/secure/subscription/billing-history', { token: u.token });
    expect(history.body).toEqual([
      expect.objectContaining({
        amount: 980,
        currency: 'JPY',
        status: 'PAID',
        testMode: true,
        description: 'ShopDesk Premium (monthly): test payment',
        periodEnd: created.body.currentPeriodEnd,
      }),
    ]);
    // Billing history is the caller's own only.
    expect((await t.request('GET', '/api/secure/subscription/billing-history', { token: other.token })).body).toEqual(
      [],
    );

    const cancelled = await post(t, u, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE', cancelAtPeriodEnd: true });
    expect((await post(t, u, 'create', { plan: 'PREMIUM', interval: 'MONTH' })).body.message).toMatch(/Resume/);
    const resumed = await post(t, u, 'resume');
    expect(resumed.body).toMatchObject({ plan: 'PREMIUM', cancelAtPeriodEnd: false });
    expect((await post(t, u, 'cancel')).body.cancelAtPeriodEnd).toBe(true);

    // Products past the free limit while premium.
    const products = [];
    for (let i = 0; i < 4; i++) products.push(await createProduct(t, u));

    t.clock.advance(end - t.clock.now().getTime() + 1000);
    expect((await subscription(t, u)).body).toMatchObject({
      plan: 'FREE',
      status: 'CANCELED',
      cancelAtPeriodEnd: false,
    });
    expect(await premiumOf(t, u)).toBe(0);
    expect((await post(t, u, 'resume')).status).toBe(409);

    // Losing premium deletes nothing: every product is readable and editable, only new ones are refused.
    const code = encodeURIComponent(products[3]!.code);
    expect((await t.request('GET', `/api/secure/product/code/${code}`, { token: u.token })).status).toBe(200);
    const edited = await t.request('PUT', `/api/secure/product/code/${code}`, {
      token: u.token,
      body: { code: products[3]!.code, name: 'Renamed', price: 250 },
    });
    expect(edited.status, edited.text).toBe(200);
    const refused = await t.request('POST', '/api/secure/product', { token: u.token, body: productBody() });
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('FREE_LIMIT_REACHED');
    const status = await t.request('GET', '/api/secure/subscription/status', { token: u.token });
    expect(status.body).toMatchObject({ freeProductLimit: 2, productCount: 4, freeLimitHasReached: true });

    // Subscribing again lifts the limits at once.
    expect((await post(t, u, 'create', { plan: 'PREMIUM', interval: 'YEAR' })).body).toMatchObject({
      plan: 'PREMIUM',
      interval: 'YEAR',
    });
    expect((await t.request('POST', '/api/secure/product', { token: u.token, body: productBody() })).status).toBe(201);
    const invoices = (await t.request('GET', '/api/secure/subscription/billing-history', { token: u.token })).body;
    expect(invoices.map((i: { amount: number }) => i.amount)).toEqual([9800, 980]);
  });

  it('renews a demo subscription that was not cancelled, with a test invoice for the new period', async () => {
    const u = await createUser(t);
    const created = await post(t, u, 'create', { plan: 'PREMIUM', interval: 'MONTH' });
    t.clock.advance(Date.parse(created.body.currentPeriodEnd) - t.clock.now().getTime() + 1000);
    const renewed = await subscription(t, u);
    expect(renewed.body).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE' });
    expect(Date.parse(renewed.body.currentPeriodEnd)).toBeGreaterThan(t.clock.now().getTime());
    const history = await t.request('GET', '/api/secure/subscription/billing-history', { token: u.token });
    expect(history.body).toHaveLength(2);
    expect(history.body[0].periodStart).toBe(created.body.currentPeriodEnd);
  });

  it('ends lapsed premium in the background sweep, without anyone asking', async () => {
    const u = await createUser(t);
    const created = await post(t, u, 'create', { plan: 'PREMIUM', interval: 'YEAR' });
    await post(t, u, 'cancel');
    // The sweep as app.ts runs it, on the test app's database and clock.
    const ctx = {
      config: loadConfig({ DATA_DIR: t.dataDir, BILLING_PROVIDER: 'demo', ...t.databaseEnv }),
      db: t.db,
      clock: t.clock,
      dbKind: engine,
      log: t.app.log,
    } as unknown as AppContext;
    const lapsing = () => {
      const now = t.clock.now();
      return lapsingUsers(t.db, now.toISOString(), new Date(now.getTime() - 7 * DAY).toISOString());
    };
    expect(await lapsing()).not.toContain(u.user.userId);
    t.clock.advance(Date.parse(created.body.currentPeriodEnd) - t.clock.now().getTime() + 1000);
    expect(await lapsing()).toContain(u.user.userId);
    await settleLapsed(ctx);
    expect(await premiumOf(t, u)).toBe(0);
    expect(await lapsing()).not.toContain(u.user.userId);
    const row = await t.db
      .selectFrom('billing_subscriptions')
      .select(['status', 'cancel_at_period_end'])
      .where('user_id', '=', u.user.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'CANCELED', cancel_at_period_end: 0 });
  });

  it('lets a demo subscription lapse at its period end once the same database runs in production', async () => {
    const u = await createUser(t);
    const created = await post(t, u, 'create', { plan: 'PREMIUM', interval: 'MONTH' });
    expect(created.status, created.text).toBe(200);
    // The same database and files, now served with NODE_ENV=production (any case) and no demo provider.
    const prod = await startTestApp(engine, { ...t.databaseEnv, NODE_ENV: 'Production', SESSION_DAYS: '3650' });
    try {
      prod.clock.advance(t.clock.now().getTime() - prod.clock.now().getTime());
      const before = await prod.request('GET', '/api/secure/subscription', { token: u.token });
      expect(before.body).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE', cancelAtPeriodEnd: true });
      // Cancelling is what already happens: 200, not 409; resuming is refused with the reason.
      const cancel = await prod.request('POST', '/api/secure/subscription/cancel', { token: u.token });
      expect(cancel.status, cancel.text).toBe(200);
      expect(cancel.body).toMatchObject({ plan: 'PREMIUM', cancelAtPeriodEnd: true });
      const resume = await prod.request('POST', '/api/secure/subscription/resume', { token: u.token });
      expect(resume.status).toBe(409);
      expect(resume.body.message).toMatch(/test subscription/);

      prod.clock.advance(Date.parse(created.body.currentPeriodEnd) - prod.clock.now().getTime() + 1000);
      const after = await prod.request('GET', '/api/secure/subscription', { token: u.token });
      expect(after.body).toMatchObject({ plan: 'FREE', status: 'CANCELED' });
      expect(await premiumOf(t, u)).toBe(0);
      // No renewal: the one invoice of the demo purchase, no "test payment" for a new period.
      const history = await prod.request('GET', '/api/secure/subscription/billing-history', { token: u.token });
      expect(history.body).toHaveLength(1);
    } finally {
      await prod.close();
    }
  });

  it('gives one premium and one invoice to two creates at once', async () => {
    const u = await createUser(t);
    const both = await Promise.all([
      post(t, u, 'create', { plan: 'PREMIUM', interval: 'MONTH' }),
      post(t, u, 'create', { plan: 'PREMIUM', interval: 'MONTH' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const history = await t.request('GET', '/api/secure/subscription/billing-history', { token: u.token });
    expect(history.body).toHaveLength(1);
  });

  it('takes only the plan and interval it knows', async () => {
    const u = await createUser(t);
    for (const body of [
      { plan: 'PREMIUM', interval: 'WEEK' },
      { plan: 'FREE', interval: 'MONTH' },
      { interval: 'MONTH' },
    ]) {
      const res = await post(t, u, 'create', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await post(t, u, 'create', { plan: 'PREMIUM', interval: 'MONTH', extra: 1 })).status).toBe(400);
  });

  it('requires login', async () => {
    for (const path of ['', '/plans', '/billing-history']) {
      expect((await t.request('GET', `/api/secure/subscription${path}`)).status).toBe(401);
    }
    expect((await t.request('POST', '/api/secure/subscription/cancel')).status).toBe(401);
  });
});

describe.each(engines)('billing not set up on %s', (engine) => {
  const t = useTestApp(engine);

  it('says so in every answer, and breaks nothing', async () => {
    const u = await createUser(t);
    expect((await subscription(t, u)).body).toMatchObject({ plan: 'FREE', provider: null, testMode: false });
    expect((await t.request('GET', '/api/secure/subscription/plans', { token: u.token })).body).toMatchObject({
      provider: null,
    });
    for (const [path, body] of [
      ['create', { plan: 'PREMIUM', interval: 'MONTH' }],
      ['cancel', undefined],
      ['resume', undefined],
    ] as const) {
      const res = await post(t, u, path, body);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'BILLING_NOT_CONFIGURED', message: expect.stringMatching(/not set up/) });
    }
    const hook = await t.request('POST', '/api/public/subscription/webhook', {
      raw: '{"id":"evt_1"}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(hook.status).toBe(409);
    expect(hook.body.code).toBe('BILLING_NOT_CONFIGURED');
    expect((await t.request('GET', '/api/secure/subscription/status', { token: u.token })).status).toBe(200);
  });
});

describe('the demo provider in production', () => {
  it('is refused when the configuration is read, whatever the case of NODE_ENV', () => {
    for (const env of ['production', 'Production', 'PRODUCTION', ' production ']) {
      expect(() => loadConfig({ NODE_ENV: env, BILLING_PROVIDER: 'demo', DATA_DIR: tmpdir() }), env).toThrow(
        /demo payment provider .* refused when NODE_ENV=production/,
      );
    }
  });

  it('is refused by the route too, should a configuration be built some other way', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shopdesk-billing-'));
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, BILLING_PROVIDER: 'demo' });
    const mails: MailMessage[] = [];
    const app = await buildApp(
      { ...config, env: 'production', webDist: join(dataDir, 'none') },
      { lazyWriteWorker: true, wrapMailer: (mailer) => ({ send: async (m) => (mails.push(m), mailer.send(m)) }) },
    );
    try {
      const body = signUpBody();
      expect((await app.inject({ method: 'POST', url: '/api/auth/signUp', payload: body })).statusCode).toBe(201);
      await app.outbox.idle();
      const confirmed = await app.inject({
        method: 'GET',
        url: `/api/auth/confirm/${confirmTokenFrom(mails.find((m) => m.to === body.email)!.text)}`,
      });
      const headers = { authorization: `Bearer ${confirmed.json<{ token: string }>().token}` };
      const res = await app.inject({
        method: 'POST',
        url: '/api/secure/subscription/create',
        headers,
        payload: { plan: 'PREMIUM', interval: 'MONTH' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'BILLING_NOT_CONFIGURED',
        message: expect.stringMatching(/production/),
      });
      const plans = await app.inject({ method: 'GET', url: '/api/secure/subscription/plans', headers });
      expect(plans.json()).toMatchObject({ provider: null, testMode: false });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
