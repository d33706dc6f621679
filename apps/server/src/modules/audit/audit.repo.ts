import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { AuditEventsTable } from '../../db/types.ts';

export async function insertEvent(db: DbOrTx, row: AuditEventsTable): Promise<void> {
  await db.insertInto('audit_events').values(row).execute();
}

/** Stores an event unless the store already has one with its client_id; false for a retry. */
export async function insertEventOnce(db: DbOrTx, row: AuditEventsTable): Promise<boolean> {
  const inserted = await db
    .insertInto('audit_events')
    .values(row)
    .onConflict((oc) => oc.columns(['store_id', 'client_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findEventByClientId(db: DbOrTx, storeId: string, clientId: string) {
  return db
    .selectFrom('audit_events')
    .select(['id', 'request_hash'])
    .where('store_id', '=', storeId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export interface AuditFilter {
  storeId: string;
  userId?: string;
  action?: string;
  /** Instants (ISO, UTC): from included, to excluded. */
  from?: string;
  to?: string;
}

/** The events written to audit_events, filtered; `at` is the event's time. */
function recorded(db: DbOrTx, f: AuditFilter) {
  let q = db.selectFrom('audit_events as a').where('a.store_id', '=', f.storeId);
  if (f.userId) q = q.where('a.user_id', '=', f.userId);
  if (f.action) q = q.where('a.action', '=', f.action);
  if (f.from) q = q.where('a.at', '>=', f.from);
  if (f.to) q = q.where('a.at', '<', f.to);
  return q;
}

/**
 * Completed sales read as events: a sale is already a row with its cashier (user_id), so it is not
 * copied into audit_events (that would add a write to every sale, whose PostgreSQL path is one
 * statement). Its time is when it was completed; a refunded sale stays a sale (its refund is its own event).
 */
function sales(db: DbOrTx, f: AuditFilter) {
  let q = db
    .selectFrom('shop_transactions as t')
    .where('t.store_id', '=', f.storeId)
    .where('t.status', '!=', 'PARKED')
    .where('t.completed_at', 'is not', null);
  if (f.userId) q = q.where('t.user_id', '=', f.userId);
  if (f.from) q = q.where('t.completed_at', '>=', f.from);
  if (f.to) q = q.where('t.completed_at', '<', f.to);
  return q;
}

const wantsSales = (f: AuditFilter) => !f.action || f.action === 'SALE';
const wantsRecorded = (f: AuditFilter) => f.action !== 'SALE';

export async function countEvents(db: DbOrTx, f: AuditFilter): Promise<number> {
  const [a, s] = await Promise.all([
    wantsRecorded(f)
      ? recorded(db, f)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      : { n: 0 },
    wantsSales(f)
      ? sales(db, f)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      : { n: 0 },
  ]);
  return Number(a.n) + Number(s.n);
}

export interface EventRow {
  id: string;
  at: string;
  user_id: string;
  approved_by: string | null;
  action: string;
  entity: string;
  entity_code: string;
  summary: string;
  amount: number | string | null;
  user_name: string | null;
  user_email: string | null;
  approver_name: string | null;
  approver_email: string | null;
}

/** An event's columns with the names of who did it (u) and who approved it (v): one list for both reads. */
const EVENT_COLUMNS = [
  'e.id',
  'e.at',
  'e.user_id',
  'e.approved_by',
  'e.action',
  'e.entity',
  'e.entity_code',
  'e.summary',
  'e.amount',
  'u.name as user_name',
  'u.email as user_email',
  'v.name as approver_name',
  'v.email as approver_email',
] as const;

/** One recorded event with the names of who did and who approved it. */
export async function findEvent(db: DbOrTx, storeId: string, id: string): Promise<EventRow | undefined> {
  return db
    .selectFrom('audit_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('users as v', 'v.id', 'e.approved_by')
    .select(EVENT_COLUMNS)
    .where('e.store_id', '=', storeId)
    .where('e.id', '=', id)
    .executeTakeFirst();
}

/** A window of the store's events, newest first, with the names of who did and who approved them. */
export async function eventsPage(db: DbOrTx, f: AuditFilter, offset: number, limit: number): Promise<EventRow[]> {
  const recordedRows = recorded(db, f).select([
    'a.id',
    'a.at',
    'a.user_id',
    'a.approved_by',
    'a.action',
    'a.entity',
    'a.entity_code',
    'a.summary',
    'a.amount',
  ]);
  const saleRows = sales(db, f).select([
    't.id',
    sql<string>`t.completed_at`.as('at'),
    't.user_id',
    't.approved_by',
    sql<string>`'SALE'`.as('action'),
    sql<string>`'SALE'`.as('entity'),
    't.code as entity_code',
    't.first_items as summary',
    't.total as amount',
  ]);
  // Both branches have the same columns; the cast only tells the type checker so.
  const onlySales = saleRows as unknown as typeof recordedRows;
  const both =
    wantsRecorded(f) && wantsSales(f) ? recordedRows.unionAll(saleRows) : wantsSales(f) ? onlySales : recordedRows;
  return db
    .selectFrom(both.as('e'))
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('users as v', 'v.id', 'e.approved_by')
    .select(EVENT_COLUMNS)
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute() as Promise<EventRow[]>;
}

/**
 * Everyone who can appear in the log's member filter: the store's members now, and whoever has an
 * event or a sale in it (a member removed since keeps their name in the log).
 */
export async function people(db: DbOrTx, storeId: string) {
  const ids = db
    .selectFrom('store_members')
    .select('user_id')
    .where('store_id', '=', storeId)
    .union(db.selectFrom('audit_events').select('user_id').where('store_id', '=', storeId))
    .union(db.selectFrom('shop_transactions').select('user_id').where('store_id', '=', storeId));
  return db
    .selectFrom(ids.as('p'))
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['u.id', 'u.name', 'u.email'])
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}
