import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FileParamsSchema, FileSavedSchema, MAX_IMAGE_BYTES } from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { createThrottle } from '../../lib/rate-limit.ts';
import { NoContent, bearerAuth, errorResponses } from '../../lib/schemas.ts';
import { scopeForStore } from '../access/index.ts';
import * as files from './files.service.ts';

/** `/api/secure/file/data/{storeUrl}/{uuid}`: images (PNG, JPEG, WebP up to 2 MB) of a store. */
export function filesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const throttle = createThrottle(ctx.db, ctx.clock, ctx.log);
  const uploads = {
    max: ctx.config.uploads.max,
    windowMs: ctx.config.uploads.windowMs,
    tooMany: 'Too many image uploads in a short time. Please wait a few minutes and try again.',
  };
  return async (app) => {
    const base = { tags: ['files'], security: bearerAuth };
    // Raw bytes of any declared type (this plugin only): the service checks the declared type and
    // the bytes themselves, so a wrong upload gets a clear 415 rather than a generic parser error.
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_request, body, done) =>
      done(null, body),
    );

    app.put(
      '/file/data/:storeUrl/:uuid',
      {
        config: { permission: 'MEMBER' },
        bodyLimit: MAX_IMAGE_BYTES,
        // Cheap checks before the body is read: the store is the caller's, and they are within
        // their upload rate (per user, counted in the database so every process shares it).
        preParsing: async (request) => {
          const { userId } = await scopeForStore(ctx, request, (request.params as { storeUrl: string }).storeUrl);
          await throttle.hit('upload-image', 'user', userId, uploads);
        },
        schema: {
          ...base,
          description:
            'Stores or replaces an image: the raw bytes as the body, Content-Type image/png, image/jpeg, image/webp or application/octet-stream. The type is checked by the bytes. Each store has a storage quota (a replaced image counts by its difference): past it 402 on the free plan, 413 with premium. Uploads per user are rate limited (429 with Retry-After).',
          params: FileParamsSchema,
          response: { 200: FileSavedSchema, ...errorResponses(400, 401, 402, 403, 404, 413, 415, 429) },
        },
      },
      async (request) =>
        files.putFile(ctx, await scopeForStore(ctx, request, request.params.storeUrl), request.params.uuid, {
          declaredType: request.headers['content-type'] ?? '',
          body: request.body,
        }),
    );

    app.delete(
      '/file/data/:storeUrl/:uuid',
      {
        config: { permission: 'MEMBER' },
        schema: {
          ...base,
          description:
            'Removes a profile picture or a receipt logo (the identifiers of original.md §3); 204 also when there was none. Product images go with their product instead.',
          params: FileParamsSchema,
          response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await files.removeImage(ctx, await scopeForStore(ctx, request, request.params.storeUrl), request.params.uuid);
        return reply.status(204).send();
      },
    );

    app.get(
      '/file/data/:storeUrl/:uuid',
      {
        config: { permission: 'MEMBER', till: 'member' },
        schema: {
          ...base,
          description: 'The image bytes with their Content-Type; private caching with an ETag (If-None-Match → 304).',
          params: FileParamsSchema,
          response: { 200: z.unknown().describe('The image bytes'), 304: NoContent, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const scope = await scopeForStore(ctx, request, request.params.storeUrl);
        const file = await files.getFile(ctx, scope, request.params.uuid);
        reply.header('cache-control', 'private, max-age=0, must-revalidate').header('etag', file.etag);
        if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
        return reply.type(file.mime).send(file.bytes);
      },
    );
  };
}
