import { describe, expect, it } from 'vitest';
import { createUser, signUpBody } from '../test/factories.ts';
import { engines, useTestApp } from '../test/harness.ts';

describe.each(engines)('HTTP error shape on %s', (engine) => {
  const t = useTestApp(engine, { BODY_LIMIT: '2048' });

  it('answers unknown /api routes with a JSON 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/secure'],
      ['DELETE', '/api/auth/login'],
      ['GET', '/api'],
    ]) {
      const res = await t.request(method!, path!);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    }
  });

  it('answers malformed JSON with 400 naming the body', async () => {
    const res = await t.request('POST', '/api/auth/login', {
      raw: '{"email": "a@b.co",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'body' }] });
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await t.request('POST', '/api/auth/login', {
      raw: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a JSON array where an object is expected with 400', async () => {
    const res = await t.request('POST', '/api/auth/login', { body: [1, 2] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.request('POST', '/api/auth/signUp', { body: { ...signUpBody(), name: 'x'.repeat(4096) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
  });

  it('accepts an empty JSON body on routes without one', async () => {
    const u = await createUser(t);
    const res = await t.request('POST', '/api/secure/logout', {
      token: u.token,
      raw: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(204);
  });

  it('sets security headers with a CSP fit for the web app', async () => {
    const res = await t.request('GET', '/api/public/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain('img-src');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('allows the native apps through CORS', async () => {
    const res = await fetch(`${t.url}/api/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: 'capacitor://localhost', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('capacitor://localhost');
  });
});

describe.each(engines)('rate limits on %s', (engine) => {
  const t = useTestApp(engine, {
    RATE_LIMIT_AUTH_PER_EMAIL: '3',
    RATE_LIMIT_AUTH_PER_IP: '8',
    RATE_LIMIT_LOGIN_FREE_FAILURES: '3',
  });

  it('limits login attempts per address and email, then per address, with 429 RATE_LIMITED JSON', async () => {
    const attempt = (email: string) =>
      t.request('POST', '/api/auth/login', { body: { email, password: 'guess guess' } });
    for (let i = 0; i < 3; i++) expect((await attempt('victim@example.com')).status).toBe(401);
    const limited = await attempt('victim@example.com');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // Other addresses from the same IP still get through until the per-IP budget is spent.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(`other-${i}@example.com`)).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses[4]).toBe(429);
  });

  it('limits code verification attempts too', async () => {
    const verify = () =>
      t.request('POST', '/api/auth/forgot-password/verify', { body: { email: 'someone@example.com', code: '000000' } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await verify()).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
