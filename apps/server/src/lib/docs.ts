import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the routes' zod schemas, at /api/public/openapi.json, and Swagger UI at
 * /api/docs with its assets served from the package (no CDN). Register before the routes.
 */
export async function registerDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'ShopDesk API', version, description: 'Store, inventory and point-of-sale API.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // The permission a route declares (modules/access/rights.ts) is part of its contract: shown as
    // `x-permission`, which the generated permission matrix test reads back.
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const permission = input.route.config?.permission;
      // Whether a till token may call it (modules/access/till-auth.ts): `x-till`, read back by the till sweep.
      const till = input.route.config?.till;
      const extra = { ...(permission ? { 'x-permission': permission } : {}), ...(till ? { 'x-till': till } : {}) };
      return permission || till ? { ...result, schema: { ...result.schema, ...extra } } : result;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  app.get('/api/public/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
