import {
  ErrorCode,
  JAPAN_NOTIFICATION_THRESHOLD,
  JAPAN_WARNING_BP,
  MAX_EXCEPTION_DAYS,
  notificationApplies,
  referenceDates,
  sixMonthExpiry,
  type StoredValueLiability,
  type StoredValueReport,
} from '@shopdesk/shared';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import { dateIn, dayStartIn } from '../../lib/zoned-date.ts';
import type { Scope } from '../access/index.ts';
import * as repo from './liability.repo.ts';
import { todayOf } from './stored-value.service.ts';

const DAY_MS = 86_400_000;
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
/** Reference dates looked back on: the last two years' 31 March and 30 September. */
const REFERENCE_DATES = 4;

function badDate(field: string, message: string): AppError {
  return new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field, message }]);
}

/** A date that exists, with a four-digit year and a day after it. */
function checkDate(field: string, date: string): void {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date || date > '9998-12-31') {
    throw badDate(field, 'Must be a date that exists');
  }
}

/** The instant the store's day after `date` starts: the end of `date` there, excluded. */
const endOf = (date: string, timezone: string) => iso(dayStartIn(nextDay(date), timezone));

const byKind = (rows: Awaited<ReturnType<typeof repo.balancesBefore>>, kind: string) => {
  const row = rows.find((r) => r.kind === kind);
  return { count: Number(row?.count ?? 0), balance: Number(row?.balance ?? 0) };
};

/**
 * `GET /stored-value/liability?at=`: what the store owes on cards and credit at the end of `at`
 * (its timezone), per kind. For a yen store, the Payment Services Act's threshold beside it (a
 * warning from JAPAN_WARNING_BP of it, on the whole total: the share of short-lived cards, outside
 * the duty, is given apart) and the totals at the last reference dates up to `at`.
 */
export async function liability(ctx: AppContext, scope: Scope, atDate?: string): Promise<StoredValueLiability> {
  const { store } = scope;
  const at = atDate ?? todayOf(ctx, scope);
  checkDate('at', at);
  const tz = store.timezone;
  const end = endOf(at, tz);
  const year = Number(at.slice(0, 4));
  const dates = referenceDates(year - 2, year)
    .filter((d) => d <= at)
    .sort()
    .reverse()
    .slice(0, REFERENCE_DATES);
  const [kinds, expiring, references] = await Promise.all([
    repo.balancesBefore(ctx.db, store.id, end),
    repo.expiringBalancesBefore(ctx.db, store.id, end),
    Promise.all(dates.map((d) => repo.totalBefore(ctx.db, store.id, endOf(d, tz)))),
  ]);
  const giftCards = byKind(kinds, 'GIFT_CARD');
  const storeCredit = byKind(kinds, 'STORE_CREDIT');
  const total = giftCards.balance + storeCredit.balance;
  const threshold = notificationApplies(store.main_currency) ? JAPAN_NOTIFICATION_THRESHOLD : null;
  const thresholdBp = threshold ? Math.floor((total * 10_000) / threshold) : 0;
  const shortLivedTotal = expiring
    .filter((r) => r.expires_at !== null && r.expires_at <= sixMonthExpiry(dateIn(new Date(r.created_at), tz)))
    .reduce((sum, r) => sum + Number(r.balance), 0);
  return {
    at,
    currency: store.main_currency,
    giftCards,
    storeCredit,
    total,
    threshold,
    thresholdBp,
    warning: threshold !== null && thresholdBp >= JAPAN_WARNING_BP,
    referenceDates: dates.map((date, i) => ({
      date,
      total: references[i]!,
      overThreshold: threshold !== null && references[i]! > threshold,
    })),
    shortLivedTotal,
  };
}

/**
 * `GET /stored-value/report?from&to`: what moved on cards and credit in the period (store days,
 * both included, at most MAX_EXCEPTION_DAYS) and what is outstanding at its end. Sold: ISSUE and
 * LOAD of gift cards; redeemed: spent as tenders; refunded: refunds' net movement on cards;
 * expired: breakage. Store credit issued: money paid into it (refunds).
 */
export async function report(
  ctx: AppContext,
  scope: Scope,
  query: { from: string; to: string },
): Promise<StoredValueReport> {
  const { store } = scope;
  const { from, to } = query;
  checkDate('from', from);
  checkDate('to', to);
  if (to < from) throw badDate('to', 'Must not be before from');
  if (dayNumber(to) - dayNumber(from) + 1 > MAX_EXCEPTION_DAYS) {
    throw badDate('to', `At most ${MAX_EXCEPTION_DAYS} days from from`);
  }
  const tz = store.timezone;
  const fromAt = iso(dayStartIn(from, tz));
  const toAt = endOf(to, tz);
  const [rows, outstanding] = await Promise.all([
    repo.movements(ctx.db, store.id, fromAt, toAt),
    repo.balancesBefore(ctx.db, store.id, toAt),
  ]);
  const of = (accountKind: string, kinds: string[]) => {
    const list = rows.filter((r) => r.account_kind === accountKind && kinds.includes(r.kind));
    return {
      n: list.reduce((s, r) => s + Number(r.n), 0),
      paidIn: list.reduce((s, r) => s + Number(r.paid_in ?? 0), 0),
      takenOut: list.reduce((s, r) => s + Number(r.taken_out ?? 0), 0),
    };
  };
  const net = (k: { paidIn: number; takenOut: number }) => k.paidIn + k.takenOut;
  const sold = of('GIFT_CARD', ['ISSUE', 'LOAD']);
  return {
    from,
    to,
    currency: store.main_currency,
    giftCards: {
      soldCount: sold.n,
      sold: sold.paidIn,
      redeemed: -of('GIFT_CARD', ['REDEEM']).takenOut,
      refunded: net(of('GIFT_CARD', ['REFUND'])),
      adjusted: net(of('GIFT_CARD', ['ADJUST'])),
      expired: -of('GIFT_CARD', ['EXPIRE']).takenOut,
      outstanding: byKind(outstanding, 'GIFT_CARD').balance,
    },
    storeCredit: {
      issued: of('STORE_CREDIT', ['ISSUE', 'LOAD', 'REFUND']).paidIn,
      spent: -of('STORE_CREDIT', ['REDEEM', 'REFUND']).takenOut,
      adjusted: net(of('STORE_CREDIT', ['ADJUST'])),
      expired: -of('STORE_CREDIT', ['EXPIRE']).takenOut,
      outstanding: byKind(outstanding, 'STORE_CREDIT').balance,
    },
  };
}
