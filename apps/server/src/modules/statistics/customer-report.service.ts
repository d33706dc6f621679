import {
  ErrorCode,
  MAX_CUSTOMER_REPORT_DAYS,
  type CustomerGroup,
  type CustomerReport,
  type CustomerReportCsvQuery,
  type CustomerSales,
  type PointsLiability,
} from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import { dayStartIn } from '../../lib/zoned-date.ts';
import type { Scope } from '../access/index.ts';
import * as repo from './customer-report.repo.ts';

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
// Four-digit years with a day after them, so the next day stays YYYY-MM-DD text (as the other reports).
const FIRST_DATE = '1970-01-01';
const LAST_DATE = '9998-12-31';

function badPeriod(message: string, field: 'from' | 'to', detail: string): AppError {
  return new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field, message: detail }]);
}

/**
 * The period in the store's time zone: real dates, in order, at most MAX_CUSTOMER_REPORT_DAYS, so
 * one report (it reads sales, not aggregates) never reads an unbounded history.
 */
export function customerPeriod(scope: Scope, query: CustomerReportCsvQuery): repo.CustomerPeriod {
  const { from, to } = query;
  for (const [field, date] of [
    ['from', from],
    ['to', to],
  ] as const) {
    const parsed = new Date(`${date}T00:00:00Z`);
    if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
      throw badPeriod('This date does not exist.', field, 'Must be a date that exists');
    }
    if (date < FIRST_DATE || date > LAST_DATE) {
      throw badPeriod(
        `Reports cover dates from ${FIRST_DATE} to ${LAST_DATE}.`,
        field,
        `Must be a date from ${FIRST_DATE} to ${LAST_DATE}`,
      );
    }
  }
  if (to < from) throw badPeriod('The end of the period is before its start.', 'to', 'Must not be before from');
  if (dayNumber(to) - dayNumber(from) + 1 > MAX_CUSTOMER_REPORT_DAYS) {
    throw badPeriod(
      `A customers report covers at most ${MAX_CUSTOMER_REPORT_DAYS} days.`,
      'to',
      `At most ${MAX_CUSTOMER_REPORT_DAYS} days from from`,
    );
  }
  const tz = scope.store.timezone;
  return {
    storeId: scope.store.id,
    from,
    to,
    fromAt: iso(dayStartIn(from, tz)),
    toAt: iso(dayStartIn(nextDay(to), tz)),
  };
}

const n = (v: number | string | null | undefined) => Number(v ?? 0);

export function toCustomerSales(r: repo.CustomerRowData, from: string): CustomerSales {
  const salesCount = n(r.sales_count);
  return {
    customerId: r.customer_id,
    code: r.code ?? '',
    name: r.name ?? '',
    salesCount,
    total: n(r.total),
    refunded: n(r.refunded),
    net: n(r.net),
    newInPeriod: salesCount > 0 && r.first_date !== null && r.first_date >= from,
  };
}

async function pointsLiability(ctx: AppContext, scope: Scope, period: repo.CustomerPeriod): Promise<PointsLiability> {
  const { held, moves } = await repo.pointsLedger(ctx.db, period);
  const moved = (kind: string) => n(moves.find((m) => m.kind === kind)?.points);
  const outstanding = n(held.outstanding);
  const pointValue = scope.store.loyalty_point_value;
  return {
    enabled: scope.store.loyalty_enabled === 1,
    pointValue,
    outstanding,
    liability: outstanding * pointValue,
    holders: n(held.holders),
    earned: moved('EARN'),
    redeemed: moved('REDEEM'),
    reversed: moved('REVERSE'),
    adjusted: moved('ADJUST'),
    expired: moved('EXPIRE'),
  };
}

/**
 * `GET /shop/statistic/customers`: the period's sales by customer (the `top` first), new versus
 * returning customers, sales without a customer, and the points liability at the period's end.
 */
export async function customerReport(
  ctx: AppContext,
  scope: Scope,
  query: CustomerReportCsvQuery & { top: number },
): Promise<CustomerReport> {
  const period = customerPeriod(scope, query);
  const [top, { rows, anonymous }, points] = await Promise.all([
    repo.customerRows(ctx.db, period, query.top),
    repo.customerGroups(ctx.db, period),
    pointsLiability(ctx, scope, period),
  ]);
  const group = (kind: string): CustomerGroup => {
    const r = rows.find((row) => row.kind === kind);
    return { customers: n(r?.customers), salesCount: n(r?.sales_count), total: n(r?.total) };
  };
  return {
    from: period.from,
    to: period.to,
    customerCount: rows.reduce((sum, r) => sum + n(r.customers), 0),
    topCustomers: top.map((r) => toCustomerSales(r, period.from)),
    newCustomers: group('NEW'),
    returningCustomers: group('RETURNING'),
    anonymous: { customers: 0, salesCount: n(anonymous.sales_count), total: n(anonymous.total) },
    points,
  };
}
