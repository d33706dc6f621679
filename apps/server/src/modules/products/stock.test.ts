import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectFieldErrors, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { createProduct } from '../../test/products.ts';

describe.each(engines)('stock ledger on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
  });

  const adjust = (code: string, body: unknown) =>
    t.request('POST', `/api/secure/product/code/${code}/adjust`, { token: u.token, body });
  const movements = (code: string, page = 0, size = 20) =>
    t.request('GET', `/api/secure/product/code/${code}/movements/window/${page}/${size}`, { token: u.token });

  it('adds a delta as an ADJUSTMENT movement and answers the updated product', async () => {
    const p = await createProduct(t, u, { quantity: 10 });
    t.clock.advance(1000);
    const res = await adjust(p.code, { delta: -3, note: 'broken bottles' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, quantity: 7 });
    const list = await movements(p.code);
    expect(list.body.total).toBe(2);
    expect(list.body.items[0]).toMatchObject({
      delta: -3,
      reason: 'ADJUSTMENT',
      note: 'broken bottles',
      userId: u.user.userId,
      userName: u.user.name,
      refCode: null,
    });
    await expectLedgerConsistent(t);
  });

  // An adjustment says why (received, damaged, theft, correction, own use).
  it('stores the reason of an adjustment and shows it in the stock history', async () => {
    const p = await createProduct(t, u, { quantity: 10 });
    for (const [delta, adjustmentReason] of [
      [6, 'RECEIVED'],
      [-2, 'DAMAGED'],
      [-1, 'THEFT'],
      [1, 'CORRECTION'],
      [-1, 'OWN_USE'],
    ] as const) {
      t.clock.advance(1000);
      const res = await adjust(p.code, { delta, reason: 'ADJUSTMENT', adjustmentReason });
      expect(res.status, res.text).toBe(200);
    }
    t.clock.advance(1000);
    expect((await adjust(p.code, { delta: 1 })).status).toBe(200);
    const { items } = (await movements(p.code)).body as { items: Array<{ delta: number; adjustmentReason: unknown }> };
    expect(items.map((m) => [m.delta, m.adjustmentReason])).toEqual([
      [1, null],
      [-1, 'OWN_USE'],
      [1, 'CORRECTION'],
      [-1, 'THEFT'],
      [-2, 'DAMAGED'],
      [6, 'RECEIVED'],
      [10, null],
    ]);
    await expectLedgerConsistent(t);
  });

  it('refuses an unknown adjustment reason, or one on a count, naming the field', async () => {
    const p = await createProduct(t, u, { quantity: 3 });
    const unknown = await adjust(p.code, { delta: -1, adjustmentReason: 'LOST' });
    expectFieldErrors(unknown, ['adjustmentReason']);
    expect(unknown.body.details[0].message).toMatch(/received, damaged, theft, correction or own use/);
    expectFieldErrors(await adjust(p.code, { countedQuantity: 2, adjustmentReason: 'DAMAGED' }), ['adjustmentReason']);
    expect((await movements(p.code)).body.total).toBe(1);
  });

  it('lets stock go negative', async () => {
    const p = await createProduct(t, u);
    expect((await adjust(p.code, { delta: -4 })).body.quantity).toBe(-4);
    await expectLedgerConsistent(t);
  });

  it('records a stock-take as a COUNT movement of counted − current', async () => {
    const p = await createProduct(t, u, { quantity: 8 });
    t.clock.advance(1000);
    await adjust(p.code, { delta: 4 });
    t.clock.advance(1000);
    const res = await adjust(p.code, { countedQuantity: 5, note: 'Monday count' });
    expect(res.body.quantity).toBe(5);
    expect((await movements(p.code)).body.items[0]).toMatchObject({ delta: -7, reason: 'COUNT', note: 'Monday count' });
    t.clock.advance(1000);
    const same = await adjust(p.code, { countedQuantity: 5 });
    expect(same.body.quantity).toBe(5);
    expect((await movements(p.code)).body.items[0]).toMatchObject({ delta: 0, reason: 'COUNT' });
    await expectLedgerConsistent(t);
  });

  it('loses no change when 20 adjustments arrive at once', async () => {
    const p = await createProduct(t, u, { quantity: 100 });
    const deltas = Array.from({ length: 20 }, (_, i) => i + 1);
    const results = await Promise.all(deltas.map((delta) => adjust(p.code, { delta })));
    for (const r of results) expect(r.status).toBe(200);
    const expected = 100 + deltas.reduce((a, b) => a + b, 0);
    const read = await t.request('GET', `/api/secure/product/code/${p.code}`, { token: u.token });
    expect(read.body.quantity).toBe(expected);
    // Deltas are all positive, so distinct answers mean the updates were applied one after another.
    expect(new Set(results.map((r) => r.body.quantity)).size).toBe(20);
    expect((await movements(p.code)).body.total).toBe(21);
    await expectLedgerConsistent(t);
  });

  it('settles concurrent counts and adjustments to a consistent ledger', async () => {
    const p = await createProduct(t, u, { quantity: 50 });
    const calls = Array.from({ length: 20 }, (_, i) => (i % 4 === 0 ? { countedQuantity: 40 + i } : { delta: 1 }));
    const results = await Promise.all(calls.map((body) => adjust(p.code, body)));
    for (const r of results) expect(r.status).toBe(200);
    await expectLedgerConsistent(t);
  });

  it('pages the movements newest first', async () => {
    const p = await createProduct(t, u, { quantity: 1 });
    for (let i = 0; i < 4; i++) {
      t.clock.advance(1000);
      await adjust(p.code, { delta: 1, note: `n${i}` });
    }
    const first = await movements(p.code, 0, 2);
    expect(first.body).toMatchObject({ page: 0, size: 2, total: 5 });
    expect(first.body.items.map((m: { note: string }) => m.note)).toEqual(['n3', 'n2']);
    const last = await movements(p.code, 2, 2);
    expect(last.body.items.map((m: { note: string }) => m.note)).toEqual(['Opening stock']);
    expectFieldErrors(await movements(p.code, 0, 101), ['size']);
  });

  it('names bad adjustment bodies', async () => {
    const p = await createProduct(t, u);
    expectFieldErrors(await adjust(p.code, {}), ['delta']);
    expectFieldErrors(await adjust(p.code, { delta: 1, countedQuantity: 1 }), ['delta']);
    expectFieldErrors(await adjust(p.code, { delta: 1.5 }), ['delta']);
    expectFieldErrors(await adjust(p.code, { countedQuantity: -1 }), ['countedQuantity']);
    expectFieldErrors(await adjust(p.code, { delta: '3' }), ['delta']);
    expectFieldErrors(await adjust(p.code, { delta: 1, note: 'n'.repeat(201) }), ['note']);
    expect((await adjust('NO-SUCH-CODE', { delta: 1 })).status).toBe(404);
    await expectLedgerConsistent(t);
  });
});
