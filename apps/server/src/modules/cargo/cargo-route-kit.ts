import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { bearerAuth, storeHeaders } from '../../lib/schemas.ts';
import { scopeOf } from '../access/index.ts';

/** The app a cargo route file registers its routes on (zod-typed). */
export type CargoApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * What every cargo route file needs: the context, the caller's scope in the store of X-Store, and
 * the schema parts all cargo routes share.
 */
export function cargoRouteKit(ctx: AppContext) {
  return {
    ctx,
    scope: (request: FastifyRequest) => scopeOf(ctx, request),
    base: { tags: ['cargo'], security: bearerAuth, headers: storeHeaders },
  };
}

export type CargoRouteKit = ReturnType<typeof cargoRouteKit>;
