import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './error-handler.ts';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Serves the built web app from WEB_DIST: content-hashed files under /assets/ are cached forever,
 * everything else (index.html, /service-worker.js, the manifest) is revalidated on each load so a
 * deploy is picked up at once. Any other GET that wants HTML gets index.html (client-side routes).
 * Unknown /api paths always answer the JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWebApp = existsSync(join(webDist, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      cacheControl: false,
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
      return reply.header('cache-control', NO_CACHE).sendFile('index.html');
    }
    return apiNotFound(reply);
  });
}
