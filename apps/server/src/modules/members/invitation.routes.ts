import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptInvitationBodySchema,
  AuthResponseSchema,
  InvitationPreviewSchema,
  InvitationTokenParamsSchema,
  VirtualStoreSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { createThrottle } from '../../lib/rate-limit.ts';
import { bearerAuth, errorResponses } from '../../lib/schemas.ts';
import { callerOf } from '../access/index.ts';
import * as accept from './invitation-accept.service.ts';

const client = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] });

/** Guessing tokens is pointless (128-bit nonces, signed); this keeps it from loading the database. */
function tokenThrottle(ctx: AppContext) {
  const throttle = createThrottle(ctx.db, ctx.clock, ctx.log);
  const rule = { max: ctx.config.rateLimit.authPerIp, windowMs: ctx.config.rateLimit.authWindowMs };
  return (action: string) => async (request: FastifyRequest) => {
    await throttle.hit(action, 'ip', request.ip, rule);
  };
}

/** `/api/auth/invite/{token}`: the invitation link, opened before anyone logs in. */
export function invitationAuthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limit = tokenThrottle(ctx);
  return async (app) => {
    const tags = ['members'];
    app.get(
      '/invite/:token',
      {
        schema: {
          tags,
          description:
            'What an invitation link offers: the store, who invited, the role and the invited address. 404 not a valid link, 409 used or expired.',
          params: InvitationTokenParamsSchema,
          response: { 200: InvitationPreviewSchema, ...errorResponses(400, 404, 409, 429) },
        },
        preHandler: limit('invite-preview'),
      },
      async (request) => accept.previewInvitation(ctx, request.params.token),
    );

    app.post(
      '/invite/:token',
      {
        schema: {
          tags,
          description:
            'Accepts with a new account for the invited address (the link proves it: the account starts confirmed) → {token, user}, logged in. 409 when the address already has an account (log in and accept instead), or the link is used or expired.',
          params: InvitationTokenParamsSchema,
          body: AcceptInvitationBodySchema,
          response: { 200: AuthResponseSchema, ...errorResponses(400, 404, 409, 429) },
        },
        preHandler: limit('invite-accept'),
      },
      async (request) => accept.acceptWithNewAccount(ctx, request.params.token, request.body, client(request)),
    );
  };
}

/** `/api/secure/invite/{token}`: accepting with the account one is logged in with. */
export function invitationSecureRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limit = tokenThrottle(ctx);
  return async (app) => {
    app.post(
      '/invite/:token',
      {
        config: { permission: 'ACCOUNT' },
        schema: {
          tags: ['members'],
          security: bearerAuth,
          description:
            'Accepts for the logged-in user, whose address must be the invited one (403 otherwise) → the store, now in their store list. 404 not a valid link, 409 used, expired or already a member.',
          params: InvitationTokenParamsSchema,
          response: { 200: VirtualStoreSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
        preHandler: limit('invite-accept'),
      },
      async (request) => accept.acceptAsUser(ctx, callerOf(request).userId, request.params.token),
    );
  };
}
