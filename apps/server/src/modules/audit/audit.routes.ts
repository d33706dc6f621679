import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditPeopleSchema,
  AuditQuerySchema,
  AuditWindowSchema,
  ExceptionsQuerySchema,
  ExceptionsReportSchema,
  MAX_EXCEPTION_DAYS,
  StaffReportQuerySchema,
  StaffReportSchema,
  StoreUrlParamsSchema,
  WindowParamsSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { createWorkGate } from '../../lib/work-gate.ts';
import { bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { scopeForStore, scopeOf } from '../access/index.ts';
import * as audit from './audit.service.ts';
import { exportExceptionsCsv } from './exceptions-export.service.ts';
import { exceptionsReport } from './exceptions-report.service.ts';
import { staffReport } from './staff-report.service.ts';

/**
 * `/api/secure/virtual-store/{urlName}/audit...`: the store's audit log (product.md §6), for REPORTS;
 * the report by staff; and the exceptions report, for every member (their own rows without REPORTS).
 */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // A CSV of a year of exceptions reads as much as a catalogue export: the same caps, of its own.
  const exports = createWorkGate(
    ctx.config.catalogueJobs,
    'The server is busy with other exports. Please try again in a few seconds.',
  );
  return async (app) => {
    const base = { tags: ['audit'], security: bearerAuth };

    app.get(
      '/virtual-store/:urlName/audit/window/:page/:size',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          description:
            'Who did what, newest first: sales, refunds, stock, products, cargos, shifts, settings and members. Filters: userId, action, from and to (days in the store timezone, both included).',
          params: StoreUrlParamsSchema.extend(WindowParamsSchema.shape),
          querystring: AuditQuerySchema,
          response: { 200: AuditWindowSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { urlName, page, size } = request.params;
        return audit.listEvents(ctx, await scopeForStore(ctx, request, urlName), page, size, request.query);
      },
    );

    app.get(
      '/virtual-store/:urlName/audit/people',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          description: "The log's member filter: the store's members and everyone with an event in it.",
          params: StoreUrlParamsSchema,
          response: { 200: AuditPeopleSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => audit.listPeople(ctx, await scopeForStore(ctx, request, request.params.urlName)),
    );

    app.get(
      '/shop/statistic/by-member',
      {
        config: { permission: 'REPORTS' },
        schema: {
          tags: ['statistics'],
          security: bearerAuth,
          headers: storeHeaders,
          description:
            "Reports by staff: each member's sales (count, total), refunds (count, total), discounts and approvals (received from others, given to others) over the store's days from-to (both included).",
          querystring: StaffReportQuerySchema,
          response: { 200: StaffReportSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => staffReport(ctx, await scopeOf(ctx, request), request.query.from, request.query.to),
    );

    const exceptions = {
      tags: ['statistics'],
      security: bearerAuth,
      headers: storeHeaders,
      querystring: ExceptionsQuerySchema,
    };
    // MEMBER: a cashier reads their own rows; the service narrows to them without REPORTS.
    app.get(
      '/report/exceptions',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...exceptions,
          description: `The exceptions report of the store's days from-to (both included, at most ${MAX_EXCEPTION_DAYS}): every price override (with the catalogue price when the line keeps one), discount, approval, refund, voided held cart, no-sale and cash move, by member, with totals per kind and per member. With REPORTS every member's rows; without it the caller's own (ownOnly).`,
          response: { 200: ExceptionsReportSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => exceptionsReport(ctx, await scopeOf(ctx, request), request.query),
    );

    app.get(
      '/report/exceptions.csv',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...exceptions,
          description:
            'The rows of the exceptions report as CSV (UTF-8 with BOM, oldest first, times in the store time zone, amounts as decimal text in the main currency), streamed as the client reads; the same own-rows rule. A few exports run at once per user and in total; past that 429 with Retry-After.',
          produces: ['text/csv'],
          response: { 200: z.unknown().describe('CSV text'), ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (request, reply) => {
        const scope = await scopeOf(ctx, request);
        const release = await exports.enter(scope.userId);
        // The slot is held until the response ends or the client goes away, however slowly it reads.
        reply.raw.once('close', release);
        const { filename, stream } = exportExceptionsCsv(ctx, scope, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );
  };
}
