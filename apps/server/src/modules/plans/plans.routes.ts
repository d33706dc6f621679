import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SubscriptionStatusSchema } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { bearerAuth, errorResponses } from '../../lib/schemas.ts';
import { callerOf } from '../access/index.ts';
import { subscriptionStatus } from './plans.service.ts';

/**
 * `/api/secure/subscription/status`: the caller's free-tier limits and counts (original.md §3).
 * `settleUser` is billing's (passed in by app.ts: billing imports plans to drop the free-tier
 * counters when premium changes, so plans cannot import billing).
 */
export function plansRoutes(
  ctx: AppContext,
  settleUser: (ctx: AppContext, userId: string) => Promise<unknown>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/subscription/status',
      {
        config: { permission: 'ACCOUNT' },
        schema: {
          tags: ['subscription'],
          security: bearerAuth,
          description: 'Each free limit (null with premium) beside its count, across all of the user’s stores.',
          response: { 200: SubscriptionStatusSchema, ...errorResponses(401) },
        },
      },
      async (request) => {
        const { userId } = callerOf(request);
        // Premium that ran out since the last sweep (a failed renewal past its grace) ends before it is shown.
        await settleUser(ctx, userId);
        return subscriptionStatus(ctx, ctx.db, userId);
      },
    );
  };
}
