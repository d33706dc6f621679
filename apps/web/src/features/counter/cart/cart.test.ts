import { describe, expect, it } from 'vitest';
import type { ShopTransaction } from '@shopdesk/shared';
import {
  cartReducer,
  counterTaxOptions,
  emptyCart,
  itemCount,
  priceCart,
  toSaleLines,
  type Cart,
  type CartAction,
} from './cart.ts';

const run = (...actions: CartAction[]): Cart => actions.reduce(cartReducer, emptyCart);
const tea = { type: 'add', code: '4006381333931', name: 'Green tea', unitPrice: 199, taxRate: null } as const;

describe('the counter cart', () => {
  it('adds a unit to the line when the same product is scanned again', () => {
    const cart = run({ ...tea, key: 'a' }, { ...tea, key: 'b' }, { ...tea, key: 'c', quantity: 3 });
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ key: 'a', quantity: 5 });
    expect(itemCount(cart)).toBe(5);
  });

  it('keeps a line whose price was changed apart from new scans of the product', () => {
    const cart = run({ ...tea, key: 'a' }, { type: 'setPrice', key: 'a', unitPrice: 150 }, { ...tea, key: 'b' });
    expect(cart.lines.map((l) => [l.key, l.unitPrice, l.quantity])).toEqual([
      ['a', 150, 1],
      ['b', 199, 1],
    ]);
  });

  it('marks a price changed by hand as an override, never a price label nor an open item, and sends the mark', () => {
    const cart = run(
      { ...tea, key: 'a' },
      { type: 'setPrice', key: 'a', unitPrice: 150 },
      { ...tea, key: 'b', unitPrice: 120, priceChanged: true },
      { type: 'addOpen', name: 'Gift wrap', unitPrice: 300, quantity: 1, key: 'c' },
      { type: 'setPrice', key: 'c', unitPrice: 250 },
    );
    expect(toSaleLines(cart).map((l) => l.priceOverride ?? false)).toEqual([true, false, false]);
  });

  it('sends a price label with its line, and drops it once the price or a weighed quantity is changed', () => {
    const cheese = { type: 'add', code: '00123', name: 'Cheese', unitPrice: 2500, taxRate: null, unit: 'KG' } as const;
    const cart = run(
      { ...tea, key: 'a', unitPrice: 120, priceChanged: true, label: '2100456003508' },
      { ...cheese, key: 'b', quantity: 201, labelPrice: 503, label: '2100123005033' },
      { ...cheese, key: 'c', quantity: 150, labelPrice: 375, label: '2100123003756' },
      { ...tea, key: 'd', unitPrice: 120, priceChanged: true, label: '2100456001207' },
      { type: 'setQuantity', key: 'a', quantity: 2 },
      { type: 'setQuantity', key: 'c', quantity: 160 },
      { type: 'setPrice', key: 'd', unitPrice: 100 },
    );
    expect(toSaleLines(cart).map((l) => [l.quantity, l.labelPrice, l.label])).toEqual([
      // A piece's label is its unit price, whatever the count.
      [2, undefined, '2100456003508'],
      [201, 503, '2100123005033'],
      // A weighing's label was for its own weight, and a typed price is no label's.
      [160, undefined, undefined],
      [1, undefined, undefined],
    ]);
  });

  it('removes a line and puts it back where it was on undo', () => {
    const cart = run(
      { ...tea, key: 'a' },
      { type: 'addOpen', key: 'b', name: 'Gift wrap', unitPrice: 100, quantity: 1 },
      { ...tea, code: '5000112548167', name: 'Cola', key: 'c' },
      { type: 'remove', key: 'b' },
    );
    expect(cart.lines.map((l) => l.key)).toEqual(['a', 'c']);
    expect(cartReducer(cart, { type: 'undoRemove' }).lines.map((l) => l.key)).toEqual(['a', 'b', 'c']);
  });

  it('keeps quantities between 1 and 9,999', () => {
    const cart = run({ ...tea, key: 'a' }, { type: 'setQuantity', key: 'a', quantity: 0 });
    expect(cart.lines[0]!.quantity).toBe(1);
    expect(cartReducer(cart, { type: 'setQuantity', key: 'a', quantity: 20_000 }).lines[0]!.quantity).toBe(9_999);
  });

  it('prices like the server and sends every line with the price shown', () => {
    const cart = run(
      { ...tea, key: 'a', quantity: 2 },
      { type: 'addOpen', key: 'b', name: 'Gift wrap', unitPrice: 100, quantity: 1 },
      { type: 'setLineDiscount', key: 'a', discount: { kind: 'PERCENT', basisPoints: 1000 } },
      { type: 'setCartDiscount', discount: { kind: 'AMOUNT', amount: 50 } },
    );
    const priced = priceCart(cart, 'EXCLUSIVE', 1000);
    // 398 − 10% = 358 and 100; the 50 off spread 39 / 11; then 10% on 319 and 89.
    expect(priced.lines.map((l) => l.total)).toEqual([351, 98]);
    expect(priced.total).toBe(priced.lines.reduce((s, l) => s + l.total, 0));
    expect(toSaleLines(cart)).toEqual([
      { code: tea.code, unitPrice: 199, quantity: 2, discount: { kind: 'PERCENT', basisPoints: 1000 } },
      { name: 'Gift wrap', unitPrice: 100, quantity: 1 },
    ]);
  });

  it("taxes a product at its own rate and the rest at the store's default, one bucket per rate", () => {
    const cart = run(
      { type: 'add', key: 'a', code: '4901234567894', name: 'Rice', unitPrice: 1080, taxRate: 800 },
      { type: 'add', key: 'b', code: '4909876543217', name: 'Beer', unitPrice: 1100, taxRate: null },
      { type: 'addOpen', key: 'c', name: 'Bag', unitPrice: 550, quantity: 1 },
      { type: 'add', key: 'd', code: '4901234567894', name: 'Rice', unitPrice: 1080, taxRate: 800 },
    );
    expect(cart.lines.map((l) => [l.key, l.taxRate, l.quantity])).toEqual([
      ['a', 800, 2],
      ['b', null, 1],
      ['c', null, 1],
    ]);
    const priced = priceCart(cart, 'INCLUSIVE', 1000);
    // 2160 at 8% holds 160; 1100 and 550 at 10% hold 100 and 50 (the same figures as the server test).
    expect(priced.lines.map((l) => [l.taxRate, l.tax])).toEqual([
      [800, 160],
      [1000, 100],
      [1000, 50],
    ]);
    expect(priced.taxes).toEqual([
      { rate: 800, base: 2000, tax: 160 },
      { rate: 1000, base: 1500, tax: 150 },
    ]);
    expect(priced.tax).toBe(310);
    expect(priced.total).toBe(3810);
    // Without tax, no rate applies at all.
    expect(priceCart(cart, 'NONE', 1000).taxes).toEqual([]);
  });

  it("prices once per rate with the store's rounding when the store says so, as the server does", () => {
    const cart = run(
      ...[100, 100, 100].map((unitPrice, i) => ({
        type: 'add' as const,
        key: `f${i}`,
        code: `490000000000${i}`,
        name: `Food ${i}`,
        unitPrice,
        taxRate: 800,
      })),
      { type: 'addOpen', key: 'g', name: 'Bag', unitPrice: 105, quantity: 1 },
      { type: 'addOpen', key: 'h', name: 'Cup', unitPrice: 360, quantity: 1 },
    );
    const store = { mainCurrency: 'JPY', taxCalculation: 'PER_LINE', taxRounding: 'DOWN' } as const;
    // Per line: 7 × 3 at 8%, 10 + 33 at 10%.
    expect(priceCart(cart, 'INCLUSIVE', 1000, counterTaxOptions(store)).tax).toBe(64);
    // A registration number makes a yen store PER_RATE: ¥300 → ¥22, ¥465 → ¥42 (the NTA's example).
    const qualified = counterTaxOptions({ ...store, taxRegistrationNumber: 'T7000012050002' });
    expect(qualified).toEqual({ calculation: 'PER_RATE', rounding: 'DOWN' });
    expect(priceCart(cart, 'INCLUSIVE', 1000, qualified).taxes).toEqual([
      { rate: 800, base: 278, tax: 22 },
      { rate: 1000, base: 423, tax: 42 },
    ]);
    expect(counterTaxOptions(null)).toEqual({});
  });

  it('reopens a parked sale as it was', () => {
    const sale = {
      code: 'ABCDEFGHJK12',
      status: 'PARKED',
      taxMode: 'INCLUSIVE',
      discount: null,
      lines: [
        { id: 'l1', code: tea.code, name: 'Green tea', unitPrice: 199, quantity: 2, lineDiscount: 20, taxRate: 800 },
        { id: 'l2', code: null, name: 'Gift wrap', unitPrice: 100, quantity: 1, lineDiscount: 0, taxRate: 1000 },
      ],
    } as unknown as ShopTransaction;
    const cart = cartReducer(emptyCart, { type: 'load', sale, keys: ['x', 'y'] });
    expect(cart.parkedCode).toBe('ABCDEFGHJK12');
    expect(cart.lines).toEqual([
      {
        key: 'x',
        code: tea.code,
        name: 'Green tea',
        unitPrice: 199,
        quantity: 2,
        discount: { kind: 'AMOUNT', amount: 20 },
        priceChanged: false,
        taxRate: 800,
      },
      {
        key: 'y',
        code: null,
        name: 'Gift wrap',
        unitPrice: 100,
        quantity: 1,
        discount: null,
        priceChanged: true,
        taxRate: null,
      },
    ]);
  });
});

