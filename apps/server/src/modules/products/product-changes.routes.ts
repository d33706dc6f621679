import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductChangesQuerySchema, ProductChangesSchema } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { scopeOf } from '../access/index.ts';
import { productChanges } from './product-changes.service.ts';

/** `GET /api/secure/product/changes`: the catalogue feed a device keeps its local copy with. */
export function productChangesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/product/changes',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          tags: ['products'],
          security: bearerAuth,
          headers: storeHeaders,
          description:
            'Products changed (stock included) and deleted after the cursor, oldest first, changes older than 5 s only. Ask again with `next`; at once while `more` is true.',
          querystring: ProductChangesQuerySchema,
          response: { 200: ProductChangesSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => productChanges(ctx, await scopeOf(ctx, request), request.query),
    );
  };
}
