import type { CurrencyCode } from './currencies.ts';
import { amountInCurrency, convertAmount, divideRounded, invertRatio, type Ratio } from './exchange.ts';

/**
 * Taking payment for a total (product.md §5): one or more tenders, each in the store's main or
 * second currency; change only from cash, in the currency of that cash or (the cashier's choice)
 * in the main currency; cash rounding on the part paid in main-currency cash. Shared by the
 * counter's payment dialog and the server, so the change the cashier hands over is the change the
 * server stores.
 */

/** STORED_VALUE: a gift card or store credit (stored-value.ts), named by `cardCode`; never gives change. */
export const TENDER_METHODS = ['CASH', 'CARD', 'OTHER', 'STORED_VALUE'] as const;
export type TenderMethod = (typeof TENDER_METHODS)[number];

export interface TenderInput {
  method: TenderMethod;
  currency: CurrencyCode;
  /** Minor units of `currency`, more than zero. */
  amount: number;
  /**
   * The currency this cash tender's change is handed back in: its own (the default) or the store's
   * main currency (a yen shop giving yen back for dollars). The shift's drawer books it there.
   */
  changeCurrency?: CurrencyCode | undefined;
  /**
   * The store's payment method (payment-methods.ts) this tender was paid with; `method` is its
   * kind as the settlement knows it (tenderMethodOf). Absent: the store's method of that kind.
   */
  methodId?: string | undefined;
  /** The card slip's or QR payment's transaction number, for a method that asks for it. */
  reference?: string | undefined;
  /** A STORED_VALUE tender's gift card or store credit code. */
  cardCode?: string | undefined;
}

export interface PaymentContext {
  mainCurrency: CurrencyCode;
  secondCurrency: CurrencyCode | null;
  /** Main → second (units of second per unit of main); needed only for a second-currency tender. */
  rate: Ratio | null;
  /** Cash rounding increment in main minor units (e.g. 5 for CHF 0.05); 0 = none. */
  cashRounding: number;
}

export interface SettledTender extends TenderInput {
  /** Main minor units this tender pays of the amount due (after its change). */
  applied: number;
  /** What this tender paid over what was due, in its own currency; only cash gives change. */
  change: number;
  /**
   * The change in main minor units. Handed back in the main currency (`changeCurrency` main), it
   * is exactly what the customer gets: the tender's worth (rounded down) less what was due.
   */
  changeInMain: number;
  /** The currency the change is handed back in (the tender's own unless main was chosen). */
  changeCurrency: CurrencyCode;
}

export type PaymentRefusal =
  | { code: 'PAYMENT_SHORT'; shortBy: number }
  | { code: 'NON_CASH_OVERPAID'; tender: number }
  | { code: 'TENDER_AFTER_PAID'; tender: number }
  | { code: 'CURRENCY_NOT_ACCEPTED'; tender: number }
  | { code: 'NO_RATE'; tender: number }
  | { code: 'CHANGE_CURRENCY'; tender: number };

export interface Settlement {
  /** The total after cash rounding: what the tenders' `applied` add up to. */
  due: number;
  /** due − total: the cash rounding, positive or negative (0 without it). */
  rounding: number;
  tenders: SettledTender[];
  /** Total change, in main minor units. */
  changeInMain: number;
}

/** Rounds `amount` half up to a multiple of `increment` (0 = unchanged). */
export function roundCash(amount: number, increment: number): number {
  if (increment <= 0) return amount;
  return Number(divideRounded(BigInt(amount), BigInt(increment), 'HALF_UP')) * increment;
}

/**
 * The amount due after cash rounding: it applies to the part left for cash once the other tenders
 * have paid, and only when every cash tender is in the main currency (the increment is in its
 * minor units).
 */
export function amountDue(total: number, tenders: readonly TenderInput[], context: PaymentContext): number {
  const cash = tenders.filter((t) => t.method === 'CASH');
  if (cash.length === 0 || context.cashRounding <= 0) return total;
  if (cash.some((t) => t.currency !== context.mainCurrency)) return total;
  const nonCash = tenders.filter((t) => t.method !== 'CASH');
  const nonCashValue = nonCash.reduce((sum, t) => sum + valueInMain(t, context, 'FLOOR'), 0);
  const cashPart = total - nonCashValue;
  return cashPart > 0 ? nonCashValue + roundCash(cashPart, context.cashRounding) : total;
}

