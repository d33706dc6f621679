import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DisplaySnapshotSchema,
  DisplayTokenParamsSchema,
  ReceiptMailBodySchema,
  ReceiptMailResponseSchema,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { rateLimited } from '../../core/errors.ts';
import { NoContent, errorResponses } from '../../lib/schemas.ts';
import type { DisplayHub } from './display-hub.ts';
import { openStream } from './display-stream.ts';
import * as display from './display.service.ts';
import { mailFromDisplay } from './display-mail.service.ts';

/** Per client address: a display opens these when it starts and when it reconnects, not per state. */
const DISPLAY_LIMIT = {
  max: 120,
  timeWindow: 60_000,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => rateLimited(context.ttl),
};
const MAIL_LIMIT = { ...DISPLAY_LIMIT, max: 10 };

/** The display's side (product.md §5): by its token alone, no login. */
export function displayPublicRoutes(ctx: AppContext, hub: DisplayHub): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['public'];

    app.get(
      '/display/:token',
      {
        config: { rateLimit: DISPLAY_LIMIT },
        schema: {
          tags,
          description:
            "What a paired display starts from: the store's name, logo, language and currencies, and the newest state. Unknown and revoked tokens answer the same 404.",
          params: DisplayTokenParamsSchema,
          response: { 200: DisplaySnapshotSchema, ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
        return display.snapshot(ctx, request.params.token);
      },
    );

    app.get(
      '/display/:token/events',
      {
        config: { rateLimit: DISPLAY_LIMIT },
        schema: {
          tags,
          description:
            'Server-Sent Events (text/event-stream): first `state` with the newest state (or null), then each newer one; a comment line every 15 s; `revoked` (then the end) when the pairing is revoked. 404 for unknown and revoked tokens; 429 past the open streams a display, a store or the server may have.',
          params: DisplayTokenParamsSchema,
          response: { 200: z.string().describe('text/event-stream'), ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        const token = request.params.token;
        const pairing = await display.pairingOfToken(ctx, token);
        reply.header('x-robots-tag', 'noindex');
        await openStream(hub, request, reply, pairing, () => display.pairingOfToken(ctx, token).catch(() => undefined));
        return reply;
      },
    );

    app.get(
      '/display/:token/logo',
      {
        config: { rateLimit: DISPLAY_LIMIT },
        schema: {
          tags,
          description: "The store's receipt logo, for its displays, when its receipt template shows one.",
          params: DisplayTokenParamsSchema,
          response: { 200: z.unknown().describe('The image bytes'), 304: NoContent, ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        const logo = await display.logo(ctx, request.params.token);
        reply.header('cache-control', 'no-cache').header('etag', logo.etag);
        if (request.headers['if-none-match'] === logo.etag) return reply.status(304).send();
        return reply.type(logo.mime).send(logo.bytes);
      },
    );

    app.post(
      '/display/:token/receipt-mail',
      {
        config: { rateLimit: MAIL_LIMIT },
        schema: {
          tags,
          description:
            'Mails the receipt of the sale this display shows as paid (its state has the receipt code), within 15 minutes of that state; 404 otherwise. Rate limited per client address, per display, per store and per address (429). The answer is the same whoever the address belongs to.',
          params: DisplayTokenParamsSchema,
          body: ReceiptMailBodySchema,
          response: { 202: ReceiptMailResponseSchema, ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        await mailFromDisplay(ctx, app.outbox, request.params.token, request.body);
        return reply.status(202).send({ sent: true });
      },
    );
  };
}
