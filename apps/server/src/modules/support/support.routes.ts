import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SupportInfoSchema, SupportRequestBodySchema, SupportRequestSchema } from '@shopdesk/shared';
import { HOUR } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Outbox } from '../../lib/outbox.ts';
import { createThrottle } from '../../lib/rate-limit.ts';
import { bearerAuth, errorResponses } from '../../lib/schemas.ts';
import { callerOf } from '../access/index.ts';
import * as support from './support.service.ts';

/**
 * Each request sends two mails from our address: a handful an hour per user is plenty for a real
 * question and keeps the route from being used to flood the support inbox (or a user's own).
 */
export const SUPPORT_REQUESTS_PER_HOUR = 5;

/** `/api/secure/support`: a question to the people who run this server. */
export function supportRoutes(ctx: AppContext, outbox: Outbox): FastifyPluginAsyncZod {
  const throttle = createThrottle(ctx.db, ctx.clock, ctx.log);
  const rule = { max: SUPPORT_REQUESTS_PER_HOUR, windowMs: HOUR };
  return async (app) => {
    app.get(
      '/support',
      {
        config: { permission: 'ACCOUNT' },
        schema: {
          tags: ['support'],
          security: bearerAuth,
          description:
            "Where a support request goes on this server: the support address it is mailed to, or null when it is only stored for the server's administrator.",
          response: { 200: SupportInfoSchema, ...errorResponses(401) },
        },
      },
      async () => support.supportInfo(ctx),
    );

    app.post(
      '/support',
      {
        config: { permission: 'ACCOUNT' },
        schema: {
          tags: ['support'],
          security: bearerAuth,
          description:
            "Sends a support request: always stored (and logged) for the server's administrator; when the server has a support address, also mailed there with the user's address as reply-to, and a copy mailed to the user in their language. Limited per user (429 with Retry-After).",
          body: SupportRequestBodySchema,
          response: { 201: SupportRequestSchema, ...errorResponses(400, 401, 429) },
        },
        preHandler: async (request) => {
          await throttle.hit('support-request', 'user', callerOf(request).userId, rule);
        },
      },
      async (request, reply) => {
        const saved = await support.sendSupportRequest(ctx, outbox, callerOf(request).userId, request.body);
        return reply.status(201).send(saved);
      },
    );
  };
}
