import {
  ErrorCode,
  type AuditAction,
  type AuditEntity,
  type AuditEvent,
  type AuditPerson,
  type AuditQuery,
  type AuditWindow,
} from '@shopdesk/shared';
import type { DbOrTx } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../core/errors.ts';
import { newOrderedId } from '../../lib/ids.ts';
import { dayStartIn } from '../../lib/zoned-date.ts';
import type { Scope } from '../access/index.ts';
import * as repo from './audit.repo.ts';

/** Who did it, in which store: a Scope is one; a write task passes the plain ids it carries. */
export interface AuditActor {
  userId: string;
  store: { id: string };
  /** The till it was done on (a Scope from a till token carries it); absent from a person's session. */
  deviceId?: string | null | undefined;
}

export interface AuditRecord {
  action: AuditAction;
  entity: AuditEntity;
  entityCode?: string;
  /** Short, data rather than prose (a product's name, "+5 DAMAGED"): the screen translates the action. */
  summary?: string;
  amount?: number | null;
  /** The member whose PIN approved the action on a till (till mode). */
  approvedBy?: string | null;
  /** How that approval was given: ONLINE or OFFLINE (till-approval.ts). */
  approvalMode?: 'ONLINE' | 'OFFLINE' | null;
  /** The shift a drawer opening belongs to (NO_SALE), counted in its X and Z reports. */
  shiftId?: string | null;
  at?: Date;
}

const MAX_SUMMARY = 200;

/**
 * Records who did what (product.md §2 "every write records who made it"). Call it with the
 * transaction of the write it records, so the event exists exactly when the write does. Exported
 * for every module that writes store data (members' invite, edit and remove included).
 */
export async function recordAudit(trx: DbOrTx, actor: AuditActor, event: AuditRecord): Promise<void> {
  await repo.insertEvent(trx, rowOf(actor, event));
}

function rowOf(actor: AuditActor, event: AuditRecord) {
  const at = event.at ?? new Date();
  return {
    store_id: actor.store.id,
    id: newOrderedId(at.getTime()),
    at: iso(at),
    user_id: actor.userId,
    approved_by: event.approvedBy ?? null,
    approval_mode: event.approvalMode ?? null,
    device_id: actor.deviceId ?? null,
    action: event.action,
    entity: event.entity,
    entity_code: event.entityCode ?? '',
    summary: (event.summary ?? '').slice(0, MAX_SUMMARY),
    amount: event.amount ?? null,
    client_id: null,
    request_hash: null,
    shift_id: event.shiftId ?? null,
  };
}

/** A device's event that it may send again (NO_SALE): its clientId and the fingerprint of its body. */
export interface RepeatableRecord extends AuditRecord {
  clientId: string;
  requestHash: string;
}

/**
 * Records a repeatable event once per clientId (ARCHITECTURE.md convention 15), in `trx`. Answers
 * the new event's id, or null when the store already has an event with this clientId (a retry, or
 * a race with one): the caller then reads it with `eventByClientId` and compares fingerprints.
 */
export async function recordAuditOnce(trx: DbOrTx, actor: AuditActor, event: RepeatableRecord) {
  const row = { ...rowOf(actor, event), client_id: event.clientId, request_hash: event.requestHash };
  return (await repo.insertEventOnce(trx, row)) ? row.id : null;
}

/** The event a device stored under `clientId`, with its fingerprint, or undefined. */
export function eventByClientId(db: DbOrTx, storeId: string, clientId: string) {
  return repo.findEventByClientId(db, storeId, clientId);
}

/** One event of the store as the API shows it, or undefined. */
export async function readEvent(db: DbOrTx, storeId: string, id: string): Promise<AuditEvent | undefined> {
  const row = await repo.findEvent(db, storeId, id);
  return row ? toEvent(storeId, row) : undefined;
}

const DAY_MS = 86_400_000;
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

function filterOf(scope: Scope, query: AuditQuery): repo.AuditFilter {
  const tz = scope.store.timezone;
  for (const field of ['from', 'to'] as const) {
    const date = query[field];
    const parsed = date ? new Date(`${date}T00:00:00Z`) : null;
    if (parsed && (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)) {
      throw new AppError(400, ErrorCode.VALIDATION_ERROR, 'This date does not exist.', [
        { field, message: 'Must be a date that exists' },
      ]);
    }
  }
  if (query.from && query.to && query.to < query.from) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, 'The end date is before the start date.', [
      { field: 'to', message: 'Must not be before from' },
    ]);
  }
  return {
    storeId: scope.store.id,
    userId: query.userId,
    action: query.action,
    from: query.from ? iso(dayStartIn(query.from, tz)) : undefined,
    to: query.to ? iso(dayStartIn(nextDay(query.to), tz)) : undefined,
  };
}

const nameOf = (name: string | null, email: string | null) => (name?.trim() ? name : email) ?? null;

/** `GET .../audit/window/{page}/{size}`: the store's events, newest first. */
export async function listEvents(
  ctx: AppContext,
  scope: Scope,
  page: number,
  size: number,
  query: AuditQuery,
): Promise<AuditWindow> {
  const filter = filterOf(scope, query);
  const [rows, total] = await Promise.all([
    repo.eventsPage(ctx.db, filter, page * size, size),
    repo.countEvents(ctx.db, filter),
  ]);
  const items = rows.map((r) => toEvent(scope.store.id, r));
  return { items, page, size, total };
}

function toEvent(storeId: string, r: repo.EventRow): AuditEvent {
  return {
    id: r.id,
    storeId,
    at: r.at,
    userId: r.user_id,
    userName: nameOf(r.user_name, r.user_email),
    approvedBy: r.approved_by,
    approvedByName: r.approved_by ? nameOf(r.approver_name, r.approver_email) : null,
    action: r.action as AuditAction,
    entity: r.entity as AuditEntity,
    entityCode: r.entity_code,
    summary: r.summary,
    amount: r.amount === null ? null : Number(r.amount),
  };
}

/** The people of the log's member filter. */
export async function listPeople(ctx: AppContext, scope: Scope): Promise<AuditPerson[]> {
  const rows = await repo.people(ctx.db, scope.store.id);
  return rows.map((r) => ({ userId: r.id, name: nameOf(r.name, r.email) ?? r.id }));
}
