import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductChanges } from '@shopdesk/shared';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { createProduct, ean13 } from '../../test/products.ts';
import { sellForCash } from '../../test/sales.ts';

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
    await sellForCash(t, u, codes[0]!, 2);
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
    const badStock = Buffer.from(JSON.stringify({ p: null, d: null, s: "x' or 1=1" })).toString('base64url');
    expect((await t.request('GET', `/api/secure/product/changes?since=${badStock}`, { token: u.token })).status).toBe(
      400,
    );
  });

  describe('stock changes, read from the ledger', () => {
    let owner: TestUser;
    beforeAll(async () => {
      owner = await createUser(t, { secondCurrency: null });
    });
    /** Every page from `since` on: the last copy of each product seen, and the cursor to go on with. */
    const syncAll = async (since?: string, limit = 1000) => {
      const seen = new Map<string, { quantity: number; updatedAt: string }>();
      let cursor = since;
      for (let pages = 0; pages < 50; pages++) {
        const page = await changes(cursor, limit, owner);
        for (const p of page.items) seen.set(p.code, { quantity: p.quantity, updatedAt: p.updatedAt });
        cursor = page.next;
        if (!page.more) return { seen, cursor };
      }
      throw new Error('the feed never ended');
    };
    const search = async (sort: string) => {
      const res = await t.request<{ items: Array<{ code: string }> }>(
        'GET',
        `/api/secure/product/search/window/0/100?sort=${sort}`,
        { token: owner.token },
      );
      expect(res.status, res.text).toBe(200);
      return res.body.items.map((p) => p.code);
    };

    it("brings a sold product's stock and version without moving it up the recently edited list", async () => {
      const a = await createProduct(t, owner, { code: ean13(), name: 'Sold', quantity: 10 });
      t.clock.advance(10);
      const b = await createProduct(t, owner, { code: ean13(), name: 'Edited last', quantity: 10 });
      settle();
      const first = await syncAll();
      const before = first.seen.get(a.code)!;
      expect(before.quantity).toBe(10);

      await sellForCash(t, owner, a.code, 3);
      settle();
      const next = await syncAll(first.cursor);
      expect([...next.seen.keys()]).toEqual([a.code]);
      expect(next.seen.get(a.code)!.quantity).toBe(7);
      // The device keeps the newer copy by this version (catalog-db.ts): a sale must advance it.
      expect(next.seen.get(a.code)!.updatedAt > before.updatedAt).toBe(true);
      expect((await search('-updatedAt')).slice(0, 2)).toEqual([b.code, a.code]);
      expect((await syncAll(next.cursor)).seen.size).toBe(0);
    });

    it('pages through many movements, each product in the copy current at the end', async () => {
      const codes: string[] = [];
      for (let i = 0; i < 4; i++) codes.push((await createProduct(t, owner, { code: ean13(), quantity: 50 })).code);
      settle();
      const { cursor } = await syncAll();
      for (let round = 0; round < 3; round++) for (const code of codes) await sellForCash(t, owner, code);
      settle();
      const pages: number[] = [];
      let since = cursor;
      const seen = new Map<string, number>();
      for (;;) {
        const page = await changes(since, 5, owner);
        pages.push(page.items.length);
        for (const p of page.items) seen.set(p.code, p.quantity);
        since = page.next;
        if (!page.more) break;
      }
      expect(pages.length).toBeGreaterThan(2); // 12 movements, 5 a page
      expect(Object.fromEntries(seen)).toEqual(Object.fromEntries(codes.map((c) => [c, 47])));
    });

    it('sees a sale made while the first sync pages through the catalogue', async () => {
      const fresh = await createUser(t, { secondCurrency: null });
      const codes: string[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await createProduct(t, fresh, { code: ean13(), quantity: 5 })).code);
        t.clock.advance(10);
      }
      settle();
      const page1 = await changes(undefined, 2, fresh);
      expect(page1.items.map((p) => p.code)).toEqual(codes.slice(0, 2));
      await sellForCash(t, fresh, codes[0]!, 1);
      settle();
      const seen = new Map(page1.items.map((p) => [p.code, p.quantity]));
      let since = page1.next;
      for (;;) {
        const page = await changes(since, 2, fresh);
        for (const p of page.items) seen.set(p.code, p.quantity);
        since = page.next;
        if (!page.more) break;
      }
      expect(Object.fromEntries(seen)).toEqual({ [codes[0]!]: 4, [codes[1]!]: 5, [codes[2]!]: 5, [codes[3]!]: 5 });
    });

    it("goes on from a cursor made before the ledger was read, from its products' time", async () => {
      const fresh = await createUser(t, { secondCurrency: null });
      const product = await createProduct(t, fresh, { code: ean13(), quantity: 5 });
      settle();
      const page = await changes(undefined, 1000, fresh);
      const last = page.items.at(-1)!;
      // What the feed answered before it read the ledger: products' and deletions' places only.
      const old = Buffer.from(JSON.stringify({ p: [last.updatedAt, last.id], d: null })).toString('base64url');
      t.clock.advance(1_000);
      await sellForCash(t, fresh, product.code, 2);
      settle();
      const next = await changes(old, 1000, fresh);
      expect(next.items.map((p) => [p.code, p.quantity])).toEqual([[product.code, 3]]);
      expect((await changes(next.next, 1000, fresh)).items).toEqual([]);
      const unreadable = Buffer.from(JSON.stringify({ p: ['yesterday', last.id] })).toString('base64url');
      expect(
        (await t.request('GET', `/api/secure/product/changes?since=${unreadable}`, { token: fresh.token })).status,
      ).toBe(400);
    });
  });
});
