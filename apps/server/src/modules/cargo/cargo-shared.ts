import { asProductUnit, isMeasuredUnit, ErrorCode } from '@shopdesk/shared';
import { isUniqueViolation, type DbOrTx } from '../../db/database.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import * as repo from './cargo.repo.ts';

/**
 * What the cargo services share: their refusals, reading a cargo or failing, a transaction that
 * survives a cargo code collision, a line's own unit and the audit event of a change.
 */

export const cargoNotFound = () => notFound('This cargo is not in this store.');
export const contentNotFound = () => notFound('This line is not in this cargo.');
export const conflict = (message: string) => new AppError(409, ErrorCode.CONFLICT, message);
export const readOnly = (row: repo.CargoRow) =>
  row.status === 'ARRIVED'
    ? conflict('This cargo has arrived. Mark it not arrived to change its contents.')
    : conflict('This cargo was handed over to another store and can no longer change.');
export const TOO_MANY = 'A line holds at most 1,000,000 pieces (1,000 kg, L or m of a measured product).';
export const tooMany = () => conflict(TOO_MANY);

export async function cargoOrThrow(db: DbOrTx, storeId: string, code: string): Promise<repo.CargoRow> {
  const row = await repo.findCargoByCode(db, storeId, code);
  if (!row) throw cargoNotFound();
  return row;
}

/**
 * Runs `work` in a transaction, again (at most 4 more times) when a new cargo code collided with
 * an existing one: the collision rolled everything back, so a retry is a clean start.
 */
export async function withFreshCode<T>(ctx: AppContext, work: (trx: DbOrTx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction().execute(work);
    } catch (error) {
      if (attempt < 4 && isUniqueViolation(error, 'code')) continue;
      throw error;
    }
  }
}

/** What a line keeps as its own unit: a measured one, or null (pieces, or its product's unit). */
export function ownUnit(unit: string | null | undefined): string | null {
  const u = asProductUnit(unit);
  return isMeasuredUnit(u) ? u : null;
}

/** A cargo's audit event, in the transaction of its change (`summary`: what changed, as data). */
export function cargoEvent(
  trx: DbOrTx,
  actor: AuditActor,
  action:
    | 'CARGO_CREATE'
    | 'CARGO_EDIT'
    | 'CARGO_DELETE'
    | 'CARGO_COUNT'
    | 'CARGO_ARRIVE'
    | 'CARGO_TRANSFER'
    | 'CARGO_RECEIVE',
  cargo: { code: string; name: string },
  at: string,
  summary = cargo.name,
) {
  return recordAudit(trx, actor, { action, entity: 'CARGO', entityCode: cargo.code, summary, at: new Date(at) });
}
