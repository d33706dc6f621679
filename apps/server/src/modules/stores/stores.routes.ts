import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateStoreBodySchema,
  SaleSettingsSchema,
  StoreUrlParamsSchema,
  UpdateStoreBodySchema,
  VirtualStoreSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { bearerAuth, errorResponses } from '../../lib/schemas.ts';
import { callerOf, scopeForStore, scopeOf } from '../access/index.ts';
import * as stores from './stores.service.ts';

/** `/api/secure/virtual-store`: the user's stores. */
export function storesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const base = { tags: ['stores'], security: bearerAuth };

    app.get(
      '/virtual-store',
      {
        config: { permission: 'ACCOUNT' },
        schema: { ...base, response: { 200: z.array(VirtualStoreSchema), ...errorResponses(401) } },
      },
      async (request) => stores.listStores(ctx, callerOf(request).userId),
    );

    app.post(
      '/virtual-store',
      {
        config: { permission: 'ACCOUNT' },
        schema: {
          ...base,
          body: CreateStoreBodySchema,
          response: { 201: VirtualStoreSchema, ...errorResponses(400, 401, 409) },
        },
      },
      async (request, reply) => {
        const store = await stores.createStore(ctx, callerOf(request).userId, request.body);
        return reply.status(201).send(store);
      },
    );

    app.get(
      '/virtual-store/current',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...base,
          description: 'The store this request acts on: the X-Store header (a urlName) or the default store.',
          headers: z.object({ 'x-store': z.string().max(64).optional() }),
          response: { 200: VirtualStoreSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const { store, rights } = await scopeOf(ctx, request);
        return stores.toVirtualStore(store, rights);
      },
    );

    app.put(
      '/virtual-store/:urlName',
      {
        config: { permission: 'SETTINGS' },
        schema: {
          ...base,
          params: StoreUrlParamsSchema,
          body: UpdateStoreBodySchema,
          response: { 200: VirtualStoreSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        stores.updateStore(ctx, await scopeForStore(ctx, request, request.params.urlName), request.body),
    );

    app.put(
      '/virtual-store/:urlName/sale-settings',
      {
        config: { permission: 'SETTINGS' },
        schema: {
          ...base,
          description: 'The counter settings: tax mode (NONE, INCLUSIVE, EXCLUSIVE), default tax rate, cash rounding.',
          params: StoreUrlParamsSchema,
          body: SaleSettingsSchema,
          response: { 200: VirtualStoreSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        stores.updateSaleSettings(ctx, await scopeForStore(ctx, request, request.params.urlName), request.body),
    );
  };
}
