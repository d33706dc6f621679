import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BarcodeRulesBodySchema, BarcodeRulesSchema } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { scopeOf } from '../access/index.ts';
import { getBarcodeRules, putBarcodeRules } from './barcode-rules.service.ts';

/** `/api/secure/barcode-rules`: how the store named by X-Store reads scale and price labels (product.md §5). */
export function barcodeRulesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const base = { tags: ['products'], security: bearerAuth, headers: storeHeaders };
    app.get(
      '/barcode-rules',
      {
        // Every member reads them: the counter and the stock-take parse scale labels with them.
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...base,
          description: "The store's barcode rules for weighed and price-embedded labels, by position.",
          response: { 200: BarcodeRulesSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => getBarcodeRules(ctx, await scopeOf(ctx, request)),
    );
    app.put(
      '/barcode-rules',
      {
        config: { permission: 'SETTINGS' },
        schema: {
          ...base,
          description:
            "Replaces the store's barcode rules. Each rule's prefix is in an in-store range (02, 04, 20–29) and its parts fill the 12 digits before the check digit; positions are renumbered in order.",
          body: BarcodeRulesBodySchema,
          response: { 200: BarcodeRulesSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => putBarcodeRules(ctx, await scopeOf(ctx, request), request.body),
    );
  };
}
