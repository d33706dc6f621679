import {
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
  UpdateCargoContentBodySchema,
} from '@shopdesk/shared';
import { NoContent, errorResponses } from '../../lib/schemas.ts';
import * as contents from './cargo-contents.service.ts';
import type { CargoApp, CargoRouteKit } from './cargo-route-kit.ts';

/** A cargo's lines: the list and window, add, edit, remove, and counting by differences. */
export function registerContentRoutes(app: CargoApp, { ctx, scope, base }: CargoRouteKit): void {
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
    async (request) => contents.listContents(ctx, await scope(request), request.params.code),
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
      contents.contentWindow(
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
      reply.status(201).send(await contents.addContent(ctx, await scope(request), request.params.code, request.body)),
  );

  app.put(
    '/cargo-content/code/:code/content/:contentId',
    {
      config: { permission: 'CARGO' },
      schema: {
        ...base,
        description:
          "Edits a line (receivedQuantity: the receiver's count). 409 unless NOT_ARRIVED, or when changing what was sent on a received contents.",
        params: CargoContentParamsSchema,
        body: UpdateCargoContentBodySchema,
        response: { 200: CargoContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      contents.updateContent(ctx, await scope(request), request.params.code, request.params.contentId, request.body),
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
      await contents.deleteContent(ctx, await scope(request), request.params.code, request.params.contentId);
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
    async (request) => contents.applyDifference(ctx, await scope(request), request.params, request.query.clientId),
  );
}
