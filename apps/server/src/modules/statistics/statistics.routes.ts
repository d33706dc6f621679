import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CustomerReportCsvQuerySchema,
  CustomerReportQuerySchema,
  CustomerReportSchema,
  MAX_CUSTOMER_REPORT_DAYS,
  StatisticSummaryQuerySchema,
  StatisticSummarySchema,
  StatisticWindowQuerySchema,
  StatisticWindowSchema,
  WindowParamsSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { createWorkGate } from '../../lib/work-gate.ts';
import { bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { scopeOf } from '../access/index.ts';
import { exportCustomerReportCsv } from './customer-report-export.service.ts';
import { customerReport } from './customer-report.service.ts';
import * as statistics from './statistics.service.ts';

/** `/api/secure/shop/statistic/...`: sales reports of the store of X-Store (product.md §6). */
export function statisticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // A year of customers reads as much as a catalogue export: the same caps, of its own.
  const exports = createWorkGate(
    ctx.config.catalogueJobs,
    'The server is busy with other exports. Please try again in a few seconds.',
  );
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

    app.get(
      '/shop/statistic/customers',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          description: `Customers of the store's days from-to (both included, at most ${MAX_CUSTOMER_REPORT_DAYS}): sales by customer (sales, total, refunded, net) with the \`top\` first, new versus returning customers and sales without a customer, and the points liability (outstanding points at the end of the period × the point value, with the period's points earned, redeemed, reversed, adjusted and expired).`,
          querystring: CustomerReportQuerySchema,
          response: { 200: CustomerReportSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => customerReport(ctx, await scopeOf(ctx, request), request.query),
    );

    app.get(
      '/shop/statistic/customers.csv',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          description:
            'Every customer of the period as CSV (UTF-8 with BOM, highest net first, amounts as decimal text in the main currency, NEW or RETURNING), streamed as the client reads. A few exports run at once per user and in total; past that 429 with Retry-After.',
          querystring: CustomerReportCsvQuerySchema,
          produces: ['text/csv'],
          response: { 200: z.unknown().describe('CSV text'), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const scope = await scopeOf(ctx, request);
        const release = await exports.enter(scope.userId);
        reply.raw.once('close', release);
        const { filename, stream } = exportCustomerReportCsv(ctx, scope, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );
  };
}
