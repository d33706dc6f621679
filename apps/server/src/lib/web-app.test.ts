import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpGet } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, startTestApp, type TestApp } from '../test/harness.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that sends exactly these headers and keeps the body as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

const INDEX_HTML = '<!doctype html><title>Shopdesk</title><div id="root"></div>';
const APP_JS = `console.log(${JSON.stringify('app '.repeat(600))})`;

// Static serving does not touch the database, so one engine is enough here.
describe('web app serving', () => {
  describe('with a built web app', () => {
    let t: TestApp;
    beforeAll(async () => {
      const dist = join(process.env.TMPDIR ?? '/tmp', `shopdesk-dist-${process.pid}-${Date.now()}`);
      mkdirSync(join(dist, 'assets'), { recursive: true });
      writeFileSync(join(dist, 'index.html'), INDEX_HTML);
      writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
      writeFileSync(join(dist, 'assets', 'index-abc123.js'), APP_JS);
      // The copies the build writes beside each file (apps/web/build-tools/precompress-plugin.ts).
      writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(APP_JS));
      writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(APP_JS));
      writeFileSync(join(dist, 'service-worker.js'), 'self.addEventListener("fetch", () => {})');
      t = await startTestApp('sqlite', { WEB_DIST: dist });
    });
    afterAll(async () => t?.close());

    it('serves index.html at / without caching', async () => {
      const res = await fetch(`${t.url}/`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    });

    it('caches hashed assets forever and revalidates the service worker', async () => {
      const asset = await fetch(`${t.url}/assets/index-abc123.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await asset.text()).toContain('app');
      const sw = await fetch(`${t.url}/service-worker.js`);
      expect(sw.status).toBe(200);
      expect(sw.headers.get('cache-control')).toBe('no-cache');
      expect(await sw.text()).toContain('fetch');
    });

    it('falls back to index.html for client-side routes', async () => {
      for (const path of ['/my-shop/profile', '/auth', '/confirm/some-token', '/my-shop/stock/scan/4006381333931']) {
        const res = await fetch(`${t.url}${path}`, { headers: { accept: 'text/html,application/xhtml+xml' } });
        expect(res.status, path).toBe(200);
        expect(await res.text()).toContain('<div id="root">');
      }
    });

    it("sends the build's compressed copy the client accepts, and says so", async () => {
      const url = `${t.url}/assets/index-abc123.js`;
      const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.body).toString()).toBe(APP_JS);

      const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(APP_JS);

      const plain = await rawGet(url, {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['vary']).toMatch(/accept-encoding/i);
      expect(plain.body.toString()).toBe(APP_JS);
    });

    it('sends the client-side route fallback compressed too', async () => {
      const res = await rawGet(`${t.url}/my-shop/stock/list`, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.body).toString()).toBe(INDEX_HTML);
    });

    it('compresses JSON answers above 1 KB and leaves small ones alone', async () => {
      const big = await rawGet(`${t.url}/api/public/openapi.json`, { 'accept-encoding': 'br, gzip' });
      expect(big.status).toBe(200);
      expect(big.headers['content-encoding']).toBe('br');
      expect(big.headers['vary']).toMatch(/accept-encoding/i);
      expect(JSON.parse(brotliDecompressSync(big.body).toString())).toHaveProperty('openapi');

      const small = await rawGet(`${t.url}/api/public/health`, { 'accept-encoding': 'br, gzip' });
      expect(small.status).toBe(200);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(small.body.toString())).toHaveProperty('status');
    });

    it('keeps JSON 404s for /api and for missing files', async () => {
      const api = await fetch(`${t.url}/api/unknown`, { headers: { accept: 'text/html' } });
      expect(api.status).toBe(404);
      expect(((await api.json()) as { code: string }).code).toBe('NOT_FOUND');
      const file = await fetch(`${t.url}/assets/missing.js`);
      expect(file.status).toBe(404);
      await file.arrayBuffer();
    });
  });

  describe('without a built web app', () => {
    const t = useTestApp('sqlite');

    it('says how to build it', async () => {
      const res = await fetch(`${t.url}/`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('npm run build');
    });
  });
});
