import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DisplayPairBodySchema,
  DisplayPairingListSchema,
  DisplayPairingParamsSchema,
  DisplayPairResponseSchema,
  DisplayStateSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { NoContent, bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { scopeOf } from '../access/index.ts';
import type { DisplayHub } from './display-hub.ts';
import * as display from './display.service.ts';

/**
 * The counter's side of the customer display (product.md §5): pairing a device by QR, listing and
 * revoking the store's displays, and sending each new state. SELL (what a cashier at the counter
 * has), from a person's session or a till with a member unlocked.
 */
export function displayRoutes(ctx: AppContext, hub: DisplayHub): FastifyPluginAsyncZod {
  return async (app) => {
    const base = { tags: ['display'], security: bearerAuth, headers: storeHeaders };
    const config = { permission: 'SELL', till: 'member' } as const;

    app.post(
      '/display/pair',
      {
        config,
        schema: {
          ...base,
          description:
            "Pairs a customer display with the store (X-Store): answers its url ({APP_URL}/display/{token}) and the url's QR as an SVG data URL, once; the server keeps only the token's hash. At most 20 live displays a store (409).",
          body: DisplayPairBodySchema.optional(),
          response: { 201: DisplayPairResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const paired = await display.pair(ctx, await scopeOf(ctx, request), request.body?.name);
        return reply.status(201).send(paired);
      },
    );

    app.get(
      '/display/pair',
      {
        config,
        schema: {
          ...base,
          description:
            "The store's live displays: name, who paired it, when last seen, and whether one is connected now.",
          response: { 200: DisplayPairingListSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => display.list(ctx, await scopeOf(ctx, request)),
    );

    app.delete(
      '/display/pair/:id',
      {
        config,
        schema: {
          ...base,
          description:
            "Revokes a display of the store: its open streams get `revoked` and end at once, on every app process, and its link answers 404 from then on. Revoking a revoked display again answers 204; another store's display is 404.",
          params: DisplayPairingParamsSchema,
          response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await display.revoke(ctx, hub, await scopeOf(ctx, request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.put(
      '/display/pair/:id/state',
      {
        config,
        schema: {
          ...base,
          description:
            "The counter's newest state for a display (strict: any field not in DisplayState, such as a cost, is 400). The server keeps the newest by seq (an older one is ignored, 204 all the same) and pushes it to the display's stream.",
          params: DisplayPairingParamsSchema,
          body: DisplayStateSchema,
          response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await display.putState(ctx, hub, await scopeOf(ctx, request), request.params.id, request.body);
        return reply.status(204).send();
      },
    );
  };
}
