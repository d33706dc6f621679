import {
  CASH_DENOMINATIONS,
  countedTotal,
  ErrorCode,
  type CashMoveBody,
  type CloseShiftBody,
  type CurrencyCode,
  type DenominationCount,
  type OpenShiftBody,
  type ShiftReport,
  type ZReportPage,
} from '@shopdesk/shared';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import type { ShiftCashTable, StoreRow } from '../../db/types.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { newId } from '../../lib/ids.ts';
import { actorOf, type Actor, type Scope } from '../access/index.ts';
import { recordAudit, type AuditRecord } from '../audit/index.ts';
import { adoptShiftlessNoSales } from './shift-no-sales.repo.ts';
import * as repo from './shifts.repo.ts';
import { asSeenBy } from './shift-blind.ts';
import { liveFigures, toReport, type ClosedSnapshot } from './shift-report.ts';

/**
 * Shifts of a store's till: open with a float, pay-ins and pay-outs, the X report, closing with a
 * blind count into a Z report. A closed shift is never written again: every write here takes the
 * shift only while it is OPEN (409 otherwise), and its closing figures are written once, in the
 * transaction that closes it.
 */

const conflict = (message: string) => new AppError(409, ErrorCode.CONFLICT, message);
const closedConflict = () => conflict('This shift is closed: its Z report can no longer change.');
const shiftNotFound = () => notFound('We could not find this shift.');

/** The currencies a store's till holds: the main one, then the second when it has one. */
function tillCurrencies(store: StoreRow): string[] {
  return store.second_currency ? [store.main_currency, store.second_currency] : [store.main_currency];
}

function badCurrency(field: string): AppError {
  const message = "Only the store's main and second currency go into its till.";
  return new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field, message }]);
}

/**
 * The open shift's id for a sale or refund being stored in `trx`, or null when none is open.
 *
 * SHIFTLESS_RULE: a sale is never refused for want of a shift (a device may sell offline, an API
 * client may not know of shifts), yet nothing sold while the store uses shifts may fall outside
 * every Z report. So a completed sale or refund stored while no shift is open is kept with no
 * shift, and the next shift opened adopts it in the transaction that opens it (everything stored so
 * since shifts were turned on); its X and Z reports count it, and show the sales completed before
 * it opened apart ("sold before the shift opened"). The counter says so to the cashier and asks for
 * a shift to be opened before the first sale. A sale whose transaction is still running while a
 * shift opens (it found none open) cannot be seen by the opening one: it is adopted by the shift
 * after, so it still lands in exactly one Z report. A sale on PostgreSQL reads it the same way
 * (FOR SHARE) inside `shopdesk_store_sale` (modules/shop/store-sale.pg.ts).
 */
export async function openShiftIdFor(trx: DbOrTx, dbKind: 'sqlite' | 'postgres', storeId: string) {
  return (await openShiftFor(trx, dbKind, storeId))?.id ?? null;
}

/** As `openShiftIdFor`, with the shift's number (a drawer opening names it in the log). */
export async function openShiftFor(trx: DbOrTx, dbKind: 'sqlite' | 'postgres', storeId: string) {
  const shift = await repo.findOpenShift(trx, storeId, { dbKind, mode: 'share' });
  return shift ? { id: shift.id, number: Number(shift.number) } : null;
}

/** The store's open shift's id, or null; read without a lock (for deciding what a member sees). */
export async function currentShiftId(db: DbOrTx, storeId: string): Promise<string | null> {
  return (await repo.findOpenShift(db, storeId))?.id ?? null;
}

/** A shift's report as the caller may see it (shift-blind.ts: no expected cash before the count without REPORTS). */
async function readReport(ctx: AppContext, db: DbOrTx, scope: Scope, id: string): Promise<ShiftReport> {
  const { store } = scope;
  const shift = await repo.findShift(db, store.id, id);
  if (!shift) throw shiftNotFound();
  const [cash, moves, names] = await Promise.all([
    repo.shiftCashRows(db, store.id, [shift.id]),
    repo.cashMoves(db, store.id, shift.id),
    repo.userNames(db, [shift.opened_by, ...(shift.closed_by ? [shift.closed_by] : [])]),
  ]);
  const live = shift.status === 'OPEN' ? await liveFigures(db, store, shift, cash, moves) : null;
  return asSeenBy(scope.rights, toReport({ shift, store, cash, moves, names, live }));
}

/** `GET /shop/shift/current`: the open shift's X report, or null. */
export async function currentShift(ctx: AppContext, scope: Scope): Promise<{ shift: ShiftReport | null }> {
  const open = await repo.findOpenShift(ctx.db, scope.store.id);
  return { shift: open ? await readReport(ctx, ctx.db, scope, open.id) : null };
}

/** `GET /shop/shift/{id}`: the X report of an open shift, the Z report of a closed one. */
export function readShift(ctx: AppContext, scope: Scope, id: string): Promise<ShiftReport> {
  return readReport(ctx, ctx.db, scope, id);
}

