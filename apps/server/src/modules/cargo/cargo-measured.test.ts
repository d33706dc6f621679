import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import {
  addStore,
  contentsOf,
  createCargo,
  createProduct,
  difference,
  inStore,
  issueQr,
  mark,
  productQuantity,
  receive,
  sku,
} from './cargo.test-helpers.ts';

// Weighed goods in a cargo: a KG product's line counts thousandths of a kilogram, as its stock
// does, so a scale label's 0.350 kg is the integer 350 from the scan to the ledger.
describe.each(engines)('cargo of weighed goods on %s', (engine) => {
  const t = useTestApp(engine);

  it('counts a KG line in thousandths, values it per kg and books exactly that weight on arrival', async () => {
    const u = await createUser(t);
    const [cheese, jar] = [sku(), sku()];
    const made = await t.request('POST', '/api/secure/product', {
      ...inStore(u),
      body: { code: cheese, name: 'Comté', price: 1980, quantity: 1500, unit: 'KG' },
    });
    expect(made.status, made.text).toBe(201);
    await createProduct(t, u, jar, 2, 100);
    const cargo = await createCargo(t, u, {
      name: 'Deli order',
      contents: [
        { code: cheese, name: 'Comté', quantity: 0, price: 1980 },
        { code: jar, name: 'Jar', quantity: 3, price: 100 },
      ],
    });
    const lines = await contentsOf(t, u, cargo.code);
    const line = lines.find((l) => l.code === cheese)!;
    expect(line.unit).toBe('KG');
    expect(lines.find((l) => l.code === jar)!.unit).toBe('EACH');

    // Two scale labels: 0.350 kg and 1.005 kg, each a difference in thousandths.
    const first = await difference(t, u, cargo.code, line.contentId, 350, 350);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ quantity: 350, conflict: false });
    const second = await difference(t, u, cargo.code, line.contentId, 1355, 1005);
    expect(second.body).toMatchObject({ quantity: 1355, conflict: false });
    expect((await contentsOf(t, u, cargo.code)).find((l) => l.code === cheese)).toMatchObject({
      quantity: 1355,
      unit: 'KG',
    });

    // 1.355 kg × 19.80/kg = 26.829 → 26.83 (half up), plus 3 × 1.00: not 1,355 × 19.80.
    const read = await t.request('GET', `/api/secure/cargo/code/${cargo.code}`, inStore(u));
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ totalValue: 2683 + 300 });
    // The weighing is one item beside the three jars, not 1,355 "pieces" added to them.
    expect(read.body).toMatchObject({ itemCount: 2, totalQuantity: 1 + 3 });

    const arrived = await mark(t, u, 'arrived', cargo.code);
    expect(arrived.status, arrived.text).toBe(200);
    expect(await productQuantity(t, u, cheese)).toBe(1500 + 1355);
    expect(await productQuantity(t, u, jar)).toBe(5);
    await expectLedgerConsistent(t, u.store.id);
  });

  it('creates a new weighed product in the line’s unit on arrival, and a hand-over keeps the sender’s unit', async () => {
    const u = await createUser(t);
    const [loose, pears] = [sku(), sku()];
    // Neither code is a product yet: the lines say they are weighed.
    const cargo = await createCargo(t, u, {
      name: 'Market',
      contents: [{ code: loose, name: 'Loose rice', quantity: 12_500, price: 480, unit: 'KG' }],
    });
    const added = await t.request('POST', `/api/secure/cargo-content/code/${cargo.code}/content`, {
      ...inStore(u),
      body: { code: pears, name: 'Pears', quantity: 2_340, price: 600, unit: 'KG' },
    });
    expect(added.status, added.text).toBe(201);
    expect((await contentsOf(t, u, cargo.code)).map((l) => [l.code, l.unit, l.productId])).toEqual(
      expect.arrayContaining([
        [loose, 'KG', null],
        [pears, 'KG', null],
      ]),
    );
    // 12.5 kg × 4.80 + 2.34 kg × 6.00, and two items, not 14,840 pieces.
    const read = await t.request('GET', `/api/secure/cargo/code/${cargo.code}`, inStore(u));
    expect(read.body).toMatchObject({ totalQuantity: 2, totalValue: 6000 + 1404 });

    // Handed over to another store by QR: the copy's lines are still kg there, and its arrival
    // creates both products as KG with exactly the weights sent.
    const branch = await addStore(t, u);
    const { token } = await issueQr(t, u, cargo.code);
    const copy = await receive(t, u, token, branch);
    expect(copy.status, copy.text).toBe(201);
    expect((await contentsOf(t, u, copy.body.code, branch)).map((l) => l.unit)).toEqual(['KG', 'KG']);
    const arrived = await mark(t, u, 'arrived', copy.body.code, branch);
    expect(arrived.status, arrived.text).toBe(200);
    const product = await t.request('GET', `/api/secure/product/code/${loose}`, inStore(u, branch));
    expect(product.body).toMatchObject({ unit: 'KG', quantity: 12_500, price: 480 });
    expect(await productQuantity(t, u, pears, branch)).toBe(2_340);
    await expectLedgerConsistent(t, branch.id);
  });

  it('keeps a product’s own unit over the line’s', async () => {
    const u = await createUser(t);
    const jar = sku();
    await createProduct(t, u, jar, 0, 100);
    const cargo = await createCargo(t, u, {
      name: 'Jars',
      contents: [{ code: jar, name: 'Jar', quantity: 3, price: 100, unit: 'KG' }],
    });
    expect((await contentsOf(t, u, cargo.code))[0]).toMatchObject({ unit: 'EACH', quantity: 3 });
    expect((await mark(t, u, 'arrived', cargo.code)).status).toBe(200);
    expect(await productQuantity(t, u, jar)).toBe(3);
  });
});
