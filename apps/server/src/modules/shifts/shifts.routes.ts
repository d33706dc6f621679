import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CashMoveBodySchema,
  CloseShiftBodySchema,
  CurrentShiftSchema,
  OpenShiftBodySchema,
  ShiftIdParamsSchema,
  ShiftReportSchema,
  ZReportPageSchema,
  ZReportsQuerySchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { scopeOf } from '../access/index.ts';
import * as shifts from './shifts.service.ts';

/** `/api/secure/shop/shift...`: the till's shifts, X and Z reports, in the store of X-Store. */
export function shiftsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const base = { tags: ['shifts'], security: bearerAuth, headers: storeHeaders };

    app.get(
      '/shop/shift/current',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...base,
          description: 'The open shift with its figures so far (the X report), or null when none is open.',
          response: { 200: CurrentShiftSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => shifts.currentShift(ctx, await scopeOf(ctx, request)),
    );

    app.post(
      '/shop/shift',
      {
        config: { permission: 'SHIFTS', till: 'member', approvable: true },
        schema: {
          ...base,
          description: 'Opens a shift with its float. 409 when one is open or the store does not use shifts.',
          body: OpenShiftBodySchema,
          response: { 201: ShiftReportSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const report = await shifts.openShift(ctx, await scopeOf(ctx, request), request.body);
        return reply.status(201).send(report);
      },
    );

    app.get(
      '/shop/shift/z-report',
      {
        config: { permission: 'REPORTS', till: 'member' },
        schema: {
          ...base,
          description: 'Closed shifts (Z reports), the latest first.',
          querystring: ZReportsQuerySchema,
          response: { 200: ZReportPageSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => shifts.listZReports(ctx, await scopeOf(ctx, request), request.query.page, request.query.size),
    );

    app.get(
      '/shop/shift/:id',
      {
        config: { permission: 'SHIFTS', till: 'member' },
        schema: {
          ...base,
          description: 'A shift: its X report while open, its Z report once closed.',
          params: ShiftIdParamsSchema,
          response: { 200: ShiftReportSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => shifts.readShift(ctx, await scopeOf(ctx, request), request.params.id),
    );

    app.post(
      '/shop/shift/:id/cash-move',
      {
        config: { permission: 'CASH_MOVES', till: 'member', approvable: true },
        schema: {
          ...base,
          description: 'A pay-in or pay-out with its reason. The same clientId again changes nothing. 409 once closed.',
          params: ShiftIdParamsSchema,
          body: CashMoveBodySchema,
          response: { 201: ShiftReportSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const report = await shifts.recordCashMove(ctx, await scopeOf(ctx, request), request.params.id, request.body);
        return reply.status(201).send(report);
      },
    );

    app.post(
      '/shop/shift/:id/close',
      {
        config: { permission: 'SHIFTS', till: 'member', approvable: true },
        schema: {
          ...base,
          description:
            'Closes the shift with the blind count by denomination; answers the Z report (expected, counted, difference). 409 once closed.',
          params: ShiftIdParamsSchema,
          body: CloseShiftBodySchema,
          response: { 200: ShiftReportSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => shifts.closeShift(ctx, await scopeOf(ctx, request), request.params.id, request.body),
    );
  };
}
