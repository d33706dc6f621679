import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdjustStockBodySchema,
  CreateProductBodySchema,
  ImportBatchBodySchema,
  ImportBatchEnvelopeSchema,
  ImportBatchResultSchema,
  ImportCheckBodySchema,
  ImportCheckResultSchema,
  ImportRowSchema,
  ProductCategoriesSchema,
  ProductCodeParamsSchema,
  ProductLookupSchema,
  ProductSchema,
  ProductSearchQuerySchema,
  ProductSuggestionSchema,
  ProductSummarySchema,
  ProductWindowSchema,
  RandomBarcodeResponseSchema,
  StockMovementWindowSchema,
  UpdateProductBodySchema,
  WindowParamsSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { NoContent, bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { slicedBodyValidator } from '../../lib/sliced-validation.ts';
import { createWorkGate } from '../../lib/work-gate.ts';
import { exportProductsCsv } from './product-export.service.ts';
import { importBatch } from './product-import.service.ts';
import { checkImport } from './import-check.service.ts';
import { suggestProduct } from './product-suggestion.service.ts';
import { scopeOf } from '../access/index.ts';
import * as products from './products.service.ts';
import { adjustStock, movementsWindow } from './stock-adjust.service.ts';

/** A batch of 1000 rows with long descriptions is larger than the default JSON body limit. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;
const FIRST_WINDOW = { page: 0, size: 20 };

/** `/api/secure/product`: the catalogue and stock of the store named by X-Store. */
export function productsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const scope = (request: FastifyRequest) => scopeOf(ctx, request);
  // Imports and exports share one cap: both read or write a whole catalogue.
  const catalogueJobs = createWorkGate(
    ctx.config.catalogueJobs,
    'The server is busy with other imports and exports. Please try again in a few seconds.',
  );
  return async (app) => {
    const base = { tags: ['products'], security: bearerAuth, headers: storeHeaders };
    const codeParams = ProductCodeParamsSchema;

    app.post(
      '/product',
      {
        config: { permission: 'PRODUCTS' },
        schema: {
          ...base,
          body: CreateProductBodySchema,
          response: { 201: ProductSchema, ...errorResponses(400, 401, 402, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await products.createProduct(ctx, await scope(request), request.body)),
    );

    app.get(
      '/product',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...base,
          description: 'The first window (page 0, size 20), sorted by name.',
          response: { 200: ProductWindowSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => products.searchWindow(ctx, await scope(request), FIRST_WINDOW.page, FIRST_WINDOW.size, {}),
    );

    app.get(
      '/product/search/window/:page/:size',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...base,
          description:
            '`q` matches code, name and brand (every word, case-insensitive); `category` filters exactly; `lowStock=true` keeps products at or below their reorder level.',
          params: WindowParamsSchema,
          querystring: ProductSearchQuerySchema,
          response: { 200: ProductWindowSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        products.searchWindow(ctx, await scope(request), request.params.page, request.params.size, request.query),
    );

    app.get(
      '/product/summary',
      {
        config: { permission: 'MEMBER' },
        schema: {
          ...base,
          description:
            'Product count, stock value at cost and at price (minor units of the main currency; negative stock counts as 0) and how many products are at or below their reorder level. The value at cost is null for a member with neither REPORTS nor PRODUCTS.',
          response: { 200: ProductSummarySchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => products.summary(ctx, await scope(request)),
    );

    app.get(
      '/product/random-barcode',
      {
        config: { permission: 'PRODUCTS' },
        schema: {
          ...base,
          description:
            "An unused in-store EAN-13 (prefix 20–29, else 040–049) that none of the store's barcode rules claims.",
          response: { 200: RandomBarcodeResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => products.randomBarcode(ctx, await scope(request)),
    );

    app.get(
      '/product/categories',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: { ...base, response: { 200: ProductCategoriesSchema, ...errorResponses(401, 404) } },
      },
      async (request) => products.listCategories(ctx, await scope(request)),
    );

    app.get(
      '/product/export.csv',
      {
        config: { permission: 'PRODUCTS' },
        schema: {
          ...base,
          description:
            'Every product as CSV (UTF-8 with BOM; prices as decimal text in the main currency), streamed as the client reads. A few exports and imports run at once per user and in total; past that 429 with Retry-After.',
          produces: ['text/csv'],
          response: { 200: z.unknown().describe('CSV text'), ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const caller = await scope(request);
        const release = await catalogueJobs.enter(caller.userId);
        // The slot is held until the response ends or the client goes away, however slowly it reads.
        reply.raw.once('close', release);
        const { filename, stream } = await exportProductsCsv(ctx, caller);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    app.post(
      '/product/import',
      {
        config: { permission: 'PRODUCTS' },
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          ...base,
          description:
            'One batch (≤ 1000 rows) of a CSV import; the same importId + batch again returns the first result. A few imports and exports run at once per user and in total; past that 429 with Retry-After.',
          body: ImportBatchBodySchema,
          response: { 200: ImportBatchResultSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
        },
        // The same checks as ImportBatchBodySchema, the rows in slices between event-loop turns, so
        // one batch does not hold other stores' requests for its 1,000 rows.
        validatorCompiler: slicedBodyValidator('rows', ImportBatchEnvelopeSchema, ImportRowSchema),
      },
      async (request) => {
        const caller = await scope(request);
        return catalogueJobs.run(caller.userId, () => importBatch(ctx, caller, request.body));
      },
    );

    app.post(
      '/product/import/check',
      {
        config: { permission: 'PRODUCTS' },
        schema: {
          ...base,
          description:
            'Before an import: which of these codes (≤ 1000) the store already has (their rows update and use no free-plan slot) and how many new products still fit (null without a limit).',
          body: ImportCheckBodySchema,
          response: { 200: ImportCheckResultSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => checkImport(ctx, await scope(request), request.body),
    );

    app.get(
      '/product/code/:code',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: { ...base, params: codeParams, response: { 200: ProductSchema, ...errorResponses(401, 404) } },
      },
      async (request) => products.getProduct(ctx, await scope(request), request.params.code),
    );

    app.get(
      '/product/lookup/:code',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...base,
          description:
            'The product with this barcode, or `{product: null}` when the store has none: the scan lookup, where an unknown code is an expected answer rather than an error.',
          params: codeParams,
          response: { 200: ProductLookupSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => products.lookupProduct(ctx, await scope(request), request.params.code),
    );

    app.put(
      '/product/code/:code',
      {
        config: { permission: 'PRODUCTS' },
        schema: {
          ...base,
          description: 'Edits the product (the code too); the quantity changes only through /adjust.',
          params: codeParams,
          body: UpdateProductBodySchema,
          response: { 200: ProductSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => products.updateProduct(ctx, await scope(request), request.params.code, request.body),
    );

    app.delete(
      '/product/code/:code',
      {
        config: { permission: 'PRODUCTS' },
        schema: {
          ...base,
          description: 'Deletes the product with its stock movements.',
          params: codeParams,
          response: { 204: NoContent, ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await products.deleteProduct(ctx, await scope(request), request.params.code);
        return reply.status(204).send();
      },
    );

    app.get(
      '/product/code/:code/jn',
      {
        config: { permission: 'PRODUCTS' },
        schema: {
          ...base,
          params: codeParams,
          response: { 200: ProductSuggestionSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => suggestProduct(ctx, await scope(request), request.params.code),
    );

    app.post(
      '/product/code/:code/adjust',
      {
        config: { permission: 'PRODUCTS' },
        schema: {
          ...base,
          description:
            '`delta` adds to the stock (ADJUSTMENT); `countedQuantity` sets it from a stock-take (COUNT of counted − current).',
          params: codeParams,
          body: AdjustStockBodySchema,
          response: { 200: ProductSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => adjustStock(ctx, await scope(request), request.params.code, request.body),
    );

    app.get(
      '/product/code/:code/movements',
      {
        config: { permission: 'MEMBER' },
        schema: {
          ...base,
          description: 'The first window (page 0, size 20) of the stock ledger, newest first.',
          params: codeParams,
          response: { 200: StockMovementWindowSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) =>
        movementsWindow(ctx, await scope(request), request.params.code, FIRST_WINDOW.page, FIRST_WINDOW.size),
    );

    app.get(
      '/product/code/:code/movements/window/:page/:size',
      {
        config: { permission: 'MEMBER' },
        schema: {
          ...base,
          params: z.object({ ...codeParams.shape, ...WindowParamsSchema.shape }),
          response: { 200: StockMovementWindowSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        movementsWindow(ctx, await scope(request), request.params.code, request.params.page, request.params.size),
    );
  };
}
