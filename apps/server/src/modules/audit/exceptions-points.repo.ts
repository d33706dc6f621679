import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { approver, completedSales, noAmount, noText, type ExceptionFilter } from './exceptions-sql.ts';

/** "M0000000001 Hanako": a customer's member code and name as the sale kept them. */
const saleCustomer = sql<string>`trim(coalesce(t.customer_code, '') || ' ' || coalesce(t.customer_name, ''))`;

/**
 * The points rows of the exceptions report (issue 42), with the report's columns: sales that
 * redeemed points and offline sales that redeemed more than the balance at sync (by the sale, as
 * its other rows), and owners' adjustments (by the ledger entry, its time and who made it).
 */
export function pointsRows(db: DbOrTx, f: ExceptionFilter) {
  const saleRows = (kind: 'POINTS_REDEEM' | 'POINTS_OVERDRAWN') => {
    const q = completedSales(db, f);
    return (
      kind === 'POINTS_REDEEM' ? q.where('t.points_redeemed', '>', 0) : q.where('t.points_overdrawn', '=', 1)
    ).select([
      sql<string>`${sql.lit(`${kind}:`)} || t.id`.as('row_key'),
      sql<string>`${sql.lit(kind)}`.as('kind'),
      sql<string>`t.completed_at`.as('at'),
      't.user_id',
      approver('t').as('approved_by'),
      sql<string | null>`t.device_id`.as('device_id'),
      sql<string | null>`t.approval_mode`.as('approval_mode'),
      sql<number | string | null>`t.points_discount`.as('amount'),
      noAmount.as('catalogue_price'),
      sql<string | null>`t.code`.as('sale_code'),
      saleCustomer.as('detail'),
      sql<number | string | null>`t.points_redeemed`.as('points'),
    ]);
  };
  let adjustments = db
    .selectFrom('loyalty_entries as e')
    .leftJoin('customers as c', (j) => j.onRef('c.store_id', '=', 'e.store_id').onRef('c.id', '=', 'e.customer_id'))
    .where('e.store_id', '=', f.storeId)
    .where('e.kind', '=', 'ADJUST')
    .where('e.user_id', 'is not', null)
    .where('e.at', '>=', f.fromAt)
    .where('e.at', '<', f.toAt);
  if (f.userId) adjustments = adjustments.where('e.user_id', '=', f.userId);
  return saleRows('POINTS_REDEEM')
    .unionAll(saleRows('POINTS_OVERDRAWN'))
    .unionAll(
      adjustments.select([
        sql<string>`'POINTS_ADJUST:' || e.id`.as('row_key'),
        sql<string>`'POINTS_ADJUST'`.as('kind'),
        sql<string>`e.at`.as('at'),
        sql<string>`e.user_id`.as('user_id'),
        noText.as('approved_by'),
        sql<string | null>`e.device_id`.as('device_id'),
        noText.as('approval_mode'),
        noAmount.as('amount'),
        noAmount.as('catalogue_price'),
        noText.as('sale_code'),
        // The customer as they are now ('' once anonymised), then the owner's reason.
        sql<string>`trim(coalesce(c.code, '') || ' ' || coalesce(c.name, '')) || ': ' || e.note`.as('detail'),
        sql<number | string | null>`e.points`.as('points'),
      ]),
    );
}
