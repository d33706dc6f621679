import { CargoCodeBodySchema, CargoSchema } from '@shopdesk/shared';
import { errorResponses } from '../../lib/schemas.ts';
import * as arrival from './cargo-arrival.service.ts';
import type { CargoApp, CargoRouteKit } from './cargo-route-kit.ts';

/** Arrival: marking a cargo ARRIVED (into stock) and NOT_ARRIVED again. */
export function registerArrivalRoutes(app: CargoApp, { ctx, scope, base }: CargoRouteKit): void {
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
    async (request) => arrival.markArrived(ctx, await scope(request), request.body.code),
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
    async (request) => arrival.markNotArrived(ctx, await scope(request), request.body.code),
  );
}