/**
 * Applies the tenders in order to `total`. Each pays what is still due; only the last may pay more,
 * and only cash gives that back as change. A foreign tender counts for what it is worth, rounded
 * down, and an amount asked in a foreign currency is rounded up, so a rounding fraction never
 * leaves the shop short.
 */
export function settlePayment(
  total: number,
  tenders: readonly TenderInput[],
  context: PaymentContext,
): { ok: true; settlement: Settlement } | { ok: false; refusal: PaymentRefusal } {
  for (const [i, t] of tenders.entries()) {
    if (t.currency !== context.mainCurrency && t.currency !== context.secondCurrency) {
      return { ok: false, refusal: { code: 'CURRENCY_NOT_ACCEPTED', tender: i } };
    }
    if (t.currency !== context.mainCurrency && !context.rate)
      return { ok: false, refusal: { code: 'NO_RATE', tender: i } };
    if (t.changeCurrency !== undefined && t.changeCurrency !== t.currency && t.changeCurrency !== context.mainCurrency)
      return { ok: false, refusal: { code: 'CHANGE_CURRENCY', tender: i } };
  }
  // Nothing to pay, even in cash (a 100% discount, a zero price, a total that cash rounding takes
  // to 0): the sale completes with no tender at all.
  if (tenders.length === 0 && roundCash(total, context.cashRounding) === 0) {
    return { ok: true, settlement: { due: 0, rounding: 0 - total, tenders: [], changeInMain: 0 } };
  }
  const due = amountDue(total, tenders, context);
  let remaining = due;
  const settled: SettledTender[] = [];
  for (const [i, t] of tenders.entries()) {
    if (remaining <= 0) return { ok: false, refusal: { code: 'TENDER_AFTER_PAID', tender: i } };
    const need = inTenderCurrency(remaining, t.currency, context);
    if (t.amount >= need) {
      const change = t.amount - need;
      if (change > 0 && t.method !== 'CASH') return { ok: false, refusal: { code: 'NON_CASH_OVERPAID', tender: i } };
      const inMain = change > 0 && t.changeCurrency === context.mainCurrency && t.currency !== context.mainCurrency;
      const changeInMain = inMain
        ? mainChange(valueInMain(t, context, 'FLOOR') - remaining, context)
        : changeToMain(change, t.currency, context);
      const changeCurrency = inMain ? context.mainCurrency : t.currency;
      settled.push({ ...t, applied: remaining, change, changeInMain, changeCurrency });
      remaining = 0;
    } else {
      const applied = valueInMain(t, context, 'FLOOR');
      settled.push({ ...t, applied, change: 0, changeInMain: 0, changeCurrency: t.currency });
      remaining -= applied;
    }
  }
  if (remaining > 0) return { ok: false, refusal: { code: 'PAYMENT_SHORT', shortBy: remaining } };
  return {
    ok: true,
    settlement: {
      due,
      rounding: due - total,
      tenders: settled,
      changeInMain: settled.reduce((sum, t) => sum + t.changeInMain, 0),
    },
  };
}

/** What an amount of main minor units is in `currency`, rounded up (what to ask the customer for). */
export function inTenderCurrency(mainMinor: number, currency: CurrencyCode, context: PaymentContext): number {
  if (currency === context.mainCurrency) return mainMinor;
  return amountInCurrency(mainMinor, context.mainCurrency, currency, requireRate(context));
}

/** Change handed back in main cash: down to the cash rounding increment (the coins that exist). */
function mainChange(amount: number, context: PaymentContext): number {
  if (context.cashRounding <= 0) return amount;
  return amount - (amount % context.cashRounding);
}

function valueInMain(t: TenderInput, context: PaymentContext, rounding: 'FLOOR' | 'HALF_UP'): number {
  if (t.currency === context.mainCurrency) return t.amount;
  return convertAmount(t.amount, t.currency, context.mainCurrency, invertRatio(requireRate(context)), rounding);
}

function changeToMain(change: number, currency: CurrencyCode, context: PaymentContext): number {
  if (change === 0 || currency === context.mainCurrency) return change;
  return convertAmount(change, currency, context.mainCurrency, invertRatio(requireRate(context)), 'HALF_UP');
}

function requireRate(context: PaymentContext): Ratio {
  if (!context.rate) throw new Error('no exchange rate for the second currency');
  return context.rate;
}
