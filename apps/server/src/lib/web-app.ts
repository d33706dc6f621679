import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';
import { apiNotFound } from './error-handler.ts';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Each built file has a brotli, a gzip and a plain variant: caches must keep them apart. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (typeof vary === 'string' && /accept-encoding/i.test(vary)) return;
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
}

const varyOnSend: onSendHookHandler = async (_request, reply, payload) => {
  varyOnEncoding(reply);
  return payload;
};

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Serves the built web app from WEB_DIST: content-hashed files under /assets/ are cached forever,
 * everything else (index.html, /service-worker.js, the manifest) is revalidated on each load so a
 * deploy is picked up at once. Files go out brotli- or gzip-compressed when the client accepts it
 * and the build left a compressed copy. Any other GET that wants HTML gets index.html (client-side
 * routes).
 * Unknown /api paths always answer the JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWebApp = existsSync(join(webDist, 'index.html'));
  if (hasWebApp) {
    // Only the web app's routes (registered below) get the hook, so API answers pay nothing for it.
    app.addHook('onRoute', (route) => {
      if (isApiPath(route.url)) return;
      route.onSend = [...[route.onSend ?? []].flat(), varyOnSend];
    });
    await app.register(fastifyStatic, {
      root: webDist,
      cacheControl: false,
      // The build writes .br and .gz beside each text file (apps/web/build-tools/precompress-plugin.ts),
      // so a phone gets the small file without the server compressing anything at request time.
      preCompressed: true,
      setHeaders: (res, path) => {
        const immutable = path.startsWith(join(webDist, 'assets'));
        res.setHeader('cache-control', immutable ? IMMUTABLE : NO_CACHE);
      },
    });
  } else {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send('ShopDesk API is running, but the web app is not built. Run `npm run build` and restart the server.\n'),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url)) return apiNotFound(reply);
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (hasWebApp && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml) {
      varyOnEncoding(reply);
      return reply.header('cache-control', NO_CACHE).sendFile('index.html');
    }
    return apiNotFound(reply);
  });
}
