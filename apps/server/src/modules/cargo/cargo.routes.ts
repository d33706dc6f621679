import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { registerArrivalRoutes } from './cargo-arrival.routes.ts';
import { registerContentRoutes } from './cargo-contents.routes.ts';
import { registerHandOverRoutes } from './cargo-handover.routes.ts';
import { cargoRouteKit } from './cargo-route-kit.ts';
import { registerCargoRoutes } from './cargos.routes.ts';

/**
 * `/api/secure/cargo...` and `/api/secure/cargo-content...` (product.md §6), in the store of X-Store:
 * one route file per job, wired here.
 */
export function cargoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const kit = cargoRouteKit(ctx);
  return async (app) => {
    registerCargoRoutes(app, kit);
    registerArrivalRoutes(app, kit);
    registerContentRoutes(app, kit);
    registerHandOverRoutes(app, kit);
  };
}
