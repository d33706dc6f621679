import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MemberPinParamsSchema,
  SetPinBodySchema,
  TillRosterSchema,
  TillSettingsSchema,
  TillUnlockBodySchema,
  TillUnlockResultSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { createThrottle } from '../../lib/rate-limit.ts';
import { NoContent, bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { scopeForStore, scopeOf } from '../access/index.ts';
import { setPin } from './pin-set.service.ts';
import { throttlePinSetting } from './pin-throttle.ts';
import * as till from './till.service.ts';

/**
 * Till mode (product.md §2): PINs, the till's roster and settings, and the PIN check. The roster
 * carries every member's PIN hash (for the offline unlock) and the check guesses PINs, so both are
 * for a session with SETTINGS: the owner or a manager who turned the device into the store's till.
 */
export function tillRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const throttle = createThrottle(ctx.db, ctx.clock, ctx.log);
    const base = { tags: ['till'], security: bearerAuth, headers: storeHeaders };

    app.put(
      '/virtual-store/:urlName/member/:userId/pin',
      {
        // The member themself, or a member with MEMBERS: decided in the service by whose PIN it is.
        config: { permission: 'MEMBER' },
        schema: {
          tags: ['till'],
          security: bearerAuth,
          description:
            "Sets a member's till PIN (4 to 6 digits; 6 for a member who may approve; PINs need not be unique): the member themself, or a member with MEMBERS for a member whose rights are within their own (the owner's only by the owner). From a till, tillMember names the member unlocked there, who sets only their own. Rate limited per client address and per member whose PIN it is (429 with Retry-After); recorded in the audit log.",
          params: MemberPinParamsSchema,
          body: SetPinBodySchema,
          response: { 204: NoContent, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const scope = await scopeForStore(ctx, request, request.params.urlName);
        const member = { storeId: scope.store.id, userId: request.params.userId };
        await throttlePinSetting(throttle, ctx.config.rateLimit, request.ip, member);
        await setPin(ctx, throttle, scope, request.params.userId, request.body);
        return reply.status(204).send();
      },
    );

    app.get(
      '/till/members',
      {
        config: { permission: 'SETTINGS' },
        schema: {
          ...base,
          description:
            "The till's roster: members with names, rights and PIN hashes (to unlock offline), and the lock settings.",
          response: { 200: TillRosterSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => till.roster(ctx, await scopeOf(ctx, request)),
    );

    app.put(
      '/till/settings',
      {
        config: { permission: 'SETTINGS' },
        schema: {
          ...base,
          description: 'Lock the till after each sale, and after this many idle minutes (0 = never).',
          body: TillSettingsSchema,
          response: { 200: TillRosterSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => till.updateSettings(ctx, await scopeOf(ctx, request), request.body),
    );

    app.post(
      '/till/unlock',
      {
        config: { permission: 'SETTINGS' },
        schema: {
          ...base,
          description:
            "Checks the PIN of the member chosen by name on the till (that member's only); with approve, also that they hold that permission (403 naming it). A wrong PIN is 400 INVALID_CODE; tries are throttled per device and per member with growing delays (429 with Retry-After, the message saying how long). newPinNeeded: the PIN is shorter than the member's rights now need.",
          body: TillUnlockBodySchema,
          response: { 200: TillUnlockResultSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => till.unlock(ctx, throttle, await scopeOf(ctx, request), request.body),
    );
  };
}
