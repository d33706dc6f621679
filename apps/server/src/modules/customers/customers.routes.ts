import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdjustPointsBodySchema,
  CreateCustomerBodySchema,
  CustomerAtCounterSchema,
  CustomerCodeParamsSchema,
  CustomerHistoryWindowSchema,
  CustomerIdParamsSchema,
  CustomerImportBatchBodySchema,
  CustomerImportBatchEnvelopeSchema,
  CustomerImportCheckBodySchema,
  CustomerImportRowSchema,
  ImportBatchResultSchema,
  ImportCheckResultSchema,
  CustomerSchema,
  CustomerSearchQuerySchema,
  CustomerSearchWindowSchema,
  LoyaltySettingsSchema,
  StoreUrlParamsSchema,
  UpdateCustomerBodySchema,
  WindowParamsSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { NoContent, bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { slicedBodyValidator } from '../../lib/sliced-validation.ts';
import { createWorkGate } from '../../lib/work-gate.ts';
import { scopeForStore, scopeOf } from '../access/index.ts';
import { exportCustomersCsv } from './customer-export.service.ts';
import { checkCustomerImport, importCustomers } from './customer-import.service.ts';
import * as customers from './customers.service.ts';
import * as loyalty from './loyalty.service.ts';
import { loyaltyOf } from '../loyalty/index.ts';

const FIRST_WINDOW = { page: 0, size: 20 };
/** A batch of 1000 rows with long notes is larger than the default JSON body limit. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;
/** What a seller reads of one customer: the full record with REPORTS, the counter's view otherwise. */
const CustomerViewSchema = z.union([CustomerSchema, CustomerAtCounterSchema]);

/** `/api/secure/customer`: the customers of the store named by X-Store, and the store's loyalty settings. */
export function customersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const scope = (request: FastifyRequest) => scopeOf(ctx, request);
  // Imports and exports of whole customer lists share one cap, as the catalogue's do.
  const listJobs = createWorkGate(
    ctx.config.catalogueJobs,
    'The server is busy with other imports and exports. Please try again in a few seconds.',
  );
  return async (app) => {
    const base = { tags: ['customers'], security: bearerAuth, headers: storeHeaders };
    const idParams = CustomerIdParamsSchema;

    app.get(
      '/customer',
      {
        config: { permission: 'SELL', till: 'member' },
        schema: {
          ...base,
          description: 'The first window (page 0, size 20), sorted by name.',
          response: { 200: CustomerSearchWindowSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => customers.searchWindow(ctx, await scope(request), FIRST_WINDOW.page, FIRST_WINDOW.size, {}),
    );

    app.get(
      '/customer/search/window/:page/:size',
      {
        config: { permission: 'SELL', till: 'member' },
        schema: {
          ...base,
          description:
            '`q` matches word prefixes of the name and furigana (katakana = hiragana, full-width = half-width), the email, the member code, and phone digits (from the start, or the last four). Full records with REPORTS, the counter view otherwise.',
          params: WindowParamsSchema,
          querystring: CustomerSearchQuerySchema,
          response: { 200: CustomerSearchWindowSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        customers.searchWindow(ctx, await scope(request), request.params.page, request.params.size, request.query),
    );

    app.post(
      '/customer',
      {
        config: { permission: 'SELL', till: 'member' },
        schema: {
          ...base,
          description:
            'Creates a customer with a new member code. The same clientId with the same body answers the first customer (200); with another body 409 CLIENT_ID_REUSED. Free plan: 402 past the customer limit per store.',
          body: CreateCustomerBodySchema,
          response: { 200: CustomerSchema, 201: CustomerSchema, ...errorResponses(400, 401, 402, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const { customer, created } = await customers.createCustomer(ctx, await scope(request), request.body);
        return reply.status(created ? 201 : 200).send(customer);
      },
    );

    app.get(
      '/customer/export.csv',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          description:
            'Every customer as CSV (UTF-8 with BOM), streamed as the client reads; audited (CUSTOMER_EXPORT). A few exports and imports run at once per user and in total; past that 429 with Retry-After.',
          produces: ['text/csv'],
          response: { 200: z.unknown().describe('CSV text'), ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const caller = await scope(request);
        const release = await listJobs.enter(caller.userId);
        reply.raw.once('close', release);
        const { filename, stream } = await exportCustomersCsv(ctx, caller);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    app.post(
      '/customer/import/batch',
      {
        config: { permission: 'REPORTS' },
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          ...base,
          description:
            'One batch (≤ 1000 rows) of a customer CSV import: a known member code updates, a new one is kept, none makes one; bad rows are listed by line. The same importId + batch again returns the first result. Free plan: rows past the customer limit are `limited`.',
          body: CustomerImportBatchBodySchema,
          response: { 200: ImportBatchResultSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
        },
        validatorCompiler: slicedBodyValidator('rows', CustomerImportBatchEnvelopeSchema, CustomerImportRowSchema),
      },
      async (request) => {
        const caller = await scope(request);
        return listJobs.run(caller.userId, () => importCustomers(ctx, caller, request.body));
      },
    );

    app.post(
      '/customer/import/check',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          description:
            'Before an import: which of these member codes (≤ 1000) the store already has and how many new customers still fit (`productLimit` is the customer limit per store; null without a limit).',
          body: CustomerImportCheckBodySchema,
          response: { 200: ImportCheckResultSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => checkCustomerImport(ctx, await scope(request), request.body),
    );

    app.get(
      '/customer/code/:code',
      {
        config: { permission: 'SELL', till: 'member' },
        schema: {
          ...base,
          description:
            'The customer with this member code (as scanned or typed: full-width and lower case read the same).',
          params: CustomerCodeParamsSchema,
          response: { 200: CustomerViewSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => customers.getCustomerByCode(ctx, await scope(request), request.params.code),
    );

    app.get(
      '/customer/:id',
      {
        config: { permission: 'SELL', till: 'member' },
        schema: {
          ...base,
          params: idParams,
          response: { 200: CustomerViewSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => customers.getCustomer(ctx, await scope(request), request.params.id),
    );

    app.put(
      '/customer/:id',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          params: idParams,
          body: UpdateCustomerBodySchema,
          response: { 200: CustomerSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => customers.updateCustomer(ctx, await scope(request), request.params.id, request.body),
    );

    app.delete(
      '/customer/:id',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          description:
            'Anonymises the customer: name, phone, email and note emptied, no longer found, their sales unlinked; the points ledger is kept.',
          params: idParams,
          response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await customers.deleteCustomer(ctx, await scope(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/customer/:id/history',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          description: "The customer's sales and points entries, newest first (page 0, size 20 by default).",
          params: idParams,
          querystring: z.object({
            page: z.coerce.number().int().min(0).max(999_999_999).default(0),
            size: z.coerce.number().int().min(1).max(100).default(20),
          }),
          response: { 200: CustomerHistoryWindowSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        loyalty.historyWindow(ctx, await scope(request), request.params.id, request.query.page, request.query.size),
    );

    app.post(
      '/customer/:id/points',
      {
        config: { permission: 'OWNER' },
        schema: {
          ...base,
          description:
            "The owner's adjustment of a customer's points, with its reason (audited); never below 0 points (400).",
          params: idParams,
          body: AdjustPointsBodySchema,
          response: { 200: CustomerSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => loyalty.adjustPoints(ctx, await scope(request), request.params.id, request.body),
    );

    const storeBase = { tags: ['stores'], security: bearerAuth, params: StoreUrlParamsSchema };
    app.get(
      '/virtual-store/:urlName/loyalty',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: { ...storeBase, response: { 200: LoyaltySettingsSchema, ...errorResponses(400, 401, 404) } },
      },
      async (request) => loyaltyOf((await scopeForStore(ctx, request, request.params.urlName)).store),
    );

    app.put(
      '/virtual-store/:urlName/loyalty',
      {
        config: { permission: 'SETTINGS' },
        schema: {
          ...storeBase,
          description: 'The loyalty programme: on or off, earn rate, point value, least redemption, expiry.',
          body: LoyaltySettingsSchema,
          response: { 200: LoyaltySettingsSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        loyalty.updateLoyalty(ctx, await scopeForStore(ctx, request, request.params.urlName), request.body),
    );
  };
}
