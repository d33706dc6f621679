import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateItemBodySchema,
  ItemIdParamsSchema,
  ItemSchema,
  ItemSearchQuerySchema,
  ItemWindowSchema,
  UpdateItemBodySchema,
  WindowParamsSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { NoContent, bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { scopeOf } from '../access/index.ts';
import * as items from './items.service.ts';
import { updateItem } from './item-update.service.ts';

const FIRST_WINDOW = { page: 0, size: 20 };

/**
 * `/api/secure/item`: items and their variants (product.md §4 Item and Variant) in the store named
 * by X-Store, with the product routes' permissions: reading as products are read, PRODUCTS to write.
 */
export function itemsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const scope = (request: FastifyRequest) => scopeOf(ctx, request);
  return async (app) => {
    const base = { tags: ['items'], security: bearerAuth, headers: storeHeaders };

    app.post(
      '/item',
      {
        config: { permission: 'PRODUCTS' },
        schema: {
          ...base,
          description:
            'Creates an item with its variants (each a product with its own barcode, price and opening stock; a missing code is drawn as an unused in-store EAN-13). Each variant counts as a product on the free plan.',
          body: CreateItemBodySchema,
          response: { 201: ItemSchema, ...errorResponses(400, 401, 402, 403, 404, 409) },
        },
      },
      async (request, reply) => reply.status(201).send(await items.createItem(ctx, await scope(request), request.body)),
    );

    app.get(
      '/item',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...base,
          description: 'The first window (page 0, size 20) of the folded list, sorted by name.',
          response: { 200: ItemWindowSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => items.itemWindow(ctx, await scope(request), FIRST_WINDOW.page, FIRST_WINDOW.size, {}),
    );

    app.get(
      '/item/search/window/:page/:size',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...base,
          description:
            'The folded list: one row per item with its variants summed (stock and low-stock count of those not retired, price range). `q` matches the code, name (with its values) and brand of any variant; `category` filters exactly.',
          params: WindowParamsSchema,
          querystring: ItemSearchQuerySchema,
          response: { 200: ItemWindowSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        items.itemWindow(ctx, await scope(request), request.params.page, request.params.size, request.query),
    );

    app.get(
      '/item/:id',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...base,
          description: 'The item with its options and variants in their order, retired ones included.',
          params: ItemIdParamsSchema,
          response: { 200: ItemSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => items.getItem(ctx, await scope(request), request.params.id),
    );

    app.put(
      '/item/:id',
      {
        config: { permission: 'PRODUCTS' },
        schema: {
          ...base,
          description:
            "Replaces the item's details and options; listed variants with an id change (never their stock: that is the ledger's, so their `quantity` is ignored), listed ones without an id are created. Every variant must end with one value of each option, no two alike; a value still in use cannot be removed.",
          params: ItemIdParamsSchema,
          body: UpdateItemBodySchema,
          response: { 200: ItemSchema, ...errorResponses(400, 401, 402, 403, 404, 409) },
        },
      },
      async (request) => updateItem(ctx, await scope(request), request.params.id, request.body),
    );

    app.delete(
      '/item/:id',
      {
        config: { permission: 'PRODUCTS' },
        schema: {
          ...base,
          description: 'Deletes the item and every variant, each as a product is deleted.',
          params: ItemIdParamsSchema,
          response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await items.deleteItem(ctx, await scope(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
