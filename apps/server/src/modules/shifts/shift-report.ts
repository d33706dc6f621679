import {
  paymentMethodLabel,
  tenderMethodOfLabel,
  type CashMove,
  type CurrencyCode,
  type DenominationCount,
  type ShiftCash,
  type ShiftReport,
} from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import type { ShiftCashMovesTable, ShiftCashTable, ShiftsTable, StoreRow } from '../../db/types.ts';
import { storeMethods } from '../payment-methods/index.ts';
import { amountsBy, expectedCash, type CashFigures } from './shift-figures.ts';
import { noSaleCount } from './shift-no-sales.repo.ts';
import * as repo from './shifts.repo.ts';

/** A shift's sale figures in the main currency; frozen as JSON (`shifts.totals`) when it closes. */
export type SaleFigures = Pick<
  ShiftReport,
  | 'salesCount'
  | 'salesTotal'
  | 'lateSalesCount'
  | 'lateSalesTotal'
  | 'refundsCount'
  | 'refundsTotal'
  | 'byMethod'
  | 'byCashier'
  | 'noSaleCount'
>;

/**
 * What a Z report is read from once the shift is closed, frozen as JSON (`shifts.totals`) in the
 * statement that closes it: the sale figures, the currency they are in and the names of who opened
 * and closed it. A closed report is never recomputed from live rows, so renaming a member or
 * changing the store later leaves it as it was closed. Shifts closed before the snapshot held the
 * currency and names (`Partial`) fall back to the live values.
 */
export type ClosedSnapshot = SaleFigures & Partial<{ mainCurrency: string; openedBy: string; closedBy: string }>;

export interface LiveFigures {
  cash: CashFigures[];
  sales: SaleFigures;
}

/** An open shift's figures as they stand now, read from its sales, refunds and moves. */
export async function liveFigures(
  db: DbOrTx,
  store: StoreRow,
  shift: Pick<ShiftsTable, 'id' | 'opened_at'>,
  cash: ShiftCashTable[],
  moves: ShiftCashMovesTable[],
): Promise<LiveFigures> {
  const shiftId = shift.id;
  const [cashSales, cashRefunds, sales, late, refunds, methods, named, cashiers, noSales] = await Promise.all([
    repo.cashSalesByCurrency(db, store.id, shiftId),
    repo.cashRefundsByCurrency(db, store.id, shiftId),
    repo.saleTotals(db, store.id, shiftId),
    repo.saleTotals(db, store.id, shiftId, { soldBefore: shift.opened_at }),
    repo.refundTotals(db, store.id, shiftId),
    repo.methodTotals(db, store.id, shiftId),
    storeMethods(db, store),
    repo.cashierTotals(db, store.id, shiftId),
    noSaleCount(db, store.id, shiftId),
  ]);
  const currencies = store.second_currency ? [store.main_currency, store.second_currency] : [store.main_currency];
  const figures = expectedCash(currencies, {
    floats: amountsBy(
      cash.map((c) => ({ currency: c.currency, amount: c.float })),
      (r) => r.currency,
    ),
    cashSales: amountsBy(cashSales, (r) => r.currency),
    cashRefunds: amountsBy(cashRefunds, (r) => r.currency),
    payIns: amountsBy(
      moves.filter((m) => m.kind === 'PAY_IN'),
      (r) => r.currency,
    ),
    payOuts: amountsBy(
      moves.filter((m) => m.kind === 'PAY_OUT'),
      (r) => r.currency,
    ),
  });
  // Per payment method, in the store's list order, then methods it no longer has.
  const taken = amountsBy(methods.sales, (r) => r.method_key);
  const given = amountsBy(methods.refunds, (r) => r.method_key);
  const keys = [...new Set([...taken.keys(), ...given.keys()])];
  const order = (key: string) => {
    const at = named.all.findIndex((m) => m.id === key);
    return at < 0 ? named.all.length : at;
  };
  keys.sort((a, b) => order(a) - order(b) || (a < b ? -1 : a > b ? 1 : 0));
  const byMethod = keys.map((key) => {
    const label = paymentMethodLabel(key, named.all);
    return { ...label, method: tenderMethodOfLabel(label), amount: (taken.get(key) ?? 0) - (given.get(key) ?? 0) };
  });
  return {
    cash: figures,
    sales: {
      byCashier: await byCashier(db, cashiers),
      salesCount: Number(sales.n),
      salesTotal: Number(sales.total ?? 0),
      lateSalesCount: Number(late.n),
      lateSalesTotal: Number(late.total ?? 0),
      refundsCount: Number(refunds.n),
      refundsTotal: Number(refunds.total ?? 0),
      byMethod,
      noSaleCount: noSales,
    },
  };
}

