import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { cardRows } from './exceptions-cards.repo.ts';
import { pointsRows } from './exceptions-points.repo.ts';
import { approver, completedSales, noAmount, noText, type ExceptionFilter } from './exceptions-sql.ts';

export type { ExceptionFilter } from './exceptions-sql.ts';

function events(db: DbOrTx, f: ExceptionFilter, action: string) {
  let q = db
    .selectFrom('audit_events as a')
    .where('a.store_id', '=', f.storeId)
    .where('a.action', '=', action)
    .where('a.at', '>=', f.fromAt)
    .where('a.at', '<', f.toAt);
  if (f.userId) q = q.where('a.user_id', '=', f.userId);
  return q;
}

/**
 * Every exception of the period as one union of rows with the same columns; `row_key` is unique
 * across kinds (the kind and its row's id), so it orders rows of the same instant and pages the CSV.
 * Each row names its till (`device_id`, null from a person's session) and how its approval was
 * given (`approval_mode`), as its action recorded them (migration 202612051700).
 */
function exceptionRows(db: DbOrTx, f: ExceptionFilter) {
  const overrides = completedSales(db, f)
    .innerJoin('shop_transaction_lines as l', (j) =>
      j.onRef('l.store_id', '=', 't.store_id').onRef('l.transaction_id', '=', 't.id'),
    )
    .where('l.price_override', '=', 1)
    .select([
      sql<string>`'OVERRIDE:' || l.id`.as('row_key'),
      sql<string>`'OVERRIDE'`.as('kind'),
      sql<string>`t.completed_at`.as('at'),
      't.user_id',
      approver('t').as('approved_by'),
      sql<string | null>`t.device_id`.as('device_id'),
      sql<string | null>`t.approval_mode`.as('approval_mode'),
      sql<number | string | null>`l.unit_price`.as('amount'),
      // The product's price in effect at the sale (migration 202612051400); null on lines stored
      // before it and on open-price lines, which have no catalogue price.
      sql<number | string | null>`l.catalogue_price`.as('catalogue_price'),
      sql<string | null>`t.code`.as('sale_code'),
      sql<string>`l.name`.as('detail'),
      noAmount.as('points'),
    ]);
  const discounts = completedSales(db, f)
    .where(sql<boolean>`t.line_discounts + t.cart_discount > 0`)
    .select([
      sql<string>`'DISCOUNT:' || t.id`.as('row_key'),
      sql<string>`'DISCOUNT'`.as('kind'),
      sql<string>`t.completed_at`.as('at'),
      't.user_id',
      approver('t').as('approved_by'),
      sql<string | null>`t.device_id`.as('device_id'),
      sql<string | null>`t.approval_mode`.as('approval_mode'),
      sql<number | string | null>`t.line_discounts + t.cart_discount`.as('amount'),
      noAmount.as('catalogue_price'),
      sql<string | null>`t.code`.as('sale_code'),
      sql<string>`t.first_items`.as('detail'),
      noAmount.as('points'),
    ]);
  const approvals = completedSales(db, f)
    .where('t.approved_by', 'is not', null)
    .whereRef('t.approved_by', '<>', 't.user_id')
    .select([
      sql<string>`'APPROVAL:' || t.id`.as('row_key'),
      sql<string>`'APPROVAL'`.as('kind'),
      sql<string>`t.completed_at`.as('at'),
      't.user_id',
      approver('t').as('approved_by'),
      sql<string | null>`t.device_id`.as('device_id'),
      sql<string | null>`t.approval_mode`.as('approval_mode'),
      sql<number | string | null>`t.total`.as('amount'),
      noAmount.as('catalogue_price'),
      sql<string | null>`t.code`.as('sale_code'),
      sql<string>`t.first_items`.as('detail'),
      noAmount.as('points'),
    ]);
  let refundQuery = db
    .selectFrom('shop_refunds as r')
    .innerJoin('shop_transactions as t', (j) =>
      j.onRef('t.store_id', '=', 'r.store_id').onRef('t.id', '=', 'r.transaction_id'),
    )
    .where('r.store_id', '=', f.storeId)
    .where('r.business_date', '>=', f.from)
    .where('r.business_date', '<=', f.to);
  if (f.userId) refundQuery = refundQuery.where('r.user_id', '=', f.userId);
  const refunds = refundQuery.select([
    sql<string>`'REFUND:' || r.id`.as('row_key'),
    sql<string>`'REFUND'`.as('kind'),
    sql<string>`r.created_at`.as('at'),
    'r.user_id',
    approver('r').as('approved_by'),
    sql<string | null>`r.device_id`.as('device_id'),
    sql<string | null>`r.approval_mode`.as('approval_mode'),
    sql<number | string | null>`r.amount`.as('amount'),
    noAmount.as('catalogue_price'),
    sql<string | null>`t.code`.as('sale_code'),
    sql<string>`t.first_items`.as('detail'),
    noAmount.as('points'),
  ]);
  const recorded = (action: string, kind: string, saleCode: boolean) =>
    events(db, f, action).select([
      sql<string>`${sql.lit(`${kind}:`)} || a.id`.as('row_key'),
      sql<string>`${sql.lit(kind)}`.as('kind'),
      sql<string>`a.at`.as('at'),
      'a.user_id',
      approver('a').as('approved_by'),
      sql<string | null>`a.device_id`.as('device_id'),
      sql<string | null>`a.approval_mode`.as('approval_mode'),
      sql<number | string | null>`a.amount`.as('amount'),
      noAmount.as('catalogue_price'),
      (saleCode ? sql<string | null>`a.entity_code` : noText).as('sale_code'),
      sql<string>`a.summary`.as('detail'),
      noAmount.as('points'),
    ]);
  return overrides
    .unionAll(discounts)
    .unionAll(approvals)
    .unionAll(refunds)
    .unionAll(recorded('VOID_PARKED', 'VOID', true))
    .unionAll(recorded('NO_SALE', 'NO_SALE', false))
    .unionAll(recorded('CASH_MOVE', 'CASH_MOVE', false))
    .unionAll(pointsRows(db, f))
    .unionAll(cardRows(db, f));
}

