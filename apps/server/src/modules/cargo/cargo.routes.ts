import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CargoChangesSchema,
  CargoCodeBodySchema,
  CargoCodeParamsSchema,
  CargoContentBodySchema,
  CargoContentListSchema,
  CargoContentParamsSchema,
  CargoContentSchema,
  CargoContentWindowParamsSchema,
  CargoContentWindowSchema,
  CargoDifferenceParamsSchema,
  CargoDifferenceQuerySchema,
  CargoDifferenceResultSchema,
  CargoListSchema,
  CargoQrPreviewSchema,
  CargoQrReceiveBodySchema,
  CargoQrSchema,
  CargoSchema,
  CargoSearchQuerySchema,
  CargoTransferBodySchema,
  CargoWindowSchema,
  NewCargoBodySchema,
  UpdateCargoBodySchema,
  UpdateCargoContentBodySchema,
  WindowParamsSchema,
} from '@shopdesk/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { MINUTE } from '../../lib/clock.ts';
import { createThrottle } from '../../lib/rate-limit.ts';
import { NoContent, bearerAuth, errorResponses, storeHeaders } from '../../lib/schemas.ts';
import { scopeOf } from '../access/index.ts';
import { previewQr } from './cargo-qr-check.ts';
import * as cargo from './cargo.service.ts';

const FIRST_WINDOW = { page: 0, size: 20 };

/**
 * QR hand-overs write a token or try one: generous for a shop handing over a day's shipments,
 * tight enough that guessing tokens (128-bit nonces, signed) is pointless and cannot load the database.
 */
const TOO_MANY_QR = 'Too many transfer QR codes in a short time. Please wait a few minutes and try again.';
const QR_ISSUE = { max: 60, windowMs: 10 * MINUTE, tooMany: TOO_MANY_QR };
const QR_RECEIVE = { max: 30, windowMs: 10 * MINUTE, tooMany: TOO_MANY_QR };
/** A preview comes before each receive, and again when the receiver reopens the link. */
const QR_PREVIEW = { max: 60, windowMs: 10 * MINUTE, tooMany: TOO_MANY_QR };