/** Per cashier, by name; a deleted account keeps its figures under an empty name. */
async function byCashier(db: DbOrTx, totals: Awaited<ReturnType<typeof repo.cashierTotals>>) {
  const ids = [...new Set([...totals.sales, ...totals.refunds].map((r) => r.user_id))];
  const names = await repo.userNames(db, ids);
  const sold = new Map(totals.sales.map((r) => [r.user_id, r]));
  const gave = new Map(totals.refunds.map((r) => [r.user_id, r]));
  return ids
    .map((userId) => ({
      userId,
      name: names.get(userId) ?? '',
      salesCount: Number(sold.get(userId)?.n ?? 0),
      salesTotal: Number(sold.get(userId)?.total ?? 0),
      refundsCount: Number(gave.get(userId)?.n ?? 0),
      refundsTotal: Number(gave.get(userId)?.total ?? 0),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}

function toMove(m: ShiftCashMovesTable): CashMove {
  return {
    id: m.id,
    kind: m.kind as CashMove['kind'],
    currency: m.currency as CurrencyCode,
    amount: Number(m.amount),
    reason: m.reason,
    at: m.created_at,
  };
}

/** The API's report: live figures for an open shift, the frozen ones of its closing for a closed one. */
export function toReport(input: {
  shift: ShiftsTable;
  store: StoreRow;
  cash: ShiftCashTable[];
  moves: ShiftCashMovesTable[];
  names: Map<string, string>;
  live: LiveFigures | null;
}): ShiftReport {
  const { shift, store, cash, moves, names, live } = input;
  const name = (id: string) => names.get(id) ?? '';
  const frozen = JSON.parse(shift.totals ?? 'null') as Partial<ClosedSnapshot> | null;
  const mainCurrency = (frozen?.mainCurrency ?? store.main_currency) as CurrencyCode;
  const none: SaleFigures = {
    salesCount: 0,
    salesTotal: 0,
    lateSalesCount: 0,
    lateSalesTotal: 0,
    refundsCount: 0,
    refundsTotal: 0,
    byMethod: [],
    byCashier: [],
    noSaleCount: 0,
  };
  // Shifts closed before late sales were counted froze no late figures: 0.
  const sales: SaleFigures = live?.sales ?? { ...none, ...frozen };
  const { salesCount, salesTotal, lateSalesCount, lateSalesTotal, refundsCount, refundsTotal } = sales;
  // A Z report frozen before named tenders has only each row's fixed method: its label by that.
  const byMethod = sales.byMethod.map((m) => ({ ...paymentMethodLabel(m.method, []), ...m }));
  // Z reports frozen before the breakdown by cashier was kept have none.
  const byCashierRows = sales.byCashier ?? [];
  const cashFigures: ShiftCash[] = live
    ? live.cash.map((c) => ({ ...c, counted: null, difference: null, denominations: null }))
    : orderCash(mainCurrency, cash).map((c) => ({
        currency: c.currency as CurrencyCode,
        float: Number(c.float),
        cashSales: Number(c.cash_sales ?? 0),
        cashRefunds: Number(c.cash_refunds ?? 0),
        payIns: Number(c.pay_ins ?? 0),
        payOuts: Number(c.pay_outs ?? 0),
        expected: Number(c.expected ?? 0),
        counted: c.counted === null ? null : Number(c.counted),
        difference: c.difference === null ? null : Number(c.difference),
        denominations: c.denominations ? (JSON.parse(c.denominations) as DenominationCount[]) : null,
      }));
  return {
    id: shift.id,
    number: Number(shift.number),
    status: shift.status as ShiftReport['status'],
    mainCurrency,
    openedAt: shift.opened_at,
    openedBy: frozen?.openedBy ?? name(shift.opened_by),
    closedAt: shift.closed_at,
    closedBy: shift.closed_by ? (frozen?.closedBy ?? name(shift.closed_by)) : null,
    salesCount,
    salesTotal,
    lateSalesCount,
    lateSalesTotal,
    refundsCount,
    refundsTotal,
    byMethod,
    byCashier: byCashierRows,
    // Z reports frozen before drawer openings were counted have none: `none`'s 0.
    noSaleCount: sales.noSaleCount,
    cash: cashFigures,
    moves: moves.map(toMove),
    // Decided per caller (shift-blind.ts): the report itself is the whole truth.
    cashHidden: false,
  };
}

/** The main currency first, then the others by code. */
function orderCash(main: string, cash: ShiftCashTable[]): ShiftCashTable[] {
  return [...cash].sort((a, b) =>
    a.currency === main ? -1 : b.currency === main ? 1 : a.currency.localeCompare(b.currency),
  );
}
