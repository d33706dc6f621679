import { describe, expect, it } from 'vitest';
import { DisplayStateSchema, parseRate, type DisplayState } from '@shopdesk/shared';
import { cartReducer, emptyCart, priceCart, type Cart, type CartAction } from '../cart/cart.ts';
import { displayStateOf, sameShown, type CounterPhase, type CounterView } from './display-state.ts';

const run = (...actions: CartAction[]): Cart => actions.reduce(cartReducer, emptyCart);
const tea = { type: 'add', code: '4006381333931', name: 'Green tea', unitPrice: 250, taxRate: 800, key: 'a' } as const;
const rice = {
  type: 'add',
  code: '2400001000000',
  name: 'Rice',
  unitPrice: 600,
  taxRate: null,
  unit: 'KG',
  quantity: 1250,
  key: 'b',
} as const;
const customer = {
  id: 'c1',
  code: '2990000000017',
  name: 'Hanako Sato',
  nameKana: '',
  pointsBalance: 420,
  phoneLast4: '1234',
};

function view(cart: Cart, phase: CounterPhase = { kind: 'sale' }, pointsDiscount = 0): CounterView {
  return {
    cart,
    pricing: priceCart(cart, 'INCLUSIVE', 1000, { pointsDiscount }),
    taxMode: 'INCLUSIVE',
    context: { mainCurrency: 'JPY', secondCurrency: 'USD', rate: parseRate('0.0066') },
    loyalty: { enabled: true, earnRate: 100 },
    phase,
  };
}

/** Every key anywhere in `value`, nested ones too. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

function check(state: DisplayState): DisplayState {
  expect(DisplayStateSchema.parse(state)).toEqual(state);
  const keys = keysOf(state);
  for (const banned of ['cost', 'stock', 'key', 'cardCode', 'giftCard', 'priceChanged', 'pointsBalance', 'phoneLast4'])
    expect(keys).not.toContain(banned);
  // The one `code` is the receipt's; no product's, card's or customer's code or name anywhere.
  expect(keys.filter((k) => k === 'code')).toHaveLength(state.receipt ? 1 : 0);
  expect(JSON.stringify(state)).not.toContain('Hanako');
  expect(JSON.stringify(state)).not.toContain('4006381333931');
  expect(JSON.stringify(state)).not.toContain('2990000000017');
  expect(JSON.stringify(state)).not.toContain('ABCD1234EFGH5678');
  return state;
}

describe('the customer display state', () => {
  it('is idle with an empty cart and shows nothing of a sale', () => {
    const state = check(displayStateOf(view(emptyCart), 1));
    expect(state).toMatchObject({ phase: 'idle', lines: [], total: 0, second: null, points: null, receipt: null });
  });

  it('shows lines with discounts, measured units, tax per rate and the second currency', () => {
    const cart = run(
      { ...tea, quantity: 2 },
      rice,
      { type: 'setLineDiscount', key: 'a', discount: { kind: 'AMOUNT', amount: 50 } },
      { type: 'setCartDiscount', discount: { kind: 'PERCENT', basisPoints: 1000 } },
    );
    const state = check(displayStateOf(view(cart), 7));
    expect(state.phase).toBe('sale');
    expect(state.seq).toBe(7);
    expect(state.lines).toEqual([
      { name: 'Green tea', quantity: 2, unit: 'EACH', unitPrice: 250, discount: 50, total: 450 },
      { name: 'Rice', quantity: 1250, unit: 'KG', unitPrice: 600, discount: 0, total: 750 },
    ]);
    expect(state.itemCount).toBe(3);
    expect(state.cartDiscount).toBe(120);
    expect(state.total).toBe(1080);
    expect(state.taxes.map((t) => t.rate)).toEqual([800, 1000]);
    expect(state.second).toEqual({ currency: 'USD', total: expect.any(Number) });
    expect(state.second!.total).toBeGreaterThan(0);
  });

  it('shows a gift card line without its code', () => {
    const cart = run({ type: 'addGiftCard', name: 'Gift card', amount: 5000, code: 'ABCD1234EFGH5678', key: 'g' });
    const state = check(displayStateOf(view(cart), 2));
    expect(state.lines).toEqual([
      { name: 'Gift card', quantity: 1, unit: 'EACH', unitPrice: 5000, discount: 0, total: 5000 },
    ]);
  });

  it("shows the attached customer's points, never who they are", () => {
    const cart = run(tea, { type: 'setCustomer', customer });
    const phase: CounterPhase = { kind: 'payment', tendered: [], pointsRedeemed: 50 };
    const state = check(displayStateOf(view(cart, phase, 50), 3));
    expect(state.points).toEqual({ balance: 420, earned: 2, redeemed: 50 });
    expect(state.pointsDiscount).toBe(50);
    expect(state.total).toBe(200);
  });

  it('shows the payment, then the change and the receipt once paid (none for a sale queued offline)', () => {
    const cart = run({ ...tea, quantity: 4 });
    const tendered = [
      { label: 'Cash', currency: 'JPY' as const, amount: 500 },
      { label: 'Cash', currency: 'USD' as const, amount: 500 },
    ];
    const paying = check(
      displayStateOf(view(cart, { kind: 'payment', tendered: tendered.slice(0, 1), pointsRedeemed: 0 }), 4),
    );
    expect(paying.phase).toBe('payment');
    expect(paying.payment).toEqual({ tendered: tendered.slice(0, 1), change: null });
    const change = { currency: 'JPY' as const, amount: 250 };
    const paid = check(
      displayStateOf(view(cart, { kind: 'paid', tendered, change, code: '0A1B2C3D4E5F', pointsRedeemed: 0 }), 5),
    );
    expect(paid).toMatchObject({ phase: 'paid', payment: { tendered, change }, receipt: { code: '0A1B2C3D4E5F' } });
    const queued = check(
      displayStateOf(view(cart, { kind: 'paid', tendered, change, code: null, pointsRedeemed: 0 }), 6),
    );
    expect(queued.receipt).toBeNull();
  });

  it('tells states apart by what they show, not by their seq', () => {
    const cart = run(tea);
    expect(sameShown(displayStateOf(view(cart), 1), displayStateOf(view(cart), 2))).toBe(true);
    expect(sameShown(displayStateOf(view(cart), 1), displayStateOf(view(run({ ...tea, quantity: 2 })), 2))).toBe(false);
  });
});
