import {
  CargoCodeParamsSchema,
  CargoQrPreviewSchema,
  CargoQrReceiveBodySchema,
  CargoQrSchema,
  CargoSchema,
  CargoTransferBodySchema,
} from '@shopdesk/shared';
import { MINUTE } from '../../lib/clock.ts';
import { createThrottle } from '../../lib/rate-limit.ts';
import { errorResponses } from '../../lib/schemas.ts';
import * as handOver from './cargo-handover.service.ts';
import { previewQr } from './cargo-qr-check.ts';
import type { CargoApp, CargoRouteKit } from './cargo-route-kit.ts';

/**
 * QR hand-overs write a token or try one: generous for a shop handing over a day's shipments,
 * tight enough that guessing tokens (128-bit nonces, signed) is pointless and cannot load the database.
 */
const TOO_MANY_QR = 'Too many transfer QR codes in a short time. Please wait a few minutes and try again.';
const QR_ISSUE = { max: 60, windowMs: 10 * MINUTE, tooMany: TOO_MANY_QR };
const QR_RECEIVE = { max: 30, windowMs: 10 * MINUTE, tooMany: TOO_MANY_QR };
/** A preview comes before each receive, and again when the receiver reopens the link. */
const QR_PREVIEW = { max: 60, windowMs: 10 * MINUTE, tooMany: TOO_MANY_QR };

/** Hand-over: a QR token issued, previewed and received, and a direct transfer to another store of the user. */
export function registerHandOverRoutes(app: CargoApp, { ctx, scope, base }: CargoRouteKit): void {
  const throttle = createThrottle(ctx.db, ctx.clock, ctx.log);

  app.get(
    '/cargo/code/:code/qr',
    {
      config: { permission: 'CARGO_RECEIVE' },
      schema: {
        ...base,
        description:
          'A fresh single-use transfer token (24 h) and the link to show as a QR code. 409 unless NOT_ARRIVED. Rate limited.',
        params: CargoCodeParamsSchema,
        response: { 200: CargoQrSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const s = await scope(request);
      await throttle.hit('cargo-qr-issue', 'user', s.userId, QR_ISSUE);
      return handOver.issueQr(ctx, s, request.params.code);
    },
  );

  app.post(
    '/cargo/qr/transfer',
    {
      config: { permission: 'CARGO_RECEIVE' },
      schema: {
        ...base,
        description:
          "Receives a cargo by its transfer token (or the scanned link) into the caller's current store → 201 the new NOT_ARRIVED handOver. 402 past the free cargo limit, 404 not a valid token, 409 used, expired or arrived. Rate limited.",
        body: CargoQrReceiveBodySchema,
        response: { 201: CargoSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const s = await scope(request);
      await throttle.hit('cargo-qr-receive', 'user', s.userId, QR_RECEIVE);
      return reply.status(201).send(await handOver.receiveByQr(ctx, s, request.body.token));
    },
  );

  app.post(
    '/cargo/qr/preview',
    {
      config: { permission: 'CARGO_RECEIVE' },
      schema: {
        ...base,
        description:
          'The cargo a transfer token (or the scanned link) hands over: its name, code, sending store and totals, for the confirmation before receiving. Nothing is written. 404 not a valid token, 409 used, expired or arrived. Rate limited.',
        body: CargoQrReceiveBodySchema,
        response: { 200: CargoQrPreviewSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const s = await scope(request);
      await throttle.hit('cargo-qr-preview', 'user', s.userId, QR_PREVIEW);
      return previewQr(ctx, s, request.body.token);
    },
  );

  app.post(
    '/cargo/code/:code/transfer',
    {
      config: { permission: 'CARGO_RECEIVE' },
      schema: {
        ...base,
        description:
          "Hands the cargo to another of the user's stores: it becomes TRANSFERRED here and a NOT_ARRIVED copy appears there. 409 when ARRIVED.",
        params: CargoCodeParamsSchema,
        body: CargoTransferBodySchema,
        response: { 200: CargoSchema, ...errorResponses(400, 401, 402, 403, 404, 409) },
      },
    },
    async (request) =>
      handOver.transferToStore(ctx, await scope(request), request.params.code, request.body.targetStore),
  );
}
