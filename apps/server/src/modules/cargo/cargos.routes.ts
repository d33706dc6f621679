import {
  CargoChangesSchema,
  CargoCodeParamsSchema,
  CargoListSchema,
  CargoSchema,
  CargoSearchQuerySchema,
  CargoWindowSchema,
  NewCargoBodySchema,
  UpdateCargoBodySchema,
  WindowParamsSchema,
} from '@shopdesk/shared';
import { NoContent, errorResponses } from '../../lib/schemas.ts';
import type { CargoApp, CargoRouteKit } from './cargo-route-kit.ts';
import * as cargo from './cargo.service.ts';

const FIRST_WINDOW = { page: 0, size: 20 };

/** Cargos themselves: the lists, create, read, edit, delete and the changes cursor. */
export function registerCargoRoutes(app: CargoApp, { ctx, scope, base }: CargoRouteKit): void {
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
    async (request, reply) => reply.status(201).send(await cargo.createCargo(ctx, await scope(request), request.body)),
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
}
