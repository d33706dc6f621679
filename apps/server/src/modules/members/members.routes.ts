import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InvitationParamsSchema,
  InvitationSchema,
  InviteBodySchema,
  MemberParamsSchema,
  StoreMemberSchema,
  StoreUrlParamsSchema,
  UpdateMemberBodySchema,
} from '@shopdesk/shared';
import { HOUR } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import type { Outbox } from '../../lib/outbox.ts';
import { createThrottle } from '../../lib/rate-limit.ts';
import { NoContent, bearerAuth, errorResponses } from '../../lib/schemas.ts';
import { scopeForStore } from '../access/index.ts';
import * as invitations from './invitations.service.ts';
import * as members from './members.service.ts';

const TOO_MANY_INVITES = 'Too many invitations in a short time. Please wait a while and try again.';

/**
 * `/api/secure/virtual-store/{urlName}/member...` (product.md §6): the store's people and its
 * invitations, for the owner and members with MEMBERS.
 */
export function membersRoutes(ctx: AppContext, outbox: Outbox): FastifyPluginAsyncZod {
  const throttle = createThrottle(ctx.db, ctx.clock, ctx.log);
  // Each invitation is a mail: enough for staffing a shop, too few for mailing strangers at our cost.
  const invites = { max: ctx.config.invitesPerHour, windowMs: HOUR, tooMany: TOO_MANY_INVITES };
  return async (app) => {
    const base = { tags: ['members'], security: bearerAuth };
    const config = { permission: 'MEMBERS' } as const;

    app.get(
      '/virtual-store/:urlName/member',
      {
        config,
        schema: {
          ...base,
          description: "The store's owner and members.",
          params: StoreUrlParamsSchema,
          response: { 200: z.array(StoreMemberSchema), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => members.listMembers(ctx, await scopeForStore(ctx, request, request.params.urlName)),
    );

    app.post(
      '/virtual-store/:urlName/member/invite',
      {
        config,
        schema: {
          ...base,
          description:
            'Invites an email address with a role (permissions and maximum discount default to the role’s) and mails it a single-use link valid 7 days → 201 Invitation. 402 past the free member limit (open invitations count), 403 for rights beyond the caller’s own, 409 already a member. Rate limited.',
          params: StoreUrlParamsSchema,
          body: InviteBodySchema,
          response: { 201: InvitationSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const scope = await scopeForStore(ctx, request, request.params.urlName);
        await throttle.hit('member-invite', 'user', scope.userId, invites);
        return reply.status(201).send(await invitations.invite(ctx, outbox, scope, request.body));
      },
    );

    app.get(
      '/virtual-store/:urlName/member/invitation',
      {
        config,
        schema: {
          ...base,
          description: 'Invitations not accepted yet, expired ones included, newest first.',
          params: StoreUrlParamsSchema,
          response: { 200: z.array(InvitationSchema), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => invitations.listInvitations(ctx, await scopeForStore(ctx, request, request.params.urlName)),
    );

    app.delete(
      '/virtual-store/:urlName/member/invitation/:id',
      {
        config,
        schema: {
          ...base,
          description:
            "Revokes an invitation not accepted yet: its link stops working. 403 when the invitation gives rights beyond the caller's own.",
          params: InvitationParamsSchema,
          response: { 204: NoContent, ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const scope = await scopeForStore(ctx, request, request.params.urlName);
        await invitations.revokeInvitation(ctx, scope, request.params.id);
        return reply.status(204).send();
      },
    );

    app.put(
      '/virtual-store/:urlName/member/:userId',
      {
        config,
        schema: {
          ...base,
          description:
            "A member's role, permissions and maximum discount. Never the owner; never beyond the caller's own rights (403).",
          params: MemberParamsSchema,
          body: UpdateMemberBodySchema,
          response: { 200: StoreMemberSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const scope = await scopeForStore(ctx, request, request.params.urlName);
        return members.updateMember(ctx, scope, request.params.userId, request.body);
      },
    );

    app.delete(
      '/virtual-store/:urlName/member/:userId',
      {
        config,
        schema: {
          ...base,
          description:
            'Removes a member: their access to the store ends with their next request, on every device. Never the owner. What they did keeps their name.',
          params: MemberParamsSchema,
          response: { 204: NoContent, ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const scope = await scopeForStore(ctx, request, request.params.urlName);
        await members.removeMember(ctx, scope, request.params.userId);
        return reply.status(204).send();
      },
    );
  };
}
