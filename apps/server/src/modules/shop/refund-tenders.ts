import {
  convertAmount,
  ErrorCode,
  formatMoney,
  invertRatio,
  parseRate,
  type CurrencyCode,
  tenderLabel,
  type RefundBody,
  type ShopTransaction,
} from '@shopdesk/shared';
import type { ShopTendersTable } from '../../db/types.ts';
import { AppError } from '../../core/errors.ts';
import type { StoreMethods } from '../payment-methods/index.ts';
import { convertOrRefuse } from './conversion.ts';
import { nameTenders, namedTenderColumns } from './named-tenders.ts';

type NamedColumns = ReturnType<typeof namedTenderColumns>;

/**
 * What a refund's money goes back as, in plain data for the refund's write task (refund-write.ts),
 * which knows the amount only once it has taken the units off the sale's lines.
 */
export interface TendersToRefund {
  /** The sale's main currency. */
  main: CurrencyCode;
  /** The one currency besides the main one money can go back in, with the sale's rate; null: none. */
  second: { currency: CurrencyCode; rate: string } | null;
  /** The method of the default single tender: cash if the sale took any, else its first. */
  defaultMethod: string;
  /** That tender's payment method: the one the sale's tender was paid with. */
  defaultNamed: NamedColumns;
  /** The body's tenders; absent: one tender of the whole amount in the main currency. */
  given: RefundBody['tenders'];
  /** The payment method of each of `given`. */
  givenNamed: NamedColumns[];
  /** An id per tender row, in order. */
  ids: string[];
}

/**
 * The tender plan of a refund of `sale` as `body` asks, with new ids from `newId`; `methods` (the
 * store's, needed only when the body names tenders) names the body's tenders.
 */
export function tendersToRefund(
  sale: ShopTransaction,
  body: RefundBody,
  newId: () => string,
  methods: StoreMethods | null,
): TendersToRefund {
  // Never a gift card: what the sale took from cards goes back to them by itself (refund-stored-value.ts).
  const paid = sale.payments.find((p) => p.method === 'CASH') ?? sale.payments.find((p) => p.method !== 'STORED_VALUE');
  const label = paid ? tenderLabel(paid) : null;
  const given = body.tenders && methods ? nameTenders(body.tenders, methods, 'tenders') : [];
  return {
    main: sale.currency,
    second: sale.secondCurrency && sale.rate ? { currency: sale.secondCurrency, rate: sale.rate.rate } : null,
    defaultMethod: paid?.method ?? 'CASH',
    defaultNamed: namedTenderColumns(label ? { label, reference: null } : undefined, paid?.method ?? 'CASH'),
    given: body.tenders,
    givenNamed: (body.tenders ?? []).map((t, i) => namedTenderColumns(given[i], t.method)),
    ids: Array.from({ length: body.tenders?.length ?? 1 }, newId),
  };
}

/** The money back: the given tenders must add up to the refund exactly; by default one tender in the main currency. */
export function refundTenders(
  plan: TendersToRefund,
  amount: number,
  /** Set when gift cards took their part first: `amount` is the rest (the message says so). */
  afterCards?: CurrencyCode,
): Omit<ShopTendersTable, 'store_id' | 'transaction_id' | 'refund_id'>[] {
  const { main, ids } = plan;
  const idAt = (position: number) => {
    const id = ids[position];
    if (id === undefined) throw new Error(`refund tender ${position} has no id`);
    return id;
  };
  if (!plan.given) {
    const method = plan.defaultMethod;
    return [
      {
        id: idAt(0),
        position: 0,
        method,
        currency: main,
        amount,
        applied: amount,
        change: 0,
        change_in_main: 0,
        change_currency: null,
        ...plan.defaultNamed,
      },
    ];
  }
  const ratio = plan.second ? parseRate(plan.second.rate) : null;
  const rows = plan.given.map((t, position) => {
    let applied = t.amount;
    if (t.currency !== main) {
      if (t.currency !== plan.second?.currency || !ratio) {
        const message = "Money can go back only in the sale's main currency, or in the second currency it was paid in.";
        throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [
          { field: `tenders.${position}.currency`, message },
        ]);
      }
      applied = convertOrRefuse(
        () => convertAmount(t.amount, t.currency as CurrencyCode, main, invertRatio(ratio), 'HALF_UP'),
        `tenders.${position}.amount`,
      );
    }
    return {
      id: idAt(position),
      position,
      method: t.method,
      currency: t.currency,
      amount: t.amount,
      applied,
      change: 0,
      change_in_main: 0,
      change_currency: null,
      ...(plan.givenNamed[position] ?? namedTenderColumns(undefined, t.method)),
    };
  });
  const given = rows.reduce((sum, r) => sum + r.applied, 0);
  if (given !== amount) {
    const message = afterCards
      ? `What goes back to gift cards and store credit is taken first: the money given back must add up to the rest, ${formatMoney(amount, main)} (it adds up to ${formatMoney(given, main)}).`
      : `The money given back must add up to ${formatMoney(amount, main)} (it adds up to ${formatMoney(given, main)}).`;
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field: 'tenders', message }]);
  }
  return rows;
}
