import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const load = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'shopdesk-billing-config-')), ...env });

describe('billing configuration', () => {
  it('has no provider, USD prices and a week of grace by default', () => {
    expect(load({}).billing).toEqual({
      provider: undefined,
      stripeSecretKey: undefined,
      stripeWebhookSecret: undefined,
      stripeApiUrl: undefined,
      currency: 'USD',
      prices: { month: 500, year: 5000 },
      graceDays: 7,
    });
  });

  it('chooses Stripe when its key is set, and needs the webhook secret with it', () => {
    expect(load({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).billing.provider).toBe('stripe');
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => load({ BILLING_PROVIDER: 'stripe', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(/needs both/);
  });

  it('allows the demo provider except in production', () => {
    expect(load({ BILLING_PROVIDER: 'demo' }).billing.provider).toBe('demo');
    expect(() => load({ BILLING_PROVIDER: 'demo', NODE_ENV: 'production' })).toThrow(
      /refused when NODE_ENV=production/,
    );
  });

  it('reads prices, currency, grace and another Stripe address, and names bad values', () => {
    const billing = load({
      BILLING_CURRENCY: 'jpy',
      BILLING_PRICE_MONTHLY: '980',
      BILLING_PRICE_YEARLY: '9800',
      BILLING_GRACE_DAYS: '3',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    }).billing;
    expect(billing).toMatchObject({ currency: 'JPY', prices: { month: 980, year: 9800 }, graceDays: 3 });
    expect(billing.stripeApiUrl).toBe('http://127.0.0.1:12111');
    expect(() => load({ BILLING_PRICE_MONTHLY: '0' })).toThrow(/BILLING_PRICE_MONTHLY/);
    expect(() => load({ BILLING_CURRENCY: 'YENS' })).toThrow(/BILLING_CURRENCY/);
    expect(() => load({ STRIPE_API_URL: 'ftp://stripe.test' })).toThrow(/STRIPE_API_URL/);
  });
});
