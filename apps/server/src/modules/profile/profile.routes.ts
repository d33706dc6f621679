import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeleteAccountBodySchema,
  LoggedUserSchema,
  ProfileUpdateBodySchema,
  UpdatePasswordBodySchema,
  uuidSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { createThrottle } from '../../lib/rate-limit.ts';
import { NoContent, bearerAuth, errorResponses } from '../../lib/schemas.ts';
import { callerOf } from '../access/index.ts';
import * as profile from './profile.service.ts';
import { deleteAccount } from './account-deletion.service.ts';

/** `/api/secure/profile`: the logged user's own details, default store, password, and closing the account. */
export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const base = { tags: ['profile'], security: bearerAuth };
    const throttle = createThrottle(ctx.db, ctx.clock, ctx.log);
    // Each try costs an argon2 verify: limited per session and per user (one user, many sessions).
    const passwordTries = { max: ctx.config.rateLimit.authPerEmail, windowMs: ctx.config.rateLimit.authWindowMs };

    app.get(
      '/profile',
      {
        config: { permission: 'ACCOUNT' },
        schema: { ...base, response: { 200: LoggedUserSchema, ...errorResponses(401) } },
      },
      async (request) => profile.getProfile(ctx, callerOf(request).userId),
    );

    app.put(
      '/profile',
      {
        config: { permission: 'ACCOUNT' },
        schema: {
          ...base,
          body: ProfileUpdateBodySchema,
          response: { 200: LoggedUserSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => profile.updateProfile(ctx, callerOf(request).userId, request.body),
    );

    app.put(
      '/profile/update-default-store/:newDefaultStoreId',
      {
        config: { permission: 'ACCOUNT' },
        schema: {
          ...base,
          params: z.object({ newDefaultStoreId: uuidSchema }),
          response: { 200: LoggedUserSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => profile.updateDefaultStore(ctx, callerOf(request).userId, request.params.newDefaultStoreId),
    );

    app.put(
      '/profile/update-password',
      {
        config: { permission: 'ACCOUNT' },
        schema: {
          ...base,
          body: UpdatePasswordBodySchema,
          response: { 204: NoContent, ...errorResponses(400, 401, 429) },
        },
        preHandler: async (request) => {
          const caller = callerOf(request);
          await throttle.hit('update-password', 'session', caller.sessionId, passwordTries);
          await throttle.hit('update-password', 'user', caller.userId, passwordTries);
        },
      },
      async (request, reply) => {
        await profile.updatePassword(ctx, callerOf(request), request.body);
        return reply.status(204).send();
      },
    );

    app.post(
      '/profile/delete',
      {
        config: { permission: 'ACCOUNT' },
        schema: {
          ...base,
          body: DeleteAccountBodySchema,
          // 502: a paid subscription could not be ended at the payment service; the account stays.
          response: { 204: NoContent, ...errorResponses(400, 401, 429, 502) },
        },
        // Each try costs an argon2 verify, like a password change: the same limits, counted apart.
        preHandler: async (request) => {
          const caller = callerOf(request);
          await throttle.hit('delete-account', 'session', caller.sessionId, passwordTries);
          await throttle.hit('delete-account', 'user', caller.userId, passwordTries);
        },
      },
      async (request, reply) => {
        await deleteAccount(ctx, callerOf(request), request.body);
        return reply.status(204).send();
      },
    );
  };
}
