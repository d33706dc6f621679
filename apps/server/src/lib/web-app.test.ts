import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

// Static serving does not touch the database, so one engine is enough here.
describe('web app serving', () => {
  describe('with a built web app', () => {
    let t: TestApp;
    beforeAll(async () => {
      const dist = join(process.env.TMPDIR ?? '/tmp', `shopdesk-dist-${process.pid}-${Date.now()}`);
      mkdirSync(join(dist, 'assets'), { recursive: true });
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Shopdesk</title><div id="root"></div>');
      writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
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
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('sqlite');
    });
    afterAll(async () => t?.close());

    it('says how to build it', async () => {
      const res = await fetch(`${t.url}/`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('npm run build');
    });
  });
});
