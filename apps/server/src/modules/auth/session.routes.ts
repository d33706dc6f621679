import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SessionCheckResponseSchema } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { NoContent, bearerAuth, errorResponses } from '../../lib/schemas.ts';
import { callerOf } from '../access/index.ts';
import * as auth from './auth.service.ts';

/** Session routes under `/api/secure` (the auth guard has already checked the session). */
export function sessionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['auth'];
    app.get(
      '/login/check',
      {
        config: { permission: 'ACCOUNT' },
        schema: { tags, security: bearerAuth, response: { 200: SessionCheckResponseSchema, ...errorResponses(401) } },
      },
      async (request) => ({ user: await auth.loggedUser(ctx.db, callerOf(request).userId) }),
    );

    app.post(
      '/logout',
      {
        config: { permission: 'ACCOUNT' },
        schema: { tags, security: bearerAuth, response: { 204: NoContent, ...errorResponses(401) } },
      },
      async (request, reply) => {
        await auth.logout(ctx, callerOf(request).sessionId);
        return reply.status(204).send();
      },
    );
  };
}
