import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatedTillSchema,
  CreateTillBodySchema,
  CurrentTillSchema,
  LeaveTillBodySchema,
  MemberPinParamsSchema,
  SetPinBodySchema,
  TillDeviceListSchema,
  TillDeviceParamsSchema,
  TillRosterSchema,
  TillSettingsBodySchema,
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
import * as devices from './till-devices.service.ts';

/**
 * Till mode (product.md §2): tills as devices with tokens of their own, PINs, the till's roster
 * and settings, and the PIN check. The roster (PIN verifiers, for the offline unlock) and the PIN
 * check are for till tokens only (`TILL`); making, listing and revoking tills for the owner or a
 * manager from their own session.
 */
export function tillRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const throttle = createThrottle(ctx.db, ctx.clock, ctx.log);
    const base = { tags: ['till'], security: bearerAuth, headers: storeHeaders };

    app.put(
      '/virtual-store/:urlName/member/:userId/pin',
      {
        // The member themself, or a member with MEMBERS: decided in the service by whose PIN it is.
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          tags: ['till'],
          security: bearerAuth,
          description:
            "Sets a member's till PIN (4 to 6 digits; 6 for a member who may approve; PINs need not be unique): the member themself, or a member with MEMBERS for a member whose rights are within their own (the owner's only by the owner). From a till, tillMember names the member unlocked there, who sets only their own. Rate limited per client address and per member whose PIN it is (429 with Retry-After); recorded in the audit log. From a till, only the member unlocked there, for their own PIN.",
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
        config: { permission: 'TILL', till: 'device' },
        schema: {
          ...base,
          description:
            "A till token only: the till's roster, members with names, rights and PIN verifiers (to unlock offline; never the hashes), and the lock settings.",
          response: { 200: TillRosterSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => till.roster(ctx, await scopeOf(ctx, request)),
    );

    app.put(
      '/till/settings',
      {
        // SETTINGS, or on a till its approval: decided in the service.
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...base,
          description:
            'Lock the till after each sale, and after this many idle minutes (0 = never). Needs SETTINGS; on a till, a member without it sends the approval of one who has it.',
          body: TillSettingsBodySchema,
          response: { 200: TillRosterSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => till.updateSettings(ctx, await scopeOf(ctx, request), request.body),
    );

    app.post(
      '/till/unlock',
      {
        config: { permission: 'TILL', till: 'device' },
        schema: {
          ...base,
          description:
            "A till token only. Checks the PIN of the member chosen by name on the till (that member's only) and answers their member token (sent as X-Till-Member); with approve and the action's clientId, also that they hold that permission (403 naming it), answering a single-use grant for that action valid 10 minutes. A wrong PIN is 400 INVALID_CODE; tries are throttled per device and per member with growing delays (429 with Retry-After, the message saying how long). newPinNeeded: the PIN is shorter than the member's rights now need.",
          body: TillUnlockBodySchema,
          response: { 200: TillUnlockResultSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => till.unlock(ctx, throttle, await scopeOf(ctx, request), request.body),
    );

    app.post(
      '/till/device',
      {
        config: { permission: 'SETTINGS' },
        schema: {
          ...base,
          description:
            "Turns this device into a till of the store: answers the till token (shown once; send it as Authorization: Bearer with X-Store). The person's session that asked is signed out. At most 50 unrevoked tills a store (409). Recorded in the audit log.",
          body: CreateTillBodySchema,
          response: { 201: CreatedTillSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const created = await devices.createTill(ctx, await scopeOf(ctx, request), request.body.name);
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/till/device',
      {
        config: { permission: 'SETTINGS' },
        schema: {
          ...base,
          description: "The store's tills: name, who made it, when it was last seen, and when it was revoked.",
          response: { 200: TillDeviceListSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => devices.listTills(ctx, await scopeOf(ctx, request)),
    );

    app.get(
      '/till/device/current',
      {
        config: { permission: 'TILL', till: 'device' },
        schema: {
          ...base,
          description: 'A till token only: the till it is (401 TILL_REVOKED once revoked).',
          response: { 200: CurrentTillSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => devices.currentTill(await scopeOf(ctx, request), request.auth!.till!.name),
    );

    app.delete(
      '/till/device/:id',
      {
        // SETTINGS from a person's session; from the till itself, a SETTINGS member's approval.
        config: { permission: 'MEMBER', till: 'device' },
        schema: {
          ...base,
          description:
            "Revokes a till: its next request is 401 TILL_REVOKED. From a person's session with SETTINGS, any till of the store; from a till, only itself (leaving till mode), with the approval of a member who has SETTINGS. Recorded in the audit log.",
          params: TillDeviceParamsSchema,
          body: LeaveTillBodySchema.optional(),
          response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await devices.revokeTill(ctx, await scopeOf(ctx, request), request.params.id, request.body ?? {});
        return reply.status(204).send();
      },
    );
  };
}