/** `/api/secure/cargo...` and `/api/secure/cargo-content...` (product.md §6), in the store of X-Store. */
export function cargoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const throttle = createThrottle(ctx.db, ctx.clock, ctx.log);
  const scope = (request: FastifyRequest) => scopeOf(ctx, request);

  return async (app) => {
    const base = { tags: ['cargo'], security: bearerAuth, headers: storeHeaders };

    app.get(
      '/cargo',
      {
        config: { permission: 'MEMBER' },
        schema: {
          ...base,
          description: 'The first window (page 0, size 20) of cargos, newest first.',
          response: { 200: CargoWindowSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => cargo.searchWindow(ctx, await scope(request), FIRST_WINDOW.page, FIRST_WINDOW.size, {}),
    );

    app.get(
      '/cargo/search/window/:page/:size',
      {
        config: { permission: 'MEMBER' },
        schema: {
          ...base,
          description:
            'Cargos newest first, with their totals. `status` filters; `q` matches code, name, origin and content barcodes.',
          params: WindowParamsSchema,
          querystring: CargoSearchQuerySchema,
          response: { 200: CargoWindowSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        cargo.searchWindow(ctx, await scope(request), request.params.page, request.params.size, request.query),
    );

    app.post(
      '/cargo/new',
      {
        config: { permission: 'CARGO' },
        schema: {
          ...base,
          description: 'Creates a NOT_ARRIVED cargo, optionally with contents. 402 past the free cargo limit.',
          body: NewCargoBodySchema,
          response: { 201: CargoSchema, ...errorResponses(400, 401, 402, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await cargo.createCargo(ctx, await scope(request), request.body)),
    );

    app.get(
      '/cargo/not-arrived',
      {
        config: { permission: 'MEMBER' },
        schema: {
          ...base,
          description: 'The newest 200 NOT_ARRIVED cargos.',
          response: { 200: CargoListSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => cargo.listByStatus(ctx, await scope(request), 'NOT_ARRIVED'),
    );

    app.get(
      '/cargo/arrived',
      {
        config: { permission: 'MEMBER' },
        schema: {
          ...base,
          description: 'The newest 200 ARRIVED cargos.',
          response: { 200: CargoListSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => cargo.listByStatus(ctx, await scope(request), 'ARRIVED'),
    );

    app.post(
      '/cargo/arrived',
      {
        config: { permission: 'CARGO_RECEIVE' },
        schema: {
          ...base,
          description:
            "Marks the cargo ARRIVED: each line's received count (else its quantity) enters stock once (CARGO_ARRIVAL), missing products are created. Already ARRIVED: nothing changes.",
          body: CargoCodeBodySchema,
          response: { 200: CargoSchema, ...errorResponses(400, 401, 402, 403, 404, 409) },
        },
      },
      async (request) => cargo.markArrived(ctx, await scope(request), request.body.code),
    );

    app.post(
      '/cargo/not-arrived',
      {
        config: { permission: 'CARGO_RECEIVE' },
        schema: {
          ...base,
          description:
            'Marks an ARRIVED cargo NOT_ARRIVED, taking back exactly what its arrival booked (CARGO_REVERT). Already NOT_ARRIVED: nothing changes.',
          body: CargoCodeBodySchema,
          response: { 200: CargoSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => cargo.markNotArrived(ctx, await scope(request), request.body.code),
    );

    app.get(
      '/cargo/code/:code',
      {
        config: { permission: 'MEMBER' },
        schema: {
          ...base,
          description: 'One cargo with its totals.',
          params: CargoCodeParamsSchema,
          response: { 200: CargoSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => cargo.getCargo(ctx, await scope(request), request.params.code),
    );

    app.get(
      '/cargo/code/:code/changes',
      {
        config: { permission: 'MEMBER' },
        schema: {
          ...base,
          description:
            "The cargo's changes cursor: it moves with every change of the cargo or its lines (any device's). Devices counting the cargo poll it and read the lines again when it moved.",
          params: CargoCodeParamsSchema,
          response: { 200: CargoChangesSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => cargo.cargoChanges(ctx, await scope(request), request.params.code),
    );

    app.put(
      '/cargo/code/:code',
      {
        config: { permission: 'CARGO' },
        schema: {
          ...base,
          description: "Edits the cargo's name, origin and note. 409 once TRANSFERRED.",
          params: CargoCodeParamsSchema,
          body: UpdateCargoBodySchema,
          response: { 200: CargoSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => cargo.updateCargo(ctx, await scope(request), request.params.code, request.body),
    );

    app.delete(
      '/cargo/code/:code',
      {
        config: { permission: 'CARGO' },
        schema: {
          ...base,
          description: 'Deletes the cargo and its contents. 409 while ARRIVED (mark it not arrived first).',
          params: CargoCodeParamsSchema,
          response: { 204: NoContent, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await cargo.deleteCargo(ctx, await scope(request), request.params.code);
        return reply.status(204).send();
      },
    );

    app.get(
      '/cargo/code/:code/contents',
      {
        config: { permission: 'MEMBER' },
        schema: {
          ...base,
          description:
            "Every line of the cargo, newest first. On a TRANSFERRED cargo, receivedQuantity is the receiver's count.",
          params: CargoCodeParamsSchema,
          response: { 200: CargoContentListSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => cargo.listContents(ctx, await scope(request), request.params.code),
    );

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
        return cargo.issueQr(ctx, s, request.params.code);
      },
    );

    app.post(
      '/cargo/qr/transfer',
      {
        config: { permission: 'CARGO_RECEIVE' },
        schema: {
          ...base,
          description:
            "Receives a cargo by its transfer token (or the scanned link) into the caller's current store → 201 the new NOT_ARRIVED cargo. 402 past the free cargo limit, 404 not a valid token, 409 used, expired or arrived. Rate limited.",
          body: CargoQrReceiveBodySchema,
          response: { 201: CargoSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const s = await scope(request);
        await throttle.hit('cargo-qr-receive', 'user', s.userId, QR_RECEIVE);
        return reply.status(201).send(await cargo.receiveByQr(ctx, s, request.body.token));
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
        cargo.transferToStore(ctx, await scope(request), request.params.code, request.body.targetStore),
    );

    app.get(
      '/cargo-content/search/:cargoId/window/:page/:size',
      {
        config: { permission: 'MEMBER' },
        schema: {
          ...base,
          description: "A window of the cargo's lines, newest first.",
          params: CargoContentWindowParamsSchema,
          response: { 200: CargoContentWindowSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        cargo.contentWindow(
          ctx,
          await scope(request),
          request.params.cargoId,
          request.params.page,
          request.params.size,
        ),
    );

    app.post(
      '/cargo-content/code/:code/content',
      {
        config: { permission: 'CARGO' },
        schema: {
          ...base,
          description:
            'Adds a line, or adds the quantity to the line with the same barcode. On a received cargo it adds to the received count. 409 unless NOT_ARRIVED.',
          params: CargoCodeParamsSchema,
          body: CargoContentBodySchema,
          response: { 201: CargoContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await cargo.addContent(ctx, await scope(request), request.params.code, request.body)),
    );

    app.put(
      '/cargo-content/code/:code/content/:contentId',
      {
        config: { permission: 'CARGO' },
        schema: {
          ...base,
          description:
            "Edits a line (receivedQuantity: the receiver's count). 409 unless NOT_ARRIVED, or when changing what was sent on a received cargo.",
          params: CargoContentParamsSchema,
          body: UpdateCargoContentBodySchema,
          response: { 200: CargoContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        cargo.updateContent(ctx, await scope(request), request.params.code, request.params.contentId, request.body),
    );

    app.delete(
      '/cargo-content/code/:code/content/:contentId',
      {
        config: { permission: 'CARGO' },
        schema: {
          ...base,
          description: 'Removes a line. 409 unless NOT_ARRIVED.',
          params: CargoContentParamsSchema,
          response: { 204: NoContent, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await cargo.deleteContent(ctx, await scope(request), request.params.code, request.params.contentId);
        return reply.status(204).send();
      },
    );

    app.put(
      '/cargo-content/code/:code/content/:contentId/quantity/:updatedQuantity/difference/:quantityDifference',
      {
        config: { permission: 'CARGO' },
        schema: {
          ...base,
          description:
            'Applies new = current + difference atomically; conflict is true when the result differs from updatedQuantity. 409 below zero. ?clientId makes a replay apply once.',
          params: CargoDifferenceParamsSchema,
          querystring: CargoDifferenceQuerySchema,
          response: { 200: CargoDifferenceResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => cargo.applyDifference(ctx, await scope(request), request.params, request.query.clientId),
    );
  };
}
