import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DatedExchangeRateParamsSchema,
  ExchangeRateParamsSchema,
  ExchangeRateSchema,
  SetManualRateBodySchema,
  StoreExchangeRateSchema,
  StoreUrlParamsSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { bearerAuth, errorResponses } from '../../lib/schemas.ts';
import { scopeForStore } from '../access/index.ts';
import * as rates from './rates.service.ts';

/** `/api/public/exchange-rate/...`: any supported pair's rate, latest or on a date (original.md §7). */
export function publicRatesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['public'], response: { 200: ExchangeRateSchema, ...errorResponses(400, 404) } };
    app.get(
      '/exchange-rate/:mainCurrency/:secondCurrency',
      { schema: { ...schema, params: ExchangeRateParamsSchema } },
      (request) => rates.publicRate(ctx, request.params.mainCurrency, request.params.secondCurrency, null),
    );
    app.get(
      '/exchange-rate/:mainCurrency/:secondCurrency/:dateId',
      {
        schema: {
          ...schema,
          description: 'The latest rate on or before dateId (YYYY-MM-DD), with its date and source.',
          params: DatedExchangeRateParamsSchema,
        },
      },
      (request) =>
        rates.publicRate(ctx, request.params.mainCurrency, request.params.secondCurrency, request.params.dateId),
    );
  };
}

/** `/api/secure/virtual-store/{urlName}/exchange-rate`: a store's rate and its manual override. */
export function storeRatesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const base = { tags: ['stores'], security: bearerAuth, params: StoreUrlParamsSchema };
    app.get(
      '/virtual-store/:urlName/exchange-rate',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: { ...base, response: { 200: StoreExchangeRateSchema, ...errorResponses(401, 404) } },
      },
      async (request) => rates.storeRate(ctx, (await scopeForStore(ctx, request, request.params.urlName)).store),
    );
    app.put(
      '/virtual-store/:urlName/exchange-rate',
      {
        config: { permission: 'SETTINGS' },
        schema: {
          ...base,
          description:
            "Sets the store's manual main → second rate ({rate: null} clears it); it wins over imported rates.",
          body: SetManualRateBodySchema,
          response: { 200: StoreExchangeRateSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        rates.setManualRate(ctx, await scopeForStore(ctx, request, request.params.urlName), request.body),
    );
  };
}
