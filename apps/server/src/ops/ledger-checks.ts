import type { VerificationRow } from './move-figures.ts';

/**
 * The ledgers' invariants (ARCHITECTURE.md convention 17): a balance always equals the sum of its
 * entries. Counted on the database a backup came from (when it can be queried) and on the restored
 * one; a move passes when both count the same, and a restored database that breaks a ledger the
 * backup kept is refused. Plain SQL both engines run alike; a ledger a migration has not made yet
 * (an older backup) is skipped.
 */
const CHECKS: { label: string; table: string; sql: (schema: string) => string }[] = [
  {
    label: 'stock ledger: products whose quantity ≠ sum of movements',
    table: 'products',
    sql: (s) => `select count(*) as n from ${s}products p where p.quantity <> (select coalesce(sum(m.delta), 0)
      from ${s}stock_movements m where m.store_id = p.store_id and m.product_id = p.id)`,
  },
  {
    label: 'points ledger: customers whose balance ≠ sum of entries',
    table: 'loyalty_entries',
    sql: (s) => `select count(*) as n from ${s}customers c where c.points_balance <> (select coalesce(sum(e.points), 0)
      from ${s}loyalty_entries e where e.store_id = c.store_id and e.customer_id = c.id)`,
  },
  {
    label: 'stored value ledger: cards whose balance ≠ sum of entries',
    table: 'stored_value_entries',
    sql: (
      s,
    ) => `select count(*) as n from ${s}stored_value_accounts a where a.balance <> (select coalesce(sum(e.amount), 0)
      from ${s}stored_value_entries e where e.store_id = a.store_id and e.account_id = a.id)`,
  },
];

/** Runs one query that answers one row `{n}`. */
export type CountQuery = (sql: string) => Promise<number>;

export interface LedgerSide {
  count: CountQuery;
  tables: Set<string>;
  /** `schema.` for PostgreSQL, '' for SQLite. */
  prefix: string;
}

/**
 * The verification rows of the ledgers: the backup's count (or "-" when the backup is a dump that
 * cannot be queried) beside the restored count; same when equal, and always 0 when there is no
 * backup count to compare with.
 */
export async function ledgerRows(backup: LedgerSide | null, restored: LedgerSide): Promise<VerificationRow[]> {
  const rows: VerificationRow[] = [];
  for (const check of CHECKS) {
    if (!restored.tables.has(check.table)) continue;
    const after = await restored.count(check.sql(restored.prefix));
    const before = backup ? await backup.count(check.sql(backup.prefix)) : null;
    rows.push({
      what: check.label,
      backup: before === null ? '-' : String(before),
      restored: String(after),
      same: before === null ? after === 0 : before === after,
    });
  }
  return rows;
}
