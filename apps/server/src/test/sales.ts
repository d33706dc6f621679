import { randomUUID } from 'node:crypto';
import type { ShopTransaction } from '@shopdesk/shared';
import { expect } from 'vitest';
import type { TestUser } from './factories.ts';
import type { TestApp } from './harness.ts';

/** Sells `quantity` of the product with `code` for cash in the main currency, USD (201 expected). */
export async function sellForCash(t: TestApp, u: TestUser, code: string, quantity = 1): Promise<ShopTransaction> {
  const res = await t.request<ShopTransaction>('POST', '/api/secure/shop/transaction', {
    token: u.token,
    body: {
      clientId: randomUUID(),
      status: 'COMPLETED',
      lines: [{ code, quantity }],
      payment: { method: 'CASH', currency: 'USD', amount: 1_000_000 },
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