export interface ExceptionRowData {
  row_key: string;
  kind: string;
  at: string;
  user_id: string;
  approved_by: string | null;
  device_id: string | null;
  approval_mode: string | null;
  amount: number | string | null;
  catalogue_price: number | string | null;
  sale_code: string | null;
  detail: string;
  points: number | string | null;
  user_name: string | null;
  user_email: string | null;
  approver_name: string | null;
  approver_email: string | null;
  till_name: string | null;
}

function withNames(db: DbOrTx, f: ExceptionFilter) {
  return db
    .selectFrom(exceptionRows(db, f).as('e'))
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('users as v', 'v.id', 'e.approved_by')
    .leftJoin('till_devices as d', (j) => j.on('d.store_id', '=', f.storeId).onRef('d.id', '=', 'e.device_id'))
    .select([
      'e.row_key',
      'e.kind',
      'e.at',
      'e.user_id',
      'e.approved_by',
      'e.device_id',
      'e.approval_mode',
      'e.amount',
      'e.catalogue_price',
      'e.sale_code',
      'e.detail',
      'e.points',
      'u.name as user_name',
      'u.email as user_email',
      'v.name as approver_name',
      'v.email as approver_email',
      'd.name as till_name',
    ]);
}

/** The newest `limit` rows of the period, with the names of who did and who approved them. */
export async function newestRows(db: DbOrTx, f: ExceptionFilter, limit: number): Promise<ExceptionRowData[]> {
  return (await withNames(db, f)
    .orderBy('e.at', 'desc')
    .orderBy('e.row_key', 'desc')
    .limit(limit)
    .execute()) as ExceptionRowData[];
}

/** The rows after (`at`, `row_key`) in time order, `limit` of them: one page of the CSV. */
export async function rowsAfter(
  db: DbOrTx,
  f: ExceptionFilter,
  after: { at: string; rowKey: string } | null,
  limit: number,
): Promise<ExceptionRowData[]> {
  let q = withNames(db, f);
  if (after) {
    q = q.where((eb) =>
      eb.or([eb('e.at', '>', after.at), eb.and([eb('e.at', '=', after.at), eb('e.row_key', '>', after.rowKey)])]),
    );
  }
  return (await q.orderBy('e.at').orderBy('e.row_key').limit(limit).execute()) as ExceptionRowData[];
}

/** Count and amount per member and kind, per approver the approvals they gave others, and rows per till. */
export async function exceptionTotals(db: DbOrTx, f: ExceptionFilter) {
  const [byMember, given, byTill] = await Promise.all([
    db
      .selectFrom(exceptionRows(db, f).as('e'))
      .select((eb) => [
        'e.user_id',
        'e.kind',
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.sum<number | string | null>('e.amount').as('amount'),
      ])
      .groupBy(['e.user_id', 'e.kind'])
      .execute(),
    db
      .selectFrom(exceptionRows(db, f).as('e'))
      .where('e.approved_by', 'is not', null)
      // A sale's approval is its APPROVAL row; its override, discount and points rows name the same approver.
      .where('e.kind', 'not in', ['OVERRIDE', 'DISCOUNT', 'POINTS_REDEEM', 'POINTS_OVERDRAWN'])
      .select((eb) => ['e.approved_by', eb.fn.countAll<number | string>().as('n')])
      .groupBy('e.approved_by')
      .execute(),
    db
      .selectFrom(exceptionRows(db, f).as('e'))
      .innerJoin('till_devices as d', (j) => j.on('d.store_id', '=', f.storeId).onRef('d.id', '=', 'e.device_id'))
      .select((eb) => ['d.id', 'd.name', eb.fn.countAll<number | string>().as('n')])
      .groupBy(['d.id', 'd.name'])
      .execute(),
  ]);
  return { byMember, given, byTill };
}
