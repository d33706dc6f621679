import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PublicReceiptSchema,
  ReceiptTemplateBodySchema,
  ReceiptTemplateSchema,
  StoreUrlParamsSchema,
  TransactionCodeParamsSchema,
  buildReceiptDocument,
  buildReturnReceiptDocument,
  formatReceiptDate,
  receiptLabelsFor,
  returnReceiptPath,
  receiptLocaleFromAcceptLanguage,
} from '@shopdesk/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { AppError, rateLimited } from '../../core/errors.ts';
import { NoContent, bearerAuth, errorResponses } from '../../lib/schemas.ts';
import { scopeForStore } from '../access/index.ts';
import { languageCookie, pickedLanguage } from './receipt-language.ts';
import { RECEIPT_PAGE_CSP, receiptNotFoundPage, receiptPage } from './receipt-page.ts';
import * as receipts from './receipts.service.ts';

/**
 * Public receipts are read by anyone holding a code, so each client address gets a budget per
 * minute (@fastify/rate-limit, counted in the database by lib/rate-limit-store.ts, so every app
 * process shares it): plenty for a customer reopening a receipt, too little to walk the 32^12 codes.
 */
const PUBLIC_RECEIPT_LIMIT = {
  max: 60,
  timeWindow: 60_000,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => rateLimited(context.ttl),
};

const CODE = /^[0-9A-HJKMNP-TV-Z]{12}$/i;
/** A refund's number on its sale, from 1. */
const RETURN_NUMBER = /^[1-9][0-9]{0,2}$/;

/**
 * The receipt's own address, for its QR code: from APP_URL, never from the request's Host header,
 * which any client sets (a QR printed for a customer must not point wherever a request said).
 */
function receiptUrl(ctx: AppContext, code: string): string {
  return `${ctx.config.appUrl}/receipt/${code}`;
}

/** `/api/public/receipt/{code}` and its logo. */
export function publicReceiptRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['public'];
    app.get(
      '/receipt/:code',
      {
        config: { rateLimit: PUBLIC_RECEIPT_LIMIT },
        schema: {
          tags,
          description:
            'A completed sale as its customer may read it: store details the template allows, lines, totals, taxes, tenders, refunds, and the first name of who served when the template shows it. No ids, costs or emails. Parked carts and unknown codes answer 404. Rate limited per client address.',
          params: TransactionCodeParamsSchema,
          response: { 200: PublicReceiptSchema, ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache').header('x-robots-tag', 'noindex');
        return receipts.publicReceipt(ctx, request.params.code);
      },
    );
    app.get(
      '/receipt/:code/logo',
      {
        config: { rateLimit: PUBLIC_RECEIPT_LIMIT },
        schema: {
          tags,
          description: "The store's receipt logo, when the receipt's template shows it.",
          params: TransactionCodeParamsSchema,
          response: { 200: z.unknown().describe('The image bytes'), 304: NoContent, ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        const logo = await receipts.publicReceiptLogo(ctx, request.params.code);
        reply.header('cache-control', 'public, max-age=0, must-revalidate').header('etag', logo.etag);
        if (request.headers['if-none-match'] === logo.etag) return reply.status(304).send();
        return reply.type(logo.mime).send(logo.bytes);
      },
    );
  };
}

/**
 * `/receipt/{code}`: the public receipt page, and `/receipt/{code}/return/{n}`: the receipt of the
 * sale's n-th refund (a return invoice for a qualified sale), HTML drawn here (they win over the web
 * app's fallback). The sale's page links to each of its return receipts.
 */
export function receiptPageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { rateLimit: PUBLIC_RECEIPT_LIMIT };
    const pageOf = async (request: FastifyRequest, reply: FastifyReply, returnNumber: string | null) => {
      const code = (request.params as { code: string }).code;
      // The reader's pick, else the store's language; a page with no store (404) falls back on
      // the browser's languages.
      const picked = pickedLanguage(request.query, request.headers.cookie);
      if (picked?.fresh) reply.header('set-cookie', languageCookie(picked.language));
      reply
        .header('content-security-policy', RECEIPT_PAGE_CSP)
        .header('x-robots-tag', 'noindex')
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Language, Cookie')
        .type('text/html; charset=utf-8');
      let receipt;
      try {
        if (!CODE.test(code) || (returnNumber !== null && !RETURN_NUMBER.test(returnNumber))) {
          throw receipts.receiptNotFound();
        }
        receipt = await receipts.publicReceipt(ctx, code);
        if (returnNumber !== null && !receipt.refunds[Number(returnNumber) - 1]) throw receipts.receiptNotFound();
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) {
          const language = picked?.language ?? receiptLocaleFromAcceptLanguage(request.headers['accept-language']);
          return reply.status(404).send(receiptNotFoundPage(receiptLabelsFor(language)));
        }
        throw error;
      }
      const locale = picked?.language ?? receipt.store.language;
      const labels = receiptLabelsFor(locale);
      const options = { labels, locale: locale === 'ja' ? 'ja-JP' : 'en-US' };
      const title = receipt.store.name ? `${labels.title} · ${receipt.store.name}` : labels.title;
      if (returnNumber !== null) {
        const n = Number(returnNumber);
        const url = `${ctx.config.appUrl}${returnReceiptPath(receipt.code, n)}`;
        return reply.send(receiptPage(buildReturnReceiptDocument(receipt, n - 1, { ...options, url }), labels, title));
      }
      const doc = buildReceiptDocument(receipt, { ...options, url: receiptUrl(ctx, receipt.code) });
      const returns = receipt.refunds.map((r, i) => ({
        href: returnReceiptPath(receipt.code, i + 1),
        text: labels.returnReceiptLink(i + 1, formatReceiptDate(r.date, receipt.store.timezone, options.locale)),
      }));
      return reply.send(receiptPage(doc, labels, title, returns));
    };
    app.get('/receipt/:code', { config, schema: { hide: true } }, (request, reply) => pageOf(request, reply, null));
    app.get('/receipt/:code/return/:n', { config, schema: { hide: true } }, (request, reply) =>
      pageOf(request, reply, (request.params as { n: string }).n),
    );
  };
}

/** `/api/secure/virtual-store/{urlName}/receipt-template`: the owner's receipt template of a store. */
export function receiptTemplateRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const base = { tags: ['stores'], security: bearerAuth, params: StoreUrlParamsSchema };
    app.get(
      '/virtual-store/:urlName/receipt-template',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...base,
          description: "The store's receipt template (the default one until it is saved).",
          response: { 200: ReceiptTemplateSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => receipts.getTemplate(ctx, await scopeForStore(ctx, request, request.params.urlName)),
    );
    app.put(
      '/virtual-store/:urlName/receipt-template',
      {
        config: { permission: 'SETTINGS' },
        schema: {
          ...base,
          description:
            'Replaces the receipt template: header and footer text (up to 500 characters and 10 lines each), logo, store details, second currency, QR, "Served by" (showServedBy, off when left out), paper width 58 or 80 mm.',
          body: ReceiptTemplateBodySchema,
          response: { 200: ReceiptTemplateSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        receipts.putTemplate(ctx, await scopeForStore(ctx, request, request.params.urlName), request.body),
    );
  };
}
