import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditPeopleSchema,
  AuditQuerySchema,
  AuditWindowSchema,
  StaffReportQuerySchema,
  StaffReportSchema,
  StoreUrlParamsSchema,
  WindowParamsSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { scopeForStore, scopeOf } from '../access/index.ts';
import * as audit from './audit.service.ts';
import { staffReport } from './staff-report.service.ts';

/** `/api/secure/virtual-store/{urlName}/audit...`: the store's audit log (product.md §6), for REPORTS. */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
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
  };
}
