import type { CurrencyCode } from '@shopdesk/shared';

/** What a shift's cash figures are computed from, per currency (minor units of that currency). */
export interface CashInputs {
  floats: Map<string, number>;
  cashSales: Map<string, number>;
  cashRefunds: Map<string, number>;
  payIns: Map<string, number>;
  payOuts: Map<string, number>;
}

/** One currency's cash figures as computed (ShiftCash before the count, every figure known). */
export interface CashFigures {
  currency: CurrencyCode;
  float: number;
  cashSales: number;
  cashRefunds: number;
  payIns: number;
  payOuts: number;
  expected: number;
}

/**
 * The expected cash of each currency: float + cash sales (handed over − change) + pay-ins −
 * pay-outs − cash refunds. `currencies` come first in the order given (main, second); any other
 * currency that shows up in the figures (a second currency changed mid-shift) follows.
 */
export function expectedCash(currencies: string[], inputs: CashInputs): CashFigures[] {
  const all = new Set(currencies);
  for (const map of Object.values(inputs)) for (const currency of map.keys()) all.add(currency);
  return [...all].map((currency) => {
    const of = (m: Map<string, number>) => m.get(currency) ?? 0;
    const float = of(inputs.floats);
    const cashSales = of(inputs.cashSales);
    const cashRefunds = of(inputs.cashRefunds);
    const payIns = of(inputs.payIns);
    const payOuts = of(inputs.payOuts);
    return {
      currency: currency as CurrencyCode,
      float,
      cashSales,
      cashRefunds,
      payIns,
      payOuts,
      expected: float + cashSales + payIns - payOuts - cashRefunds,
    };
  });
}

/** Sums rows into a map by `key` (SQL sums arrive as strings on PostgreSQL, and null over no rows). */
export function amountsBy<R extends { amount: unknown }>(rows: R[], key: (row: R) => string): Map<string, number> {
  const map = new Map<string, number>();
  for (const row of rows) map.set(key(row), (map.get(key(row)) ?? 0) + Number(row.amount ?? 0));
  return map;
}
