import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaymentMethodSchema, PaymentMethodsBodySchema, StoreUrlParamsSchema } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { bearerAuth, errorResponses } from '../../lib/schemas.ts';
import { scopeForStore } from '../access/index.ts';
import * as methods from './payment-methods.service.ts';

/** `/api/secure/virtual-store/{urlName}/payment-methods`: the store's named tenders. */
export function paymentMethodsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const base = { tags: ['stores'], security: bearerAuth, params: StoreUrlParamsSchema };
    app.get(
      '/virtual-store/:urlName/payment-methods',
      {
        // Every member reads them: the payment dialog offers them.
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...base,
          description: "The store's payment methods in order, disabled ones too (its currency's defaults until saved).",
          response: { 200: z.array(PaymentMethodSchema), ...errorResponses(401, 404) },
        },
      },
      async (request) => methods.getMethods(ctx, await scopeForStore(ctx, request, request.params.urlName)),
    );
    app.put(
      '/virtual-store/:urlName/payment-methods',
      {
        config: { permission: 'SETTINGS' },
        schema: {
          ...base,
          description:
            'Replaces the list: exactly one CASH method, enabled; names unique; at most 20. A method with an id edits it, one without is added, one left out is taken off the list (past tenders keep it).',
          body: PaymentMethodsBodySchema,
          response: { 200: z.array(PaymentMethodSchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        methods.putMethods(ctx, await scopeForStore(ctx, request, request.params.urlName), request.body),
    );
  };
}
