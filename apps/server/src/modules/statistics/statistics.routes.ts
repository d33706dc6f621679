import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  StatisticSummaryQuerySchema,
  StatisticSummarySchema,
  StatisticWindowQuerySchema,
  StatisticWindowSchema,
  WindowParamsSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { scopeOf } from '../access/index.ts';
import * as statistics from './statistics.service.ts';

/** `/api/secure/shop/statistic/...`: sales reports of the store of X-Store (product.md §6). */
export function statisticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const base = { tags: ['statistics'], security: bearerAuth, headers: storeHeaders };

    app.get(
      '/shop/statistic/search/window/:page/:size',
      {
        config: { permission: 'REPORTS', till: 'member' },
        schema: {
          ...base,
          description:
            "Periods (hour, day or month in the store's timezone) from `from` to `to` (local dates, inclusive) that had sales or refunds, oldest first.",
          params: WindowParamsSchema,
          querystring: StatisticWindowQuerySchema,
          response: { 200: StatisticWindowSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        statistics.statisticWindow(
          ctx,
          await scopeOf(ctx, request),
          request.query,
          request.params.page,
          request.params.size,
        ),
    );

    app.get(
      '/shop/statistic/summary',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          description:
            'Totals of the local dates `from` to `to` (inclusive), the best products by quantity, revenue and profit (`top`, default 10), and money per tender method and currency.',
          querystring: StatisticSummaryQuerySchema,
          response: { 200: StatisticSummarySchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => statistics.statisticSummary(ctx, await scopeOf(ctx, request), request.query),
    );
  };
}
