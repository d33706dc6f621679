import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdjustCardBodySchema,
  BlockCardBodySchema,
  CustomerIdParamsSchema,
  CustomerStoredValueSchema,
  ExceptionsQuerySchema,
  StoreUrlParamsSchema,
  StoredValueDetailSchema,
  StoredValueFilterSchema,
  StoredValueLiabilitySchema,
  StoredValueReportSchema,
  StoredValueSettingsSchema,
  StoredValueWindowSchema,
  WindowParamsSchema,
  cardCodeSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { createThrottle } from '../../lib/rate-limit.ts';
import { scopeForStore, scopeOf } from '../access/index.ts';
import { adjustCard, blockCard } from './card-admin.service.ts';
import { liability, report } from './liability.service.ts';
import { storedValueSettingsOf } from './stored-value-settings.ts';
import { updateStoredValueSettings } from './stored-value-settings.service.ts';
import * as cards from './stored-value.service.ts';

/**
 * A card's code is its bearer secret: lookups per member are limited (counted in the database, so
 * every app process shares them), plenty for a counter, far too few to walk 10^16 codes.
 */
const CARD_LOOKUPS = {
  max: 60,
  windowMs: 60_000,
  tooMany: 'Too many gift card lookups in a short time. Please wait a minute and try again.',
};

/** A card's code or a member code in the path, as typed or scanned (normalised like a card code). */
const CardCodeParamsSchema = z.object({ code: cardCodeSchema });
const dateText = ExceptionsQuerySchema.shape.from;

/** `/api/secure/stored-value`: gift cards and store credit of the store named by X-Store, and their settings. */
export function storedValueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const scope = (request: FastifyRequest) => scopeOf(ctx, request);
  const throttle = createThrottle(ctx.db, ctx.clock, ctx.log);
  return async (app) => {
    const base = { tags: ['stored-value'], security: bearerAuth, headers: storeHeaders };

    app.get(
      '/stored-value/code/:code',
      {
        config: { permission: 'SELL', till: 'member' },
        schema: {
          ...base,
          description:
            "A gift card or store credit by its code (spaces, dashes and lower case read the same), or a customer's member code for their store credit. With REPORTS its customer and entries (newest first, up to 200); a seller without REPORTS sees the balance, status and expiry only. Rate limited per member (429 with Retry-After): the code is the card's bearer secret.",
          params: CardCodeParamsSchema,
          response: { 200: StoredValueDetailSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => {
        const s = await scope(request);
        await throttle.hit('card-lookup', 'user', s.userId, CARD_LOOKUPS);
        return cards.getByCode(ctx, s, request.params.code);
      },
    );

    app.post(
      '/stored-value/code/:code/block',
      {
        config: { permission: 'SETTINGS' },
        schema: {
          ...base,
          description:
            'Blocks a card (lost, stolen) or unblocks it, with the reason: a BLOCK or UNBLOCK entry of 0, audited. A card already in that state answers as it is, with no second entry.',
          params: CardCodeParamsSchema,
          body: BlockCardBodySchema,
          response: { 200: StoredValueDetailSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => blockCard(ctx, await scope(request), request.params.code, request.body),
    );

    app.post(
      '/stored-value/code/:code/adjust',
      {
        config: { permission: 'SETTINGS' },
        schema: {
          ...base,
          description:
            "The owner's correction of a balance, signed, with the reason: an ADJUST entry, audited; never below zero (409 INSUFFICIENT_BALANCE); no cash moves. The same clientId with the same body answers the card as it is now; with another body 409 CLIENT_ID_REUSED.",
          params: CardCodeParamsSchema,
          body: AdjustCardBodySchema,
          response: { 200: StoredValueDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => adjustCard(ctx, await scope(request), request.params.code, request.body),
    );

    app.get(
      '/stored-value/search/window/:page/:size',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          description:
            "Gift cards and store credit, newest first. `q`: the start of a code, or a customer's name, phone or member code; `kind`; `status` ACTIVE (can pay today), BLOCKED, EXPIRED (past its last date) or EMPTY (nothing left).",
          params: WindowParamsSchema,
          querystring: StoredValueFilterSchema,
          response: { 200: StoredValueWindowSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        cards.searchWindow(ctx, await scope(request), request.params.page, request.params.size, request.query),
    );

    app.get(
      '/stored-value/customer/:customerId',
      {
        config: { permission: 'SELL', till: 'member' },
        schema: {
          ...base,
          description:
            "A customer's store credit (null before a refund paid into it): the balance for a seller, with its entries for REPORTS.",
          params: z.object({ customerId: CustomerIdParamsSchema.shape.id }),
          response: { 200: CustomerStoredValueSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => cards.customerCredit(ctx, await scope(request), request.params.customerId),
    );

    app.get(
      '/stored-value/liability',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          description:
            "Unused balances at the end of `at` (the store's day; default today), by kind; for a yen store the Payment Services Act's ¥10,000,000 threshold, a warning from 80% of it, and the totals at the last 31 March and 30 September dates.",
          querystring: z.object({ at: dateText.optional() }),
          response: { 200: StoredValueLiabilitySchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => liability(ctx, await scope(request), request.query.at),
    );

    app.get(
      '/stored-value/report',
      {
        config: { permission: 'REPORTS' },
        schema: {
          ...base,
          description:
            "Gift cards sold, redeemed, refunded, adjusted and expired (breakage), store credit issued and spent, in the period (the store's days, both included, at most 366), and what is outstanding at its end.",
          querystring: ExceptionsQuerySchema,
          response: { 200: StoredValueReportSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => report(ctx, await scope(request), request.query),
    );

    const storeBase = { tags: ['stores'], security: bearerAuth, params: StoreUrlParamsSchema };
    app.get(
      '/virtual-store/:urlName/stored-value',
      {
        config: { permission: 'SELL', till: 'member' },
        schema: { ...storeBase, response: { 200: StoredValueSettingsSchema, ...errorResponses(400, 401, 403, 404) } },
      },
      async (request) => storedValueSettingsOf((await scopeForStore(ctx, request, request.params.urlName)).store),
    );

    app.put(
      '/virtual-store/:urlName/stored-value',
      {
        config: { permission: 'SETTINGS' },
        schema: {
          ...storeBase,
          description:
            "Gift card settings: new cards expire 6 months after issue (on by default for a yen store: such cards fall outside the notification duty of Japan's Payment Services Act), where cards are usable and whom to ask, as printed on cards and receipts.",
          body: StoredValueSettingsSchema,
          response: { 200: StoredValueSettingsSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        updateStoredValueSettings(ctx, await scopeForStore(ctx, request, request.params.urlName), request.body),
    );
  };
}
