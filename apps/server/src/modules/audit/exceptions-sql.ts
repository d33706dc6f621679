import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';

/* The pieces every part of the exceptions report's union shares (exceptions-report.repo.ts, exceptions-points.repo.ts). */

/**
 * The exceptions report's period and whose rows: sales and refunds by their store day
 * (`business_date`, both included), audit events by their time (`fromAt` included, `toAt`
 * excluded: the store's midnights around the same days). `userId`: only that member's rows.
 */
export interface ExceptionFilter {
  storeId: string;
  from: string;
  to: string;
  fromAt: string;
  toAt: string;
  userId?: string;
}

/** Who approved a row: null when nobody else did (a member's PIN on their own action approves nothing). */
export const approver = (table: string) =>
  sql<
    string | null
  >`case when ${sql.ref(`${table}.approved_by`)} = ${sql.ref(`${table}.user_id`)} then null else ${sql.ref(`${table}.approved_by`)} end`;
// Typed NULLs: PostgreSQL resolves a UNION's column types pairwise, and an untyped NULL first is text.
export const noText = sql<string | null>`cast(null as text)`;
export const noAmount = sql<number | string | null>`cast(null as bigint)`;

export function completedSales(db: DbOrTx, f: ExceptionFilter) {
  let q = db
    .selectFrom('shop_transactions as t')
    .where('t.store_id', '=', f.storeId)
    .where('t.status', '!=', 'PARKED')
    .where('t.completed_at', 'is not', null)
    .where('t.business_date', '>=', f.from)
    .where('t.business_date', '<=', f.to);
  if (f.userId) q = q.where('t.user_id', '=', f.userId);
  return q;
}
