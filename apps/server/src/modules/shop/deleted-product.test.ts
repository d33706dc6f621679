import { randomUUID } from 'node:crypto';
import type { ShopTransaction } from '@shopdesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { engines, useTestApp } from '../../test/harness.ts';
import { expectLedgerConsistent } from '../../test/ledger.ts';
import { createProduct, ean13 } from '../../test/products.ts';

/**
 * A product deleted since a sale leaves the sale's line with its code and name and a null product
 * id (product.md, TransactionLine), and a restocking refund of that line says it restocked nothing
 * instead of doing so silently.
 */
describe.each(engines)('sales of a product deleted since on %s', (engine) => {
  const t = useTestApp(engine);
  let u: TestUser;
  beforeAll(async () => {
    u = await createUser(t);
  });

  it('keeps the line without its product id, and a refund restocks nothing, visibly', async () => {
    const gone = await createProduct(t, u, { code: ean13(), name: 'Seasonal tea', price: 300, quantity: 10 });
    const kept = await createProduct(t, u, { code: ean13(), name: 'Green tea', price: 200, quantity: 10 });
    const sold = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
      token: u.token,
      body: {
        clientId: randomUUID(),
        status: 'COMPLETED',
        lines: [
          { code: gone.code, quantity: 2 },
          { code: kept.code, quantity: 2 },
        ],
        payment: { method: 'CASH', currency: 'USD', amount: 1000 },
      },
    });
    expect(sold.status, sold.text).toBe(201);
    const del = await t.request('DELETE', `/api/secure/product/code/${gone.code}`, { token: u.token });
    expect(del.status, del.text).toBe(204);

    const sale = await t.request<ShopTransaction>('GET', `/api/secure/shop/transaction/${sold.body.code}`, {
      token: u.token,
    });
    const goneLine = sale.body.lines.find((l) => l.code === gone.code)!;
    const keptLine = sale.body.lines.find((l) => l.code === kept.code)!;
    expect(goneLine).toMatchObject({ productId: null, code: gone.code, name: 'Seasonal tea', quantity: 2 });
    expect(keptLine.productId).toBe(kept.id);

    // The same code made again is a new product: the old sale's refund does not restock it.
    const again = await createProduct(t, u, { code: gone.code, name: 'Seasonal tea', price: 300, quantity: 5 });

    const refund = await t.request<ShopTransaction>('POST', `/api/secure/shop/transaction/${sold.body.code}/refund`, {
      token: u.token,
      body: { clientId: randomUUID(), restock: true },
    });
    expect(refund.status, refund.text).toBe(201);
    const lines = refund.body.refunds[0]!.lines;
    expect(lines.find((l) => l.lineId === goneLine.id)).toMatchObject({ quantity: 2, restocked: 0 });
    expect(lines.find((l) => l.lineId === keptLine.id)).toMatchObject({ quantity: 2, restocked: 2 });
    const after = await t.request('GET', `/api/secure/product/code/${kept.code}`, { token: u.token });
    expect(after.body.quantity).toBe(10);
    expect((await t.request('GET', `/api/secure/product/code/${again.code}`, { token: u.token })).body.quantity).toBe(
      5,
    );
    await expectLedgerConsistent(t, u.store.id);
  });
});
