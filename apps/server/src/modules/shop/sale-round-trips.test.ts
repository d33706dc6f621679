import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { createProduct, ean13 } from '../../test/products.ts';

/**
 * On PostgreSQL a sale's write is one round trip, the call of `shopdesk_store_sale`
 * (store-sale.pg.ts), with no BEGIN/COMMIT around it. The statements are seen where every pooled
 * connection sends them, `pg.Client.prototype.query` (the app runs in this process).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('round trips of a sale on postgres', () => {
  const t = useTestApp('postgres');
  let u: TestUser;
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  let recording = false;
  beforeAll(async () => {
    u = await createUser(t);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed through as they came
    pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
      if (recording) {
        const [first] = args as [string | { text: string }];
        sent.push(typeof first === 'string' ? first : first.text);
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
  });
  afterAll(() => {
    pg.Client.prototype.query = original;
  });

  async function recorded(work: () => Promise<void>): Promise<string[]> {
    sent.length = 0;
    recording = true;
    try {
      await work();
    } finally {
      recording = false;
    }
    return [...sent];
  }

  it('writes a completed sale with one statement and no transaction around it', async () => {
    const tea = await createProduct(t, u, { code: ean13(), price: 200, quantity: 10 });
    const coffee = await createProduct(t, u, { code: ean13(), price: 300, quantity: 10 });
    const statements = await recorded(async () => {
      const res = await t.request('POST', '/api/secure/shop/transaction', {
        token: u.token,
        body: {
          clientId: randomUUID(),
          status: 'COMPLETED',
          lines: [
            { code: tea.code, quantity: 2 },
            { code: coffee.code, quantity: 1 },
          ],
          payment: { method: 'CASH', currency: 'USD', amount: 700 },
        },
      });
      expect(res.status, res.text).toBe(201);
    });
    const writes = statements.filter((s) => !/^\s*select\b/i.test(s) || /shopdesk_store_sale/.test(s));
    expect(writes, statements.join('\n---\n')).toEqual([expect.stringMatching(/shopdesk_store_sale/)]);
  });

  it('parks a cart and completes it with one statement each', async () => {
    const tea = await createProduct(t, u, { code: ean13(), price: 250, quantity: 10 });
    const lines = [{ code: tea.code, quantity: 2 }];
    let code = '';
    const parking = await recorded(async () => {
      const res = await t.request('POST', '/api/secure/shop/transaction', {
        token: u.token,
        body: { clientId: randomUUID(), status: 'PARKED', lines },
      });
      expect(res.status, res.text).toBe(201);
      code = (res.body as { code: string }).code;
    });
    const completing = await recorded(async () => {
      const res = await t.request('PUT', `/api/secure/shop/transaction/${code}`, {
        token: u.token,
        body: {
          clientId: randomUUID(),
          status: 'COMPLETED',
          lines,
          payment: { method: 'CASH', currency: 'USD', amount: 500 },
        },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ status: 'COMPLETED', total: 500 });
    });
    for (const statements of [parking, completing]) {
      const writes = statements.filter((s) => !/^\s*select\b/i.test(s) || /shopdesk_store_sale/.test(s));
      expect(writes, statements.join('\n---\n')).toEqual([expect.stringMatching(/shopdesk_store_sale/)]);
    }
  });

  it("the function is in the app's schema after every migration", async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_proc p join pg_namespace s on s.oid = p.pronamespace
      where p.proname = 'shopdesk_store_sale' and s.nspname = current_schema()`.execute(t.db);
    expect(rows[0]?.n).toBe(1);
  });
});
