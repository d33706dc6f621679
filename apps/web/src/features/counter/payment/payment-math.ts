import {
  amountInCurrency,
  parseMoney,
  settlePayment,
  type CurrencyCode,
  type PaymentContext,
  type PaymentRefusal,
  type Settlement,
  type TenderInput,
  type TenderMethod,
} from '@shopdesk/shared';

/**
 * The payment dialog's figures, all from the shared `settlePayment` (the server's own arithmetic),
 * so what the cashier reads is what the sale stores.
 */

/** Main minor units still to pay after `tenders` (0 once they cover the total). */
export function remainingDue(total: number, tenders: readonly TenderInput[], context: PaymentContext): number {
  const result = settlePayment(total, tenders, context);
  if (result.ok) return 0;
  return result.refusal.code === 'PAYMENT_SHORT' ? result.refusal.shortBy : 0;
}

/**
 * The exact amount a next tender of `method` in `currency` must be to pay the rest: the shortfall
 * asked in that currency (rounded up so it pays). Cash rounding depends on the tenders themselves
 * (it applies once main-currency cash is among them), so the amount is settled against the real
 * function and topped up until it pays; it converges in a step or two.
 */
export function exactTender(
  total: number,
  tenders: readonly TenderInput[],
  method: TenderMethod,
  currency: CurrencyCode,
  context: PaymentContext,
): number {
  if (currency !== context.mainCurrency && !context.rate) return 0;
  let amount = 0;
  for (let step = 0; step < 8; step += 1) {
    const short = remainingDue(total, [...tenders, { method, currency, amount }], context);
    if (short <= 0) return amount;
    amount += toCurrency(short, currency, context);
  }
  return amount;
}

export type EntryOutcome =
  /** The entry pays the rest: the sale can be taken with these tenders. */
  | { kind: 'pays'; tenders: TenderInput[]; settlement: Settlement }
  /** The entry pays part: it joins the list and `remaining` is still due. */
  | { kind: 'partial'; tenders: TenderInput[]; remaining: number }
  | { kind: 'refused'; refusal: PaymentRefusal };

/** What adding `entry` to `tenders` does. */
export function tryEntry(
  total: number,
  tenders: readonly TenderInput[],
  entry: TenderInput,
  context: PaymentContext,
): EntryOutcome {
  const next = [...tenders, entry];
  const result = settlePayment(total, next, context);
  if (result.ok) return { kind: 'pays', tenders: next, settlement: result.settlement };
  if (result.refusal.code === 'PAYMENT_SHORT') {
    return { kind: 'partial', tenders: next, remaining: result.refusal.shortBy };
  }
  return { kind: 'refused', refusal: result.refusal };
}

/**
 * `mainMinor` in `currency` (identity for the main currency) by the shared rule the cart, the
 * receipt and the server use (`amountInCurrency`, rounded up): the figure shown is the one asked.
 */
export function toCurrency(mainMinor: number, currency: CurrencyCode, context: PaymentContext): number {
  if (currency === context.mainCurrency || !context.rate) return mainMinor;
  return amountInCurrency(mainMinor, context.mainCurrency, currency, context.rate);
}

/** The change of a paid sale, in the one currency it is handed back in. */
export interface ChangeFigures {
  currency: CurrencyCode;
  amount: number;
}

export function changeFigures(settlement: Settlement, context: PaymentContext): ChangeFigures {
  const giving = settlement.tenders.find((t) => t.change > 0);
  if (!giving) return { currency: context.mainCurrency, amount: 0 };
  return giving.changeCurrency === giving.currency
    ? { currency: giving.currency, amount: giving.change }
    : { currency: giving.changeCurrency, amount: giving.changeInMain };
}

/**
 * The two ways to give the change of a cash entry in the second currency that pays with change:
 * in that currency, or in the main one (the cashier chooses, and the shift books what was given).
 * Null when there is no choice to make.
 */
export function changeChoices(
  total: number,
  tenders: readonly TenderInput[],
  entry: TenderInput,
  context: PaymentContext,
): { own: ChangeFigures; main: ChangeFigures } | null {
  if (entry.method !== 'CASH' || entry.currency === context.mainCurrency) return null;
  const own = tryEntry(total, tenders, { ...entry, changeCurrency: undefined }, context);
  const main = tryEntry(total, tenders, { ...entry, changeCurrency: context.mainCurrency }, context);
  if (own.kind !== 'pays' || main.kind !== 'pays') return null;
  const figures = { own: changeFigures(own.settlement, context), main: changeFigures(main.settlement, context) };
  return figures.own.amount > 0 ? figures : null;
}

/** An amount typed in `currency`, or null when it is not one (too many decimals, empty, zero). */
export function typedMinor(text: string, currency: CurrencyCode): number | null {
  if (!text.trim()) return null;
  try {
    const minor = parseMoney(text, currency);
    return minor > 0 ? minor : null;
  } catch {
    return null;
  }
}
