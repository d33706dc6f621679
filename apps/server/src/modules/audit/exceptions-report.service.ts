import {
  EXCEPTION_KINDS,
  ErrorCode,
  MAX_EXCEPTION_DAYS,
  MAX_EXCEPTION_ROWS,
  hasPermission,
  type ExceptionKind,
  type ExceptionMember,
  type ExceptionRow,
  type ExceptionsQuery,
  type ExceptionsReport,
  type ExceptionTotal,
} from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import { dayStartIn } from '../../lib/zoned-date.ts';
import type { Scope } from '../access/index.ts';
import * as repo from './exceptions-report.repo.ts';
import { names as memberNames } from './staff-report.repo.ts';

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
// Four-digit years with a day after them, so the next day stays YYYY-MM-DD text.
const FIRST_DATE = '1970-01-01';
const LAST_DATE = '9998-12-31';

function badPeriod(message: string, field: 'from' | 'to', detail: string): AppError {
  return new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field, message: detail }]);
}

/**
 * The period and whose rows (product.md §2): with REPORTS every member's, without it only the
 * caller's own (a cashier sees their own line, never a 403). A period is real dates, in order, of
 * at most MAX_EXCEPTION_DAYS, so one report never reads an unbounded history.
 */
export function exceptionFilter(scope: Scope, query: ExceptionsQuery): repo.ExceptionFilter {
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
  if (dayNumber(to) - dayNumber(from) + 1 > MAX_EXCEPTION_DAYS) {
    throw badPeriod(
      `An exceptions report covers at most ${MAX_EXCEPTION_DAYS} days.`,
      'to',
      `At most ${MAX_EXCEPTION_DAYS} days from from`,
    );
  }
  const tz = scope.store.timezone;
  return {
    storeId: scope.store.id,
    from,
    to,
    fromAt: iso(dayStartIn(from, tz)),
    toAt: iso(dayStartIn(nextDay(to), tz)),
    ...(ownOnly(scope) ? { userId: scope.userId } : {}),
  };
}

/** True when the caller sees only their own rows. */
export const ownOnly = (scope: Scope) => !hasPermission(scope.rights, 'REPORTS');

const nameOf = (name: string | null, email: string | null) => (name?.trim() ? name : email) ?? '';
const amountOf = (v: number | string | null) => (v === null ? null : Number(v));

export function toRow(r: repo.ExceptionRowData): ExceptionRow {
  return {
    kind: r.kind as ExceptionKind,
    at: r.at,
    userId: r.user_id,
    userName: nameOf(r.user_name, r.user_email),
    approvedBy: r.approved_by,
    approvedByName: r.approved_by ? nameOf(r.approver_name, r.approver_email) : null,
    approvalMode:
      r.approved_by && (r.approval_mode === 'ONLINE' || r.approval_mode === 'OFFLINE') ? r.approval_mode : null,
    tillId: r.device_id,
    tillName: r.device_id ? (r.till_name ?? '') : null,
    amount: amountOf(r.amount),
    cataloguePrice: amountOf(r.catalogue_price),
    saleCode: r.sale_code,
    detail: r.detail,
    points: amountOf(r.points),
  };
}

/**
 * `GET /report/exceptions`: the period's exceptions (issue 41): totals per kind and per member over
 * the whole period, and the newest rows (at most MAX_EXCEPTION_ROWS; the CSV has every one).
 */
export async function exceptionsReport(
  ctx: AppContext,
  scope: Scope,
  query: ExceptionsQuery,
): Promise<ExceptionsReport> {
  const filter = exceptionFilter(scope, query);
  const [rows, { byMember, given, byTill }] = await Promise.all([
    repo.newestRows(ctx.db, filter, MAX_EXCEPTION_ROWS + 1),
    repo.exceptionTotals(ctx.db, filter),
  ]);
  const kindTotals = new Map<ExceptionKind, ExceptionTotal>(
    EXCEPTION_KINDS.map((kind) => [kind, { kind, count: 0, amount: 0 }]),
  );
  const members = new Map<string, { kinds: ExceptionTotal[]; approvalsGiven: number }>();
  const member = (userId: string) => {
    let m = members.get(userId);
    if (!m) members.set(userId, (m = { kinds: [], approvalsGiven: 0 }));
    return m;
  };
  for (const r of byMember) {
    const kind = r.kind as ExceptionKind;
    const count = Number(r.n);
    const amount = Number(r.amount ?? 0);
    const total = kindTotals.get(kind)!;
    total.count += count;
    total.amount += amount;
    member(r.user_id).kinds.push({ kind, count, amount });
  }
  for (const r of given) if (r.approved_by) member(r.approved_by).approvalsGiven += Number(r.n);
  const names = await memberNames(ctx.db, [...members.keys()]);
  const order = (k: ExceptionKind) => EXCEPTION_KINDS.indexOf(k);
  const memberList: ExceptionMember[] = [...members]
    .map(([userId, m]) => ({
      userId,
      name: names.get(userId) ?? '',
      kinds: m.kinds.sort((a, b) => order(a.kind) - order(b.kind)),
      approvalsGiven: m.approvalsGiven,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  return {
    from: filter.from,
    to: filter.to,
    ownOnly: ownOnly(scope),
    totals: [...kindTotals.values()],
    members: memberList,
    tills: byTill
      .map((t) => ({ tillId: t.id, name: t.name, count: Number(t.n) }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    rows: rows.slice(0, MAX_EXCEPTION_ROWS).map(toRow),
    truncated: rows.length > MAX_EXCEPTION_ROWS,
  };
}
