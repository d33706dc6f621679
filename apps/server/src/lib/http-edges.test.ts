import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engines, useTestApp, type TestApp } from '../test/harness.ts';

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  /** True when the server closed the connection. */
  closed: boolean;
}

/**
 * Talks HTTP over a bare socket, for what fetch refuses to send (oversized or contradictory headers,
 * a request dribbled out byte by byte). Resolves when the server closes the connection or
 * `waitMs` passes, whichever is first.
 */
function rawRequest(t: TestApp, chunks: string[], options: { gapMs?: number; waitMs?: number } = {}) {
  const { port } = new URL(t.url);
  return new Promise<RawAnswer>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body, closed });
    };
    const timer = setTimeout(finish, options.waitMs ?? 5000);
    socket.on('data', (data) => (received += data.toString('latin1')));
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
      }
    });
  });
}

const expectErrorShape = (body: string, code: string) => {
  const parsed = JSON.parse(body) as { message: string; code: string };
  expect(parsed.code).toBe(code);
  expect(parsed.message.length).toBeGreaterThan(0);
};

describe.each(engines)('HTTP edges on %s', (engine) => {
  const webDist = mkdtempSync(join(tmpdir(), 'shopdesk-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>ShopDesk</title>');
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));
  const t = useTestApp(engine, {
    WEB_DIST: webDist,
    HTTP_HEADERS_TIMEOUT_MS: '800',
    HTTP_REQUEST_TIMEOUT_MS: '1500',
  });

  describe('CORS for the native apps', () => {
    for (const origin of ['capacitor://localhost', 'https://localhost']) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
        it(`allows ${method} from ${origin} with the headers the API reads`, async () => {
          const res = await fetch(`${t.url}/api/secure/product/code/123`, {
            method: 'OPTIONS',
            headers: {
              origin,
              'access-control-request-method': method,
              'access-control-request-headers': 'authorization,content-type,x-store,idempotency-key',
            },
          });
          expect(res.status).toBe(204);
          expect(res.headers.get('access-control-allow-origin')).toBe(origin);
          expect(res.headers.get('access-control-allow-methods')).toContain(method);
          const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
          for (const header of ['authorization', 'content-type', 'x-store', 'idempotency-key']) {
            expect(allowed).toContain(header);
          }
        });
      }
    }

    it('does not allow an origin it does not know', async () => {
      const res = await fetch(`${t.url}/api/secure/product`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' },
      });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('refuses a malformed preflight with the error shape, not plain text', async () => {
      const res = await fetch(`${t.url}/api/secure/product`, {
        method: 'OPTIONS',
        headers: { origin: 'https://localhost' },
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expectErrorShape(await res.text(), 'BAD_REQUEST');
    });
  });

  describe('errors raised before routing have the error shape', () => {
    it('431 for headers too large', async () => {
      const res = await rawRequest(t, [
        `GET /api/public/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ]);
      expect(res.status).toBe(431);
      expectErrorShape(res.body, 'HEADERS_TOO_LARGE');
    });

    it('400 for both Transfer-Encoding and Content-Length', async () => {
      const res = await rawRequest(t, [
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          'Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      ]);
      expect(res.status).toBe(400);
      expectErrorShape(res.body, 'BAD_REQUEST');
    });

    it('400 for a request line that is not HTTP', async () => {
      const res = await rawRequest(t, ['HELLO THERE\r\n\r\n']);
      expect(res.status).toBe(400);
      expectErrorShape(res.body, 'BAD_REQUEST');
    });

    it('404 NOT_FOUND for a path that climbs out of the web app', async () => {
      for (const path of [
        '/assets/..%2f..%2fpackage.json',
        '/..%2f..%2fetc%2fpasswd',
        '/assets/%2e%2e/%2e%2e/secret',
      ]) {
        const res = await fetch(t.url + path);
        expect(res.status, path).toBe(404);
        expectErrorShape(await res.text(), 'NOT_FOUND');
      }
      expect((await fetch(`${t.url}/assets/app.js`)).status).toBe(200);
    });

    it('answers an unknown method on a known path with the JSON 404', async () => {
      const res = await fetch(`${t.url}/api/public/ping`, { method: 'PATCH' });
      expect(res.status).toBe(404);
      expectErrorShape(await res.text(), 'NOT_FOUND');
    });
  });

  describe('timeouts', () => {
    it('closes a connection whose headers arrive a byte at a time', async () => {
      const request = 'GET /api/public/ping HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(200) + '\r\n\r\n';
      const res = await rawRequest(t, [...request], { gapMs: 50, waitMs: 8000 });
      expect(res.closed).toBe(true);
      expect(res.status).toBe(408);
      expectErrorShape(res.body, 'REQUEST_TIMEOUT');
    });

    it('closes a connection whose body never finishes', async () => {
      const head =
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n';
      const res = await rawRequest(t, [head, ...'{"email":"slow@example.com"'], { gapMs: 100, waitMs: 8000 });
      expect(res.closed).toBe(true);
      expect([408, 400]).toContain(res.status);
    });

    it('still answers a request that arrives in time', async () => {
      const res = await rawRequest(t, ['GET /api/public/ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n']);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ ok: true });
    });
  });
});