describe('a gift card line', () => {
  const card = { type: 'addGiftCard', name: 'Gift card', amount: 2500, key: 'g' } as const;

  it('is sold as one card of its amount, untaxed, outside the cart discount', () => {
    const cart = run(
      { ...tea, key: 'a' },
      { ...card, code: '1234567890123456' },
      { type: 'setCartDiscount', discount: { kind: 'PERCENT', basisPoints: 1000 } },
      { type: 'setQuantity', key: 'g', quantity: 3 },
      { type: 'setLineDiscount', key: 'g', discount: { kind: 'AMOUNT', amount: 100 } },
    );
    expect(toSaleLines(cart)[1]).toEqual({ quantity: 1, giftCard: { amount: 2500, code: '1234567890123456' } });
    const priced = priceCart(cart, 'EXCLUSIVE', 1000);
    expect(priced.lines[1]).toMatchObject({ gross: 2500, cartDiscount: 0, lineDiscount: 0, tax: 0, total: 2500 });
    // The tea alone takes the 10% cart discount (20 of 199) and the tax.
    expect(priced.lines[0]).toMatchObject({ cartDiscount: 20 });
  });

  it('stays a gift card when its held cart is reopened', () => {
    const held = {
      status: 'PARKED',
      code: 'ABCDEFGHJKMN',
      taxMode: 'EXCLUSIVE',
      discount: null,
      lines: [
        {
          id: 'l1',
          code: null,
          name: 'Gift card',
          unitPrice: 2500,
          quantity: 1,
          lineDiscount: 0,
          taxRate: 0,
          unit: 'EACH',
          labelPrice: null,
          priceOverride: false,
          label: null,
          giftCard: true,
          giftCardCode: null,
        },
        {
          // An open item named like a card, untaxed: only the server's mark makes a gift card.
          id: 'l2',
          code: null,
          name: 'Gift card',
          unitPrice: 300,
          quantity: 1,
          lineDiscount: 0,
          taxRate: 1000,
          unit: 'EACH',
          labelPrice: null,
          priceOverride: false,
          label: null,
        },
      ],
    } as unknown as ShopTransaction;
    const cart = cartReducer(emptyCart, { type: 'load', sale: held, keys: ['a', 'b'] });
    expect(cart.lines[0]!.giftCard).toEqual({});
    expect(cart.lines[1]!.giftCard).toBeUndefined();
    expect(toSaleLines(cart)[0]).toEqual({ quantity: 1, giftCard: { amount: 2500 } });
  });
});
