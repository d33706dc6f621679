import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../lib/router/index.ts';
import { TRANSACTION_STATUSES, type TransactionStatus } from '@shopdesk/shared';
import { useSession } from '../../../lib/session-store.ts';
import { isTill, useTill } from '../../../lib/till/till-state.ts';
import { isDate, isMonth, monthIn, todayIn } from '../model/month.ts';
import type { SalesRange } from '../api/list-transactions.ts';

export type RangeMode = 'month' | 'range';

export interface SalesListState {
  mode: RangeMode;
  month: string;
  from: string;
  to: string;
  status: TransactionStatus | undefined;
  /** A payment method id of the store. */
  method: string | undefined;
  /** A member's user id: their sales only. */
  member: string | undefined;
  q: string;
  page: number;
  range: SalesRange;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((v) => v === value);

/** A value of the address the server would take (else left out, never sent to be refused). */
const shaped = (pattern: RegExp, value: string | null): string | undefined =>
  value !== null && pattern.test(value) ? value : undefined;
// The shapes of packages/shared's query schema: a payment method id, a user id (a UUID).
const METHOD_ID = /^[A-Za-z0-9_-]{1,40}$/;
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ListParam = 'month' | 'from' | 'to' | 'status' | 'method' | 'member' | 'q' | 'page';

/**
 * The list's month or date range, filters and page, kept in the address (?month=, ?from=&to=,
 * ?status=, ?method=, ?member=, ?q=, ?page=): a reload, the back button or a shared link shows the same
 * list, and opening a sale's detail keeps them. Without any, it is this month where the shop is.
 * A till lists by dates only, today by default (the server's till routes list no month).
 */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const timeZone = useSession((s) => s.virtualStore?.timezone);
  const onTill = useTill(isTill);
  const state = useMemo<SalesListState>(() => {
    const today = todayIn(timeZone);
    const from = params.get('from');
    const to = params.get('to');
    const mode: RangeMode = onTill || (isDate(from) && isDate(to)) ? 'range' : 'month';
    const monthParam = params.get('month');
    const month = isMonth(monthParam) ? monthParam : monthIn(timeZone);
    const rangeFrom = isDate(from) ? from : onTill ? today : `${today.slice(0, 7)}-01`;
    const rangeTo = isDate(to) ? to : today;
    const page = Number(params.get('page'));
    return {
      mode,
      month,
      from: rangeFrom,
      to: rangeTo,
      status: oneOf(TRANSACTION_STATUSES, params.get('status')),
      method: shaped(METHOD_ID, params.get('method')),
      member: shaped(USER_ID, params.get('member')),
      q: params.get('q') ?? '',
      page: Number.isInteger(page) && page > 0 ? page : 0,
      range: mode === 'range' ? { from: rangeFrom, to: rangeTo } : { month },
    };
  }, [params, timeZone, onTill]);

  /** Sets some parameters (undefined or '' removes one); any change but the page's goes back to page 1. */
  const update = useCallback(
    (changes: Partial<Record<ListParam, string | undefined>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const setMode = useCallback(
    (mode: RangeMode) =>
      mode === 'range'
        ? update({ month: undefined, from: state.from, to: state.to })
        : update({ from: undefined, to: undefined, month: state.from.slice(0, 7) }),
    [state.from, state.to, update],
  );

  return { state, update, setMode, search: params.toString(), rangeOnly: onTill };
}
