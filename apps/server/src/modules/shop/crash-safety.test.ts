import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { createProduct, ean13 } from '../../test/products.ts';

const SERVER_DIR = join(import.meta.dirname, '../../..');
const ROUNDS = 10;
const CLIENTS = 8;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The real server as its own process on the test's database, as in production. */
async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'ignore', 'ignore'],
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      // A fast machine sells far past the free plan's month in ten rounds.
      FREE_TRANSACTION_LIMIT: '10000000',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/public/ping`)).ok) return { url, child };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/** Resolves when the process has exited (at once if it already has). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

interface Attempt {
  clientId: string;
  quantity: number;
  /** The device's time of the sale: a minute or more before it is sent, as for a sale synced late. */
  soldAt: string;
  /** The server answered 201 or 200: the sale must be stored. */
  acked: boolean;
}

/**
 * Issue 9's crash test: a checkout load from this process while the server, a separate process, is
 * killed with SIGKILL at random moments and started again. Every sale the client saw acknowledged
 * must be stored exactly once; a sale whose answer was lost is sent again with the same clientId,
 * as the offline queue does, and is then stored exactly once too. The ledger and, on SQLite, the
 * database file stay intact.
 */
describe.each(engines)('crash safety of checkouts on %s', (engine) => {
  const t = useTestApp(engine);

  it(`keeps every acknowledged sale exactly once across ${ROUNDS} kill -9s`, { timeout: 240_000 }, async () => {
    const u = await createUser(t, { secondCurrency: null });
    const product = await createProduct(t, u, { code: ean13(), price: 100, quantity: 100_000 });
    const attempts: Attempt[] = [];
    const sale = (url: string, a: Attempt) =>
      fetch(`${url}/api/secure/shop/transaction`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${u.token}` },
        body: JSON.stringify({
          clientId: a.clientId,
          status: 'COMPLETED',
          lines: [{ code: product.code, quantity: a.quantity }],
          payment: { method: 'CASH', currency: 'USD', amount: 100 * a.quantity },
          soldAt: a.soldAt,
        }),
      });

    for (let round = 0; round < ROUNDS; round++) {
      const { url, child } = await startServer(t.databaseEnv);
      let killed = false;
      let failure: unknown = null;
      const load = Array.from({ length: CLIENTS }, async () => {
        while (!killed) {
          const attempt: Attempt = {
            clientId: randomUUID(),
            quantity: 1 + (attempts.length % 3),
            soldAt: new Date(Date.now() - 60_000 - (attempts.length % 1000)).toISOString(),
            acked: false,
          };
          attempts.push(attempt);
          try {
            const res = await sale(url, attempt);
            if (res.status === 200 || res.status === 201) attempt.acked = true;
            else throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
          } catch (error) {
            // An answer lost to the kill is expected; anything else stops the load and fails the test.
            if (!killed) {
              failure ??= error;
              killed = true;
            }
          }
        }
      });
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 600));
      killed = true;
      child.kill('SIGKILL');
      await Promise.all(load);
      await exited(child);
      if (failure) throw failure;
    }

    // Restarted once more: the device's queue sends every sale whose answer it never saw again.
    const { url, child } = await startServer(t.databaseEnv);
    try {
      for (const a of attempts.filter((x) => !x.acked)) {
        const res = await sale(url, a);
        expect([200, 201]).toContain(res.status);
      }
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }

    expect(attempts.filter((a) => a.acked).length).toBeGreaterThan(ROUNDS);
    const stored = await t.db
      .selectFrom('shop_transactions')
      .select(['client_id', 'sold_at'])
      .where('store_id', '=', u.store.id)
      .execute();
    const ids = stored.map((r) => r.client_id).sort();
    expect(ids).toEqual(attempts.map((a) => a.clientId).sort());
    // Each sale keeps the device's time of the sale, acknowledged before a kill or resent after it.
    const soldAt = new Map(stored.map((r) => [r.client_id, r.sold_at]));
    for (const a of attempts) expect(soldAt.get(a.clientId), a.clientId).toBe(a.soldAt);
    const sold = attempts.reduce((sum, a) => sum + a.quantity, 0);
    const after = await t.request('GET', `/api/secure/product/code/${product.code}`, { token: u.token });
    expect(after.body.quantity).toBe(100_000 - sold);
    await expectLedgerConsistent(t, u.store.id);
    if (engine === 'sqlite') {
      const file = new Database(join(t.dataDir, 'shopdesk.db'), { readonly: true });
      try {
        expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        file.close();
      }
    }
  });
});
