import { describe, expect, it } from 'vitest';
import type { QueuedSale } from '../../../sync/sale-queue-db.ts';
import { cartFromQueued, reopensHeldCart } from './cart-from-queue.ts';
import { priceCart } from './cart.ts';

const base = {
  seq: 1,
  userId: 'u',
  store: 'shop',
  queuedAt: 0,
  state: 'refused',
  attempts: 1,
  lastAttemptAt: 0,
  lastProblem: null,
  refusal: { status: 402, code: 'FREE_LIMIT_REACHED', message: 'limit' },
} as unknown as Omit<QueuedSale, 'clientId' | 'request' | 'preview'>;

let n = 0;
const key = () => `k${++n}`;

describe('cartFromQueued', () => {
  it('gives back the lines, names, prices, discounts and tax rates of a refused new sale', () => {
    const entry = {
      ...base,
      clientId: '9b0e4f5e-4b7a-4c55-9d59-1f7c2c1f0a11',
      request: {
        kind: 'create',
        body: {
          clientId: '9b0e4f5e-4b7a-4c55-9d59-1f7c2c1f0a11',
          status: 'COMPLETED',
          lines: [
            { code: '4006381333931', unitPrice: 1250, quantity: 2, discount: { kind: 'PERCENT', basisPoints: 1000 } },
            { name: 'Gift wrap', unitPrice: 300, quantity: 1 },
          ],
          discount: { kind: 'AMOUNT', amount: 100 },
          payments: [{ method: 'CASH', currency: 'USD', amount: 3000 }],
        },
      },
      preview: {
        currency: 'USD',
        total: 2450,
        lines: [
          { name: 'Green tea', quantity: 2 },
          { name: 'Gift wrap', quantity: 1 },
        ],
      },
    } as QueuedSale;
    const cart = cartFromQueued(entry, key, (code) => (code === '4006381333931' ? 800 : null));
    expect(cart.parkedCode).toBeNull();
    expect(cart.discount).toEqual({ kind: 'AMOUNT', amount: 100 });
    expect(cart.lines).toMatchObject([
      { code: '4006381333931', name: 'Green tea', unitPrice: 1250, quantity: 2, priceChanged: false, taxRate: 800 },
      { code: null, name: 'Gift wrap', unitPrice: 300, quantity: 1, priceChanged: true, taxRate: null },
    ]);
    // The same total as the one the cashier was paid: 2 × 12.50 − 10% = 22.50, + 3.00, − 1.00.
    expect(priceCart(cart, 'NONE', 0).total).toBe(2450);
  });

  it('gives a weighed line back in kg with its label price, priced as the cashier saw it', () => {
    const entry = {
      ...base,
      clientId: '0c7a4d1e-2f3b-4a5c-8d6e-7f8091a2b3c4',
      request: {
        kind: 'create',
        body: {
          clientId: '0c7a4d1e-2f3b-4a5c-8d6e-7f8091a2b3c4',
          status: 'COMPLETED',
          lines: [
            { code: '2112345', unitPrice: 1980, quantity: 342 },
            { code: '2154321', unitPrice: 1980, quantity: 253, labelPrice: 500 },
          ],
          payments: [{ method: 'CASH', currency: 'JPY', amount: 1177 }],
        },
      },
      preview: {
        currency: 'JPY',
        total: 1177,
        lines: [
          { name: 'Beef', quantity: 342, unit: 'KG' },
          { name: 'Pork', quantity: 253, unit: 'KG' },
        ],
      },
    } as QueuedSale;
    const cart = cartFromQueued(entry, key, () => null);
    expect(cart.lines).toMatchObject([
      { name: 'Beef', quantity: 342, unit: 'KG' },
      { name: 'Pork', quantity: 253, unit: 'KG', labelPrice: 500 },
    ]);
    expect(cart.lines[0]!.labelPrice).toBeUndefined();
    // 1,980 × 0.342 = 677.16 → 677, and the label's 500: not 342 × 1,980.
    expect(priceCart(cart, 'NONE', 0).total).toBe(677 + 500);
  });

  it('keeps the held cart a refused completion belonged to', () => {
    const entry = {
      ...base,
      clientId: 'complete:shop:7DZFHVMAEVTY',
      request: {
        kind: 'complete',
        code: '7DZFHVMAEVTY',
        body: {
          status: 'COMPLETED',
          lines: [{ code: '123456', unitPrice: 500, quantity: 1 }],
          payment: { method: 'CARD', currency: 'USD', amount: 500 },
        },
      },
      preview: null,
    } as QueuedSale;
    const cart = cartFromQueued(entry, key, () => null);
    expect(cart.parkedCode).toBe('7DZFHVMAEVTY');
    // Without a preview a product line is named by its code until the copy or server names it.
    expect(cart.lines[0]).toMatchObject({ name: '123456', quantity: 1 });
    // Another device completed that held cart meanwhile: this becomes a new sale of the same goods.
    const taken = { ...entry, refusal: { status: 409, code: 'ALREADY_COMPLETED', message: 'completed' } };
    expect(reopensHeldCart(taken)).toBe(false);
    expect(cartFromQueued(taken, key, () => null).parkedCode).toBeNull();
  });
});
