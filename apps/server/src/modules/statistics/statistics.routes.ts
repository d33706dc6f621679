import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CustomerReportCsvQuerySchema,
  CustomerReportQuerySchema,
  CustomerReportSchema,
  ItemGridQuerySchema,
  ItemGridSchema,
  ItemIdParamsSchema,
  ItemSalesQuerySchema,
  ItemSalesReportSchema,
  ItemStockQuerySchema,
  ItemStockReportSchema,
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
import { itemGrid, itemSalesReport, itemStockReport } from './item-report.service.ts';
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
      '/shop/statistic/items',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          description:
            'Net sales of the local dates `from` to `to` (inclusive) by item (`by=item`, default: its variants added up) or by variant (`by=variant`): quantity, refunded quantity, revenue, and cost and profit for a member who may see costs; highest revenue first, the first `top` (default 100), `more` counts the rest.',
          querystring: ItemSalesQuerySchema,
          response: { 200: ItemSalesReportSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => itemSalesReport(ctx, await scopeOf(ctx, request), request.query),
    );

    app.get(
      '/shop/statistic/item-stock',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          description:
            "Stock now by item (default) or by variant: quantity, value at cost (for a member who may see costs) and at price, the reorder level and the variants at or below it (`lowStock=true`: only those rows); highest value at price first, the first `top` (default 100), with the store's totals.",
          querystring: ItemStockQuerySchema,
          response: { 200: ItemStockReportSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => itemStockReport(ctx, await scopeOf(ctx, request), request.query),
    );

    app.get(
      '/item/:id/grid',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          tags: ['items'],
          description:
            "An item's variants as a grid: option 1 values as rows × option 2 values as columns (one column for an item with one option), each cell a variant with its stock now and its net sales of the local dates `from` to `to`, and the totals of each row and column.",
          params: ItemIdParamsSchema,
          querystring: ItemGridQuerySchema,
          response: { 200: ItemGridSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => itemGrid(ctx, await scopeOf(ctx, request), request.params.id, request.query),
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
