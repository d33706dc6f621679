import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BillingHistorySchema,
  BillingPlansSchema,
  CreateSubscriptionBodySchema,
  CreateSubscriptionResultSchema,
  ErrorCode,
  SubscriptionSchema,
} from '@shopdesk/shared';
import { MINUTE } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, rateLimited } from '../../core/errors.ts';
import { createThrottle } from '../../lib/rate-limit.ts';
import { bearerAuth, errorResponses } from '../../lib/schemas.ts';
import { callerOf } from '../access/index.ts';
import * as billing from './billing.service.ts';
import { InvalidEvent, InvalidSignature } from './provider.ts';

/** Each create, cancel or resume may call the payment provider: a budget per user shared by every process. */
const TOO_MANY_CHANGES = 'Too many subscription changes in a short time. Please wait a few minutes and try again.';
const PROVIDER_CALLS = { max: 20, windowMs: 10 * MINUTE, tooMany: TOO_MANY_CHANGES };
/** The return page asks a few times while the payment settles. */
const CHECKOUT_LOOKUPS = { max: 60, windowMs: 10 * MINUTE, tooMany: TOO_MANY_CHANGES };
const CheckoutParamsSchema = z.object({
  sessionId: z
    .string()
    .regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'Not a checkout session id')
    .describe('The session_id Stripe adds to the return address'),
});

/** `/api/secure/subscription` (product.md §6): the caller's Subscription, plans, invoices, create, cancel, resume. */
export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const throttle = createThrottle(ctx.db, ctx.clock, ctx.log);
  const limited = (userId: string, action = 'subscription-change', rule = PROVIDER_CALLS) =>
    throttle.hit(action, 'user', userId, rule);
  return async (app) => {
    const base = { tags: ['subscription'], security: bearerAuth };

    app.get(
      '/subscription',
      {
        config: { permission: 'ACCOUNT' },
        schema: {
          ...base,
          description:
            'The caller’s Subscription: plan, interval, status, renewal or end date, cancel at period end, and which payment provider this server uses (null: billing is not set up).',
          response: { 200: SubscriptionSchema, ...errorResponses(401) },
        },
      },
      async (request) => billing.getSubscription(ctx, callerOf(request).userId),
    );

    app.get(
      '/subscription/plans',
      {
        config: { permission: 'ACCOUNT' },
        schema: {
          ...base,
          description: 'Premium’s monthly and yearly prices (minor units) from the server’s configuration.',
          response: { 200: BillingPlansSchema, ...errorResponses(401) },
        },
      },
      async () => billing.plans(ctx),
    );

    app.get(
      '/subscription/billing-history',
      {
        config: { permission: 'ACCOUNT' },
        schema: {
          ...base,
          description: 'The caller’s own invoices, newest first; amounts in minor units of each invoice’s currency.',
          response: { 200: BillingHistorySchema, ...errorResponses(401) },
        },
      },
      async (request) => billing.billingHistory(ctx, callerOf(request).userId),
    );

    app.get(
      '/subscription/checkout/:sessionId',
      {
        config: { permission: 'ACCOUNT' },
        schema: {
          ...base,
          description:
            'For the page Stripe returns to after checkout: reads the Checkout Session from Stripe and, when it is the caller’s and paid, applies it (as its webhook would, never over newer state). Answers the caller’s Subscription; poll it until plan is PREMIUM. 404 for a session that is not the caller’s.',
          params: CheckoutParamsSchema,
          response: { 200: SubscriptionSchema, ...errorResponses(400, 401, 403, 404, 409, 429, 502) },
        },
      },
      async (request) => {
        const { userId } = callerOf(request);
        await limited(userId, 'subscription-checkout', CHECKOUT_LOOKUPS);
        return billing.providerCall(() => billing.syncCheckout(ctx, userId, request.params.sessionId));
      },
    );

    app.post(
      '/subscription/create',
      {
        config: { permission: 'ACCOUNT' },
        schema: {
          ...base,
          description:
            'Starts premium. Stripe: `{checkoutUrl}` to open; premium comes with the payment’s webhook. Demo: the active Subscription at once (a test invoice, nothing charged). 409 BILLING_NOT_CONFIGURED without a provider, 409 CONFLICT when premium is already held.',
          body: CreateSubscriptionBodySchema,
          response: { 200: CreateSubscriptionResultSchema, ...errorResponses(400, 401, 403, 409, 429, 502) },
        },
      },
      async (request) => {
        const { userId } = callerOf(request);
        await limited(userId);
        return billing.providerCall(() => billing.createSubscription(ctx, userId, request.body));
      },
    );

    for (const [path, cancel] of [
      ['/subscription/cancel', true],
      ['/subscription/resume', false],
    ] as const) {
      app.post(
        path,
        {
          config: { permission: 'ACCOUNT' },
          schema: {
            ...base,
            description: cancel
              ? 'Cancels premium at the end of the paid period (premium stays until then; /resume undoes it). Answers the Subscription.'
              : 'Undoes a cancel at period end, before the period ends. Answers the Subscription.',
            response: { 200: SubscriptionSchema, ...errorResponses(401, 403, 409, 429, 502) },
          },
        },
        async (request) => {
          const { userId } = callerOf(request);
          await limited(userId);
          return billing.providerCall(() => billing.setCancelAtPeriodEnd(ctx, userId, cancel));
        },
      );
    }
  };
}

/** Webhook deliveries per client address per minute: far above what Stripe sends, far below a flood. */
const WEBHOOK_LIMIT = {
  max: 600,
  timeWindow: 60_000,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => rateLimited(context.ttl),
};
/** A Stripe event is a few KB; nothing larger is read. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** `/api/public/subscription/webhook`: the payment provider's signed events. */
export function billingWebhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The signature covers the exact bytes sent: this plugin (only) keeps JSON bodies raw, so the
    // JSON parsing of every other route is untouched.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );

    app.post(
      '/subscription/webhook',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        config: { rateLimit: WEBHOOK_LIMIT },
        schema: {
          tags: ['public'],
          description:
            'Stripe’s webhook: the raw JSON body signed in the Stripe-Signature header. Each event id is applied once; events older than the stored state do not overwrite it. 400 INVALID_SIGNATURE when the signature does not verify.',
          headers: z.looseObject({ 'stripe-signature': z.string().max(4096).optional() }),
          response: {
            200: z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'unmatched']) }),
            ...errorResponses(400, 409, 413, 415, 429),
          },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const outcome = await billing.receiveWebhook(ctx, raw, request.headers['stripe-signature']);
          return { received: true as const, outcome };
        } catch (error) {
          if (error instanceof InvalidSignature) {
            throw new AppError(
              400,
              ErrorCode.INVALID_SIGNATURE,
              'The webhook signature does not match this server’s signing secret.',
            );
          }
          if (error instanceof InvalidEvent) {
            throw new AppError(400, ErrorCode.BAD_REQUEST, 'The webhook body is not an event this server can read.');
          }
          throw error;
        }
      },
    );
  };
}
