import {
  ErrorCode,
  hasPermission,
  type CurrencyCode,
  type TenderMethod,
  type TransactionStatus,
  type TransactionSummary,
} from '@shopdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import { dateIn } from '../../lib/zoned-date.ts';
import type { Scope } from '../access/index.ts';
import { currentShiftId } from '../shifts/index.ts';
import * as repo from './transaction-lists.repo.ts';

/** Lists answer windows, never a whole month at once (product.md §9). */
export interface ListFilters {
  page?: number;
  size?: number;
  status?: TransactionStatus;
  /** A payment method id of the store. */
  method?: string;
  q?: string;
  /** Only this member's sales (a user id). */
  member?: string;
  /** The earlier name of `member` (the query schema makes sure both agree). */
  userId?: string;
}

const MAX_RANGE_DAYS = 400;
const DAY_MS = 86_400_000;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function validDate(date: string, field: string): void {
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || addDays(date, 0) !== date) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, 'This date does not exist.', [
      { field, message: 'Must be a date that exists' },
    ]);
  }
}

/** Sales of the store with business dates in [from, to] (inclusive), newest first, in a window. */
export async function listByDates(ctx: AppContext, scope: Scope, from: string, to: string, filters: ListFilters) {
  validDate(from, 'from');
  validDate(to, 'to');
  if (to < from) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, 'The end date is before the start date.', [
      { field: 'to', message: 'Must not be before from' },
    ]);
  }
  if (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) > MAX_RANGE_DAYS * DAY_MS) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, `Choose a range of at most ${MAX_RANGE_DAYS} days.`, [
      { field: 'to', message: `At most ${MAX_RANGE_DAYS} days after from` },
    ]);
  }
  return window(ctx, scope, { storeId: scope.store.id, from, to: addDays(to, 1), ...asked(filters) }, filters);
}

/** The repo's filter fields of what was asked (`member` or its earlier name `userId`). */
function asked(filters: ListFilters): Omit<repo.TransactionFilter, 'storeId' | 'from' | 'to'> {
  const { status, method, q } = filters;
  const userId = filters.member ?? filters.userId;
  return { status, method, q, ...(userId ? { userId } : {}) };
}

/** Sales of a calendar month (YYYY-MM) of the store. */
export async function listByMonth(ctx: AppContext, scope: Scope, month: string, filters: ListFilters) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return window(ctx, scope, { storeId: scope.store.id, from: `${month}-01`, to: next, ...asked(filters) }, filters);
}

/**
 * The part of `filter` the caller may see (product.md §2): every sale with REPORTS; without it only
 * their own sales of the open shift (none while no shift is open), or, in a store that works
 * without shifts, their own sales of today in the store's time zone. Null: nothing.
 */
async function visibleTo(
  ctx: AppContext,
  scope: Scope,
  filter: repo.TransactionFilter,
): Promise<repo.TransactionFilter | null> {
  if (hasPermission(scope.rights, 'REPORTS')) return filter;
  // Asking for another member's sales never widens what one sees: it leaves nothing.
  if (filter.userId !== undefined && filter.userId !== scope.userId) return null;
  const own = { ...filter, userId: scope.userId };
  if (Number(scope.store.shifts_enabled ?? 0) === 1) {
    const shiftId = await currentShiftId(ctx.db, scope.store.id);
    return shiftId ? { ...own, shiftId } : null;
  }
  const today = dateIn(ctx.clock.now(), scope.store.timezone);
  const tomorrow = addDays(today, 1);
  const from = filter.from > today ? filter.from : today;
  const to = filter.to < tomorrow ? filter.to : tomorrow;
  return from < to ? { ...own, from, to } : null;
}

async function window(ctx: AppContext, scope: Scope, asked: repo.TransactionFilter, filters: ListFilters) {
  const page = filters.page ?? 0;
  const size = filters.size ?? 20;
  const filter = await visibleTo(ctx, scope, asked);
  if (!filter) return { items: [], page, size, total: 0 };
  const [rows, total] = await Promise.all([
    repo.transactionsPage(ctx.db, filter, page * size, size),
    repo.countTransactions(ctx.db, filter),
  ]);
  const methods = new Map<string, TenderMethod[]>();
  for (const t of await repo.methodsOf(
    ctx.db,
    filter.storeId,
    rows.map((r) => r.id),
  )) {
    const list = methods.get(t.transaction_id) ?? [];
    if (!list.includes(t.method as TenderMethod)) list.push(t.method as TenderMethod);
    methods.set(t.transaction_id, list);
  }
  const items: TransactionSummary[] = rows.map((r) => ({
    id: r.id,
    code: r.code,
    status: r.status as TransactionStatus,
    soldAt: r.sold_at,
    createdAt: r.created_at,
    completedAt: r.completed_at,
    currency: r.currency as CurrencyCode,
    total: Number(r.total),
    due: Number(r.due),
    refundedAmount: Number(r.refunded_amount),
    itemCount: Number(r.item_count),
    methods: methods.get(r.id) ?? [],
    firstItems: r.first_items,
  }));
  return { items, page, size, total };
}
