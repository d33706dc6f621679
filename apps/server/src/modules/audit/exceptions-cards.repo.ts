import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { noAmount, noText, type ExceptionFilter } from './exceptions-sql.ts';

const KINDS = { ADJUST: 'CARD_ADJUST', BLOCK: 'CARD_BLOCK', UNBLOCK: 'CARD_UNBLOCK' } as const;

/**
 * The gift card and store credit rows of the exceptions report (issue 43): owners' adjustments
 * (the signed amount) and blocks and unblocks, by their ledger entry, its time and who made it.
 * The detail names the card by its last four only (its code is a bearer secret), then the reason.
 */
export function cardRows(db: DbOrTx, f: ExceptionFilter) {
  let entries = db
    .selectFrom('stored_value_entries as e')
    .innerJoin('stored_value_accounts as a', (j) =>
      j.onRef('a.store_id', '=', 'e.store_id').onRef('a.id', '=', 'e.account_id'),
    )
    .where('e.store_id', '=', f.storeId)
    .where('e.kind', 'in', Object.keys(KINDS))
    .where('e.user_id', 'is not', null)
    .where('e.at', '>=', f.fromAt)
    .where('e.at', '<', f.toAt);
  if (f.userId) entries = entries.where('e.user_id', '=', f.userId);
  const kind = sql<string>`case e.kind when 'ADJUST' then ${sql.lit(KINDS.ADJUST)} when 'BLOCK' then ${sql.lit(KINDS.BLOCK)} else ${sql.lit(KINDS.UNBLOCK)} end`;
  return entries.select([
    sql<string>`${kind} || ':' || e.id`.as('row_key'),
    kind.as('kind'),
    sql<string>`e.at`.as('at'),
    sql<string>`e.user_id`.as('user_id'),
    noText.as('approved_by'),
    sql<string | null>`e.device_id`.as('device_id'),
    noText.as('approval_mode'),
    sql<number | string | null>`case when e.kind = 'ADJUST' then e.amount else null end`.as('amount'),
    noAmount.as('catalogue_price'),
    noText.as('sale_code'),
    sql<string>`'•••• ' || substr(a.code, length(a.code) - 3) || ': ' || e.note`.as('detail'),
    noAmount.as('points'),
  ]);
}
