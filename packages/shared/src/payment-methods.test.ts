import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from './currencies.ts';
import {
  DEFAULT_PAYMENT_METHODS,
  defaultPaymentMethodList,
  defaultPaymentMethods,
  PAYMENT_METHOD_NAMES,
  PaymentMethodBodySchema,
  paymentMethodLabel,
  paymentMethodName,
  paymentMethodNameKey,
  PaymentMethodsBodySchema,
  paymentMethodsProblem,
  tenderMethodOf,
} from './payment-methods.ts';

describe('payment methods', () => {
  it("gives a yen store Japan's usual methods and every other store cash, card and other", () => {
    expect(defaultPaymentMethods('JPY').map((m) => [m.defaultName, m.kind, m.needsReference, m.opensDrawer])).toEqual([
      ['CASH', 'CASH', false, true],
      ['CREDIT_CARD', 'CARD', true, false],
      ['PAYPAY', 'QR_CODE', true, false],
      ['IC_CARD', 'E_MONEY', false, false],
      ['OTHER_QR', 'QR_CODE', true, false],
    ]);
    expect(defaultPaymentMethods('USD').map((m) => m.defaultName)).toEqual(['CASH', 'CARD', 'OTHER']);
    expect(defaultPaymentMethods('USD').map((m) => m.position)).toEqual([0, 1, 2]);
  });

  it('every currency starts with a list the API accepts, with exactly one cash method', () => {
    for (const currency of CURRENCY_CODES) {
      const methods = defaultPaymentMethods(currency);
      expect(paymentMethodsProblem(methods)).toBeNull();
      expect(PaymentMethodsBodySchema.safeParse({ methods }).success).toBe(true);
      expect(methods.every((m) => m.name === null && m.enabled)).toBe(true);
    }
  });

  it('refuses a list without cash or with two', () => {
    const [cash, card] = defaultPaymentMethods('EUR');
    expect(paymentMethodsProblem([card!])).toBe('NO_CASH');
    expect(paymentMethodsProblem([cash!, { ...card!, kind: 'CASH' }])).toBe('MANY_CASH');
    expect(PaymentMethodsBodySchema.safeParse({ methods: [card] }).error?.issues[0]?.message).toBe(
      'Keep one cash method',
    );
    expect(PaymentMethodsBodySchema.safeParse({ methods: [cash, cash] }).success).toBe(false);
  });

  it('refuses a disabled cash method and two methods of one name, in any language', () => {
    const [cash, card, other] = defaultPaymentMethods('USD');
    expect(paymentMethodsProblem([{ ...cash!, enabled: false }, card!])).toBe('CASH_DISABLED');
    expect(paymentMethodsProblem([cash!, card!, { ...other!, name: ' card ' }])).toBe('SAME_NAME');
    expect(paymentMethodsProblem([cash!, { ...card!, name: '現金' }])).toBe('SAME_NAME');
    expect(paymentMethodsProblem([cash!, card!, { ...other!, name: 'PayPay' }])).toBeNull();
    expect(PaymentMethodsBodySchema.safeParse({ methods: [cash, card, { ...card, name: 'Card' }] }).success).toBe(
      false,
    );
  });

  it('labels a method id by the store’s list, else as the default (or pre-issue-27 fixed) method it names', () => {
    const list = defaultPaymentMethodList('JPY');
    expect(list.map((m) => m.id)).toEqual(['CASH', 'CREDIT_CARD', 'PAYPAY', 'IC_CARD', 'OTHER_QR']);
    expect(paymentMethodLabel('PAYPAY', [{ ...list[2]!, name: 'PayPay (shop)' }])).toEqual({
      methodId: 'PAYPAY',
      name: 'PayPay (shop)',
      defaultName: 'PAYPAY',
      kind: 'QR_CODE',
    });
    expect(paymentMethodLabel('CARD', [])).toEqual({ methodId: 'CARD', name: null, defaultName: 'CARD', kind: 'CARD' });
  });

  it('needs a name of its own or a default one', () => {
    const card = defaultPaymentMethods('EUR')[1]!;
    expect(PaymentMethodBodySchema.safeParse({ ...card, name: 'Girocard' }).success).toBe(true);
    expect(PaymentMethodBodySchema.safeParse({ ...card, defaultName: null }).success).toBe(false);
    expect(PaymentMethodBodySchema.safeParse({ ...card, name: '  ' }).success).toBe(false);
  });

  it('names default methods in the reader’s language, and keeps an owner’s own name', () => {
    expect(paymentMethodNameKey('CREDIT_CARD')).toBe('paymentMethods.names.creditCard');
    expect(paymentMethodNameKey('CASH')).toBe('paymentMethods.names.cash');
    for (const lang of ['en', 'ja'] as const) {
      for (const d of DEFAULT_PAYMENT_METHODS) expect(PAYMENT_METHOD_NAMES[lang][d]).not.toBe('');
    }
    expect(paymentMethodName({ name: null, defaultName: 'CASH' }, 'ja')).toBe('現金');
    expect(paymentMethodName({ name: 'Suica', defaultName: 'IC_CARD' }, 'ja')).toBe('Suica');
  });

  it('settles a method as the tender kind that gives change only for cash', () => {
    expect(['CASH', 'CARD', 'QR_CODE', 'E_MONEY'].map((k) => tenderMethodOf(k as 'CASH'))).toEqual([
      'CASH',
      'CARD',
      'OTHER',
      'OTHER',
    ]);
  });
});
