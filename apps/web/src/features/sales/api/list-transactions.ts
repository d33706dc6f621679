import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionStatus, TransactionWindow } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { salesKeys } from './keys.ts';

/** A calendar month (YYYY-MM) or an inclusive range of store-local dates (YYYY-MM-DD). */
export type SalesRange = { month: string } | { from: string; to: string };

export interface SalesListParams {
  range: SalesRange;
  /** Absent: every paid sale (the server leaves held carts out unless asked for PARKED). */
  status?: TransactionStatus;
  /** A payment method id of the store: the sales with a tender of it. */
  method?: string;
  /** A member's user id: the sales they made (the server never widens a member's own view with it). */
  member?: string;
  q?: string;
  /** 0-based. */
  page: number;
  size: number;
}

/** One window of the store's sales: the server never answers a whole month at once. */
export function listTransactions(store: string, p: SalesListParams, signal?: AbortSignal) {
  const query = new URLSearchParams();
  if ('month' in p.range) query.set('month', p.range.month);
  else {
    query.set('from', p.range.from);
    query.set('to', p.range.to);
  }
  query.set('page', String(p.page));
  query.set('size', String(p.size));
  if (p.status) query.set('status', p.status);
  if (p.method) query.set('method', p.method);
  if (p.member) query.set('member', p.member);
  if (p.q) query.set('q', p.q);
  const by = 'month' in p.range ? 'by-month' : 'by-date';
  return secureApi.request<TransactionWindow>(`/api/secure/shop/transaction/range/${by}?${query}`, {
    store,
    signal,
  });
}

export const transactionWindowQuery = (store: string, params: SalesListParams) =>
  queryOptions({
    queryKey: salesKeys.window(store, params),
    queryFn: ({ signal }) => listTransactions(store, params, signal),
    // The list keeps the last page on screen while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useTransactionWindow(store: string, params: SalesListParams) {
  return useQuery(transactionWindowQuery(store, params));
}
