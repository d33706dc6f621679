import { connect, type Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';

/**
 * Imports and exports share a cap per user and in total. An export holds its slot while its client
 * reads: a client that stops reading keeps it, which is how these tests hold one open without any
 * timing.
 */
describe.each(engines)('import and export caps on %s', (engine) => {
  const t = useTestApp(engine, {
    CATALOGUE_JOBS_PER_USER: '1',
    CATALOGUE_JOBS_TOTAL: '2',
    CATALOGUE_JOBS_QUEUE: '0',
    FREE_PRODUCT_LIMIT: '100000',
  });

  const importBatch = (u: TestUser, rows: unknown[], batch = 0) =>
    t.request('POST', '/api/secure/product/import', {
      token: u.token,
      body: { importId: crypto.randomUUID(), batch, rows },
    });

  /** A catalogue whose CSV (~14 MB) is far larger than what the sockets between server and client buffer. */
  async function bigCatalogue(u: TestUser): Promise<void> {
    const description = 'd'.repeat(2000);
    for (let batch = 0; batch < 7; batch++) {
      const rows = Array.from({ length: 1000 }, (_, i) => ({
        line: batch * 1000 + i + 2,
        code: `BIG-${batch}-${i}`,
        name: `Big ${i}`,
        price: '1',
        description,
      }));
      const res = await importBatch(u, rows, batch);
      expect(res.status, res.text).toBe(200);
    }
  }

  /** Starts an export and stops reading after its first bytes: the server stalls on backpressure. */
  async function stalledExport(u: TestUser): Promise<Socket> {
    const { port } = new URL(t.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `GET /api/secure/product/export.csv HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${u.token}\r\n\r\n`,
    );
    const first = await new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(String(chunk))));
    socket.pause();
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    return socket;
  }

  const row = (code: string) => [{ line: 2, code, name: code, price: '1' }];

  it('answers 429 with Retry-After past the per-user cap, lets others run, and frees the slot when the export ends', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    await bigCatalogue(u);
    const socket = await stalledExport(u);
    try {
      const refused = await importBatch(u, row('CAP-1'));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/busy/) });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const exportAgain = await fetch(`${t.url}/api/secure/product/export.csv`, {
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect(exportAgain.status).toBe(429);
      expect((await importBatch(other, row('CAP-OTHER'))).status).toBe(200);
    } finally {
      socket.destroy();
    }
    // The client went away: its slot is released as soon as the server sees the connection close.
    await vi.waitFor(async () => expect((await importBatch(u, row('CAP-2'))).status).toBe(200), {
      timeout: 5000,
      interval: 20,
    });
  });

  it('counts every user against the total cap', async () => {
    const [a, b, c] = [await createUser(t), await createUser(t), await createUser(t)];
    await bigCatalogue(a);
    await bigCatalogue(b);
    const sockets = [await stalledExport(a), await stalledExport(b)];
    try {
      const refused = await importBatch(c, row('TOTAL-1'));
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).not.toBeNull();
    } finally {
      for (const s of sockets) s.destroy();
    }
    await vi.waitFor(async () => expect((await importBatch(c, row('TOTAL-2'))).status).toBe(200), {
      timeout: 5000,
      interval: 20,
    });
  });
});
