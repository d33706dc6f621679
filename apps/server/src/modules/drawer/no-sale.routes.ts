import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditEventSchema, NoSaleBodySchema } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { scopeOf } from '../access/index.ts';
import { recordNoSale } from './no-sale.service.ts';

/** `/api/secure/shop/no-sale`: opening the cash drawer without a sale, in the store of X-Store. */
export function drawerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/shop/no-sale',
      {
        config: { permission: 'NO_SALE', till: 'member', approvable: true },
        schema: {
          tags: ['shop'],
          security: bearerAuth,
          headers: storeHeaders,
          description:
            'Records that the cash drawer is opened without a sale (audit action NO_SALE, under the open shift: its X and Z reports count it); the device opens the drawer once this answers. On a till, userId is the member unlocked there and approvedBy the member who approved it when they lack NO_SALE. The same clientId again with the same body answers 200 with the first event; with a different body 409 CLIENT_ID_REUSED.',
          body: NoSaleBodySchema,
          response: {
            201: AuditEventSchema,
            200: AuditEventSchema,
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const { created, event } = await recordNoSale(ctx, await scopeOf(ctx, request), request.body);
        return reply.status(created ? 201 : 200).send(event);
      },
    );
  };
}
