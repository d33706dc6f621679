import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EARLY_KEYS_SCRIPT } from '@shopdesk/shared';
import { engines, useTestApp } from '../../test/harness.ts';

describe.each(engines)('health and docs on %s', (engine) => {
  const t = useTestApp(engine);

  it('reports status, database engine and version', async () => {
    const res = await t.request('GET', '/api/public/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: engine, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('answers the liveness ping without touching the database', async () => {
    const res = await t.request('GET', '/api/public/ping');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.request('GET', '/api/public/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const paths = Object.keys(res.body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/signUp',
        '/api/auth/login',
        '/api/auth/forgot-password/{email}',
        '/api/secure/profile',
        '/api/secure/virtual-store',
        '/api/secure/virtual-store/{urlName}',
        '/api/public/health',
      ]),
    );
    const signUp = res.body.paths['/api/auth/signUp'].post;
    expect(signUp.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'urlName']),
    );
    expect(res.body.paths['/api/secure/profile'].get.security).toEqual([{ bearerAuth: [] }]);
  });

  it('serves Swagger UI with its assets from this server', async () => {
    const page = await fetch(`${t.url}/api/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^https?:/);
      const asset = await fetch(new URL(src, `${t.url}/api/docs/`));
      expect(asset.status, src).toBe(200);
      await asset.arrayBuffer(); // an unread body keeps the connection busy and delays shutdown
    }
    // The page runs under our CSP: scripts from self only, nothing inline needed.
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it("allows the web app's inline early key recorder by its hash, and no other inline script", async () => {
    const res = await fetch(`${t.url}/api/public/health`);
    await res.arrayBuffer();
    const hash = createHash('sha256').update(EARLY_KEYS_SCRIPT).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});