/** `POST /shop/shift`: opens the store's shift; 409 when one is open or the store does not use shifts. */
export async function openShift(ctx: AppContext, scope: Scope, body: OpenShiftBody): Promise<ShiftReport> {
  const { store } = scope;
  if (Number(store.shifts_enabled ?? 0) !== 1) {
    throw conflict('This store does not use shifts. Turn them on in the sales settings first.');
  }
  const currencies = tillCurrencies(store);
  const floats = new Map<string, number>();
  for (const [i, f] of body.float.entries()) {
    if (!currencies.includes(f.currency) || floats.has(f.currency)) throw badCurrency(`float.${i}.currency`);
    floats.set(f.currency, f.amount);
  }
  // On a till, the member unlocked there opens it (SHIFTS), and the shift says so.
  const actor = await actorOf(ctx, scope, body, { permission: 'SHIFTS' });
  const id = newId();
  const openedAt = iso(ctx.clock.now());
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const number = await repo.nextShiftNumber(trx, store.id);
      await repo.insertShift(
        trx,
        {
          id,
          store_id: store.id,
          number,
          status: 'OPEN',
          opened_at: openedAt,
          opened_by: actor.userId,
          closed_at: null,
          closed_by: null,
          totals: null,
        },
        currencies.map((currency) => emptyCash(store.id, id, currency, floats.get(currency) ?? 0)),
      );
      // What was sold under shifts while none was open joins this one (see SHIFTLESS_RULE).
      await repo.adoptShiftless(trx, store.id, id, store.shifts_enabled_at ?? openedAt);
      await adoptShiftlessNoSales(trx, store.id, id, store.shifts_enabled_at ?? openedAt);
      await auditShift(trx, store, actor, {
        action: 'SHIFT_OPEN',
        entityCode: String(number),
        amount: floats.get(store.main_currency) ?? 0,
        at: new Date(openedAt),
      });
    });
  } catch (error) {
    // The partial unique index (one open shift) or the number's: another open got there first.
    if (isUniqueViolation(error)) throw conflict('A shift is already open in this store.');
    throw error;
  }
  return readReport(ctx, ctx.db, scope, id);
}

function emptyCash(storeId: string, shiftId: string, currency: string, float: number): ShiftCashTable {
  return {
    store_id: storeId,
    shift_id: shiftId,
    currency,
    float,
    cash_sales: null,
    cash_refunds: null,
    pay_ins: null,
    pay_outs: null,
    expected: null,
    counted: null,
    difference: null,
    denominations: null,
  };
}

/** `POST /shop/shift/{id}/cash-move`: a pay-in or pay-out; the same clientId again changes nothing. */
export async function recordCashMove(ctx: AppContext, scope: Scope, id: string, body: CashMoveBody) {
  const { store } = scope;
  if (!tillCurrencies(store).includes(body.currency)) throw badCurrency('currency');
  // On a till, the member unlocked there moves the cash: CASH_MOVES, or another member's approval.
  const actor = await actorOf(ctx, scope, body, { permission: 'CASH_MOVES' }, body.clientId);
  await ctx.db.transaction().execute(async (trx) => {
    const shift = await repo.findShift(trx, store.id, id, { dbKind: ctx.dbKind, mode: 'share' });
    if (!shift) throw shiftNotFound();
    const earlier = await repo.findMoveByClientId(trx, store.id, body.clientId);
    if (earlier) {
      if (earlier.shift_id !== shift.id) throw conflict('This move id was already used in another shift.');
      return;
    }
    if (shift.status !== 'OPEN') throw closedConflict();
    await repo.insertMoveOnce(trx, {
      id: newId(),
      store_id: store.id,
      shift_id: shift.id,
      client_id: body.clientId,
      kind: body.kind,
      currency: body.currency,
      amount: body.amount,
      reason: body.reason,
      user_id: actor.userId,
      created_at: iso(ctx.clock.now()),
    });
    const main = body.currency === store.main_currency;
    await auditShift(trx, store, actor, {
      action: 'CASH_MOVE',
      entityCode: String(shift.number),
      // A move in the second currency names it; amounts of the log are in the main currency.
      summary: main ? `${body.kind} ${body.reason}` : `${body.kind} ${body.amount} ${body.currency} ${body.reason}`,
      amount: main ? (body.kind === 'PAY_OUT' ? -body.amount : body.amount) : null,
      at: ctx.clock.now(),
    });
  });
  return readReport(ctx, ctx.db, scope, id);
}

/** Checks a count against the currency's denominations; the 400 names the offending field. */
function checkCount(currency: CurrencyCode, counts: DenominationCount[], at: number): void {
  const known = new Set(CASH_DENOMINATIONS[currency].map((d) => d.value));
  const seen = new Set<number>();
  for (const [j, c] of counts.entries()) {
    if (!known.has(c.value) || seen.has(c.value)) {
      const message = `Not a ${currency} note or coin, or counted twice.`;
      throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [
        { field: `counts.${at}.denominations.${j}.value`, message },
      ]);
    }
    seen.add(c.value);
  }
}

