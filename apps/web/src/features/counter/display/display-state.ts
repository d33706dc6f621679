import {
  amountInCurrency,
  asProductUnit,
  pointsEarned,
  type CurrencyCode,
  type DisplayLine,
  type DisplayState,
  type PaymentContext,
  type SalePricing,
  type SupportedLocale,
  type TaxMode,
} from '@shopdesk/shared';
import { itemCount, type Cart } from '../cart/cart.ts';

/** A tender as the customer reads it: the method's name as the cashier's screen says it. */
export interface ShownTender {
  label: string;
  currency: CurrencyCode;
  amount: number;
}

/**
 * Where the sale is: rung up (`sale`, idle when the cart is empty), being paid (the tenders taken so
 * far), or paid (the settlement's tenders and change, and the sale's code once the server has it).
 */
export type CounterPhase =
  | { kind: 'sale' }
  | { kind: 'payment'; tendered: ShownTender[]; pointsRedeemed: number }
  | {
      kind: 'paid';
      tendered: ShownTender[];
      change: { currency: CurrencyCode; amount: number } | null;
      code: string | null;
      pointsRedeemed: number;
    };

/** What the counter has of the sale, as its hooks hold it. */
export interface CounterView {
  cart: Cart;
  /** The cart priced by priceCart, with the points being redeemed when there are. */
  pricing: SalePricing;
  taxMode: TaxMode;
  /** The counter's payment context: currencies and the rate the payment dialog asks with. */
  context: Pick<PaymentContext, 'mainCurrency' | 'secondCurrency' | 'rate'>;
  /** The store's loyalty settings: earned points show only when it is on and a customer is attached. */
  loyalty: { enabled: boolean; earnRate: number };
  customerLocale?: SupportedLocale | null;
  phase: CounterPhase;
}

/**
 * The DisplayState the customer sees of `view`: what the display may show and nothing else. Built
 * field by field (never by spreading a cart line or a customer), so a code, a cost or another
 * field of the counter's can never reach a display; the server checks the same with the strict
 * DisplayStateSchema.
 */
export function displayStateOf(view: CounterView, seq: number): DisplayState {
  const { cart, pricing, phase, context } = view;
  const idle = phase.kind === 'sale' && cart.lines.length === 0;
  const lines: DisplayLine[] = idle
    ? []
    : cart.lines.slice(0, 500).map((line, i) => {
        const priced = pricing.lines[i];
        const gross = priced?.gross ?? 0;
        const discount = priced?.lineDiscount ?? 0;
        return {
          name: line.name.slice(0, 200),
          quantity: Math.max(1, line.quantity),
          unit: asProductUnit(line.unit),
          unitPrice: line.unitPrice,
          discount,
          total: gross - discount,
        };
      });
  const total = idle ? 0 : pricing.total;
  const second =
    context.secondCurrency && context.rate && !idle
      ? {
          currency: context.secondCurrency,
          total: amountInCurrency(total, context.mainCurrency, context.secondCurrency, context.rate),
        }
      : null;
  const customer = idle ? null : (cart.customer ?? null);
  const redeemed = phase.kind === 'sale' ? 0 : phase.pointsRedeemed;
  const points = customer
    ? {
        balance: customer.pointsBalance ?? null,
        earned: view.loyalty.enabled ? pointsEarned(total, view.loyalty.earnRate) : 0,
        redeemed,
      }
    : null;
  return {
    seq,
    phase: phase.kind === 'sale' ? (idle ? 'idle' : 'sale') : phase.kind,
    currency: context.mainCurrency,
    taxMode: view.taxMode,
    lines,
    itemCount: idle ? 0 : itemCount(cart),
    cartDiscount: idle ? 0 : pricing.cartDiscount,
    pointsDiscount: idle ? 0 : pricing.pointsDiscount,
    taxes:
      idle || view.taxMode === 'NONE' ? [] : pricing.taxes.map((t) => ({ rate: t.rate, base: t.base, tax: t.tax })),
    total,
    second,
    payment:
      phase.kind === 'sale'
        ? null
        : {
            tendered: phase.tendered
              .slice(0, 20)
              .map((t) => ({ label: t.label.slice(0, 200), currency: t.currency, amount: t.amount })),
            change: phase.kind === 'paid' && phase.change && phase.change.amount > 0 ? { ...phase.change } : null,
          },
    points,
    receipt: phase.kind === 'paid' && phase.code ? { code: phase.code } : null,
    customerLocale: idle ? null : (view.customerLocale ?? null),
  };
}

/** The same state apart from its seq: a counter sends a state only when this changes. */
export function sameShown(a: DisplayState, b: DisplayState): boolean {
  return JSON.stringify({ ...a, seq: 0 }) === JSON.stringify({ ...b, seq: 0 });
}
