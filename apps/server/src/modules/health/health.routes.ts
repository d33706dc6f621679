import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HealthResponseSchema } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { pingDatabase } from './health.repo.ts';

/**
 * `/api/public/health`: readiness, with a real round trip to the database. `/api/public/ping`:
 * liveness only, no database — for load balancers, and the benchmark's bare-route baseline.
 */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ping',
      {
        schema: { tags: ['public'], response: { 200: z.object({ ok: z.literal(true) }) } },
      },
      async () => ({ ok: true as const }),
    );

    app.get(
      '/health',
      {
        schema: { tags: ['public'], response: { 200: HealthResponseSchema, 503: HealthResponseSchema } },
      },
      async (_request, reply) => {
        let ok = true;
        try {
          await pingDatabase(ctx.db);
        } catch (error) {
          ok = false;
          ctx.log.error({ err: error }, 'health check: database unreachable');
        }
        return reply
          .status(ok ? 200 : 503)
          .send({ status: ok ? 'ok' : 'degraded', database: ctx.dbKind, version: ctx.config.version });
      },
    );
  };
}
