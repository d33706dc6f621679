import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductChanges } from '@shopdesk/shared';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct, ean13 } from '../../test/products.ts';

describe.each(engines)('the product changes feed on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t, { secondCurrency: null });
  });

  const changes = async (since?: string, limit?: number, user = u) => {
    const query = new URLSearchParams({ ...(since ? { since } : {}), ...(limit ? { limit: String(limit) } : {}) });
    const res = await t.request<ProductChanges>('GET', `/api/secure/product/changes?${query.toString()}`, {
      token: user.token,
    });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const settle = () => t.clock.advance(6_000);

  it('pages through the whole catalogue first, then answers only what changed, deletions included', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 7; i++) {
      codes.push((await createProduct(t, u, { code: ean13(), name: `Item ${i}`, quantity: 5 })).code);
      t.clock.advance(10);
    }
    expect((await changes()).items).toEqual([]); // nothing has settled yet
    settle();

    const seen = new Map<string, number>();
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await changes(cursor, 3);
      for (const p of page.items) seen.set(p.code, p.quantity);
      cursor = page.next;
      pages++;
      if (!page.more) break;
    }
    expect(pages).toBe(3);
    expect([...seen.keys()].sort()).toEqual([...codes].sort());
    expect(await changes(cursor)).toMatchObject({ items: [], deleted: [], next: cursor, more: false });

    // A sale changes stock; a product is deleted.
    const sold = await t.request('POST', '/api/secure/shop/transaction', {
      token: u.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [{ code: codes[0], quantity: 2 }],
        payment: { method: 'CASH', currency: 'USD', amount: 100_000 },
      },
    });
    expect(sold.status, sold.text).toBe(201);
    const gone = await t.request('DELETE', `/api/secure/product/code/${codes[1]}`, { token: u.token });
    expect(gone.status).toBe(204);
    settle();
    const next = await changes(cursor);
    expect(next.items.map((p) => [p.code, p.quantity])).toEqual([[codes[0], 3]]);
    expect(next.deleted.map((d) => d.code)).toEqual([codes[1]]);
    expect(await changes(next.next)).toMatchObject({ items: [], deleted: [] });
  });

  it("never shows another store's products, and refuses a cursor it did not make", async () => {
    const other = await createUser(t);
    await createProduct(t, other, { code: ean13() });
    settle();
    const mine = await changes(undefined, 1000);
    const theirs = await changes(undefined, 1000, other);
    expect(theirs.items).toHaveLength(1);
    expect(mine.items.map((p) => p.id)).not.toContain(theirs.items[0]!.id);
    for (const since of ['not-base64!', Buffer.from('{"p":[1,2]}').toString('base64url'), 'e30']) {
      const res = await t.request('GET', `/api/secure/product/changes?since=${since}`, { token: u.token });
      if (since === 'e30')
        expect(res.status).toBe(200); // {}: from the start
      else {
        expect(res.status, since).toBe(400);
        expect(res.body.details[0].field).toBe('since');
      }
    }
    expect((await t.request('GET', '/api/secure/product/changes?limit=0', { token: u.token })).status).toBe(400);
  });
});