/**
 * `POST /shop/shift/{id}/close`: takes the blind count, computes the expected cash with the shift
 * locked (no sale, refund or move can join it meanwhile), freezes every figure and closes it.
 */
export async function closeShift(
  ctx: AppContext,
  scope: Scope,
  id: string,
  body: CloseShiftBody,
): Promise<ShiftReport> {
  const { store } = scope;
  const currencies = tillCurrencies(store);
  const counts = new Map<string, DenominationCount[]>();
  for (const [i, c] of body.counts.entries()) {
    if (!currencies.includes(c.currency) || counts.has(c.currency)) throw badCurrency(`counts.${i}.currency`);
    checkCount(c.currency, c.denominations, i);
    counts.set(c.currency, c.denominations);
  }
  const missing = currencies.find((c) => !counts.has(c));
  if (missing) {
    const message = `Count the ${missing} in the drawer too (zero is a count).`;
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field: 'counts', message }]);
  }
  const actor = await actorOf(ctx, scope, body, { permission: 'SHIFTS' });
  await ctx.db.transaction().execute(async (trx) => {
    const shift = await repo.findShift(trx, store.id, id, { dbKind: ctx.dbKind, mode: 'update' });
    if (!shift) throw shiftNotFound();
    if (shift.status !== 'OPEN') throw closedConflict();
    const [cash, moves] = await Promise.all([
      repo.shiftCashRows(trx, store.id, [shift.id]),
      repo.cashMoves(trx, store.id, shift.id),
    ]);
    const live = await liveFigures(trx, store, shift, cash, moves);
    const stored = new Set(cash.map((c) => c.currency));
    for (const figures of live.cash) {
      const denominations = counts.get(figures.currency) ?? [];
      const counted = countedTotal(denominations);
      await repo.saveClosingCash(
        trx,
        {
          store_id: store.id,
          shift_id: shift.id,
          currency: figures.currency,
          float: figures.float,
          cash_sales: figures.cashSales,
          cash_refunds: figures.cashRefunds,
          pay_ins: figures.payIns,
          pay_outs: figures.payOuts,
          expected: figures.expected,
          counted,
          difference: counted - figures.expected,
          denominations: JSON.stringify(denominations.filter((d) => d.count > 0)),
        },
        stored.has(figures.currency),
      );
    }
    const names = await repo.userNames(trx, [shift.opened_by, actor.userId]);
    const totals: ClosedSnapshot = {
      ...live.sales,
      mainCurrency: store.main_currency,
      openedBy: names.get(shift.opened_by) ?? '',
      closedBy: names.get(actor.userId) ?? '',
    };
    const closed = await repo.markClosed(trx, store.id, shift.id, {
      closed_at: iso(ctx.clock.now()),
      closed_by: actor.userId,
      totals: JSON.stringify(totals),
    });
    if (!closed) throw closedConflict();
    const mainCash = live.cash.find((c) => c.currency === store.main_currency);
    const difference = mainCash ? countedTotal(counts.get(mainCash.currency) ?? []) - mainCash.expected : null;
    await auditShift(trx, store, actor, {
      action: 'SHIFT_CLOSE',
      entityCode: String(shift.number),
      summary: difference === null ? '' : `${difference > 0 ? '+' : ''}${difference}`,
      amount: live.sales.salesTotal - live.sales.refundsTotal,
      at: ctx.clock.now(),
    });
  });
  return readReport(ctx, ctx.db, scope, id);
}

/** A shift's audit event: by the member who did it, with their approver, naming the shift. */
function auditShift(trx: DbOrTx, store: StoreRow, actor: Actor, event: Omit<AuditRecord, 'entity' | 'approvedBy' | 'approvalMode'>) {
  return recordAudit(
    trx,
    { userId: actor.userId, store, deviceId: actor.deviceId },
    { ...event, entity: 'SHIFT', approvedBy: actor.approvedBy, approvalMode: actor.approvalMode },
  );
}

/** `GET /shop/shift/z-report`: closed shifts, the latest first. */
export async function listZReports(ctx: AppContext, scope: Scope, page: number, size: number): Promise<ZReportPage> {
  const { store } = scope;
  const [total, shifts] = await Promise.all([
    repo.countClosed(ctx.db, store.id),
    repo.listClosed(ctx.db, store.id, page * size, size),
  ]);
  const cash = await repo.shiftCashRows(
    ctx.db,
    store.id,
    shifts.map((s) => s.id),
  );
  const items = shifts.map((s) => {
    const totals = JSON.parse(s.totals ?? '{}') as Partial<ClosedSnapshot>;
    const mainCurrency = totals.mainCurrency ?? store.main_currency;
    const main = cash.find((c) => c.shift_id === s.id && c.currency === mainCurrency);
    return {
      id: s.id,
      number: Number(s.number),
      openedAt: s.opened_at,
      closedAt: s.closed_at ?? '',
      salesTotal: totals.salesTotal ?? 0,
      mainCurrency: mainCurrency as CurrencyCode,
      difference: Number(main?.difference ?? 0),
    };
  });
  return { page, size, total, items };
}
