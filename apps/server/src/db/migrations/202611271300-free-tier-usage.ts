import { sql, type Kysely } from 'kysely';

/**
 * `free_tier_usage`: what a free owner has used of each free limit, one row per
 * (owner, kind, period), so a create claims its slot with one conditional UPDATE of that row
 * instead of locking the owner's user row (which made every sale of one owner, premium too, take
 * turns). `period` is '' for the current-count limits (products, cargos) and the calendar month
 * (YYYY-MM, the sale's business date) for sales. Filled here from the real counts, so existing
 * owners start exact; modules/plans recounts a row that is missing or at its limit.
 * Same statements on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('free_tier_usage')
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('free_tier_usage_pk', ['owner_id', 'kind', 'period'])
    .execute();
  await sql`
    INSERT INTO free_tier_usage (owner_id, kind, period, used)
    SELECT s.owner_id, 'products', '', COUNT(*) FROM products p JOIN stores s ON s.id = p.store_id
    GROUP BY s.owner_id`.execute(db);
  await sql`
    INSERT INTO free_tier_usage (owner_id, kind, period, used)
    SELECT s.owner_id, 'cargos', '', COUNT(*) FROM cargos c JOIN stores s ON s.id = c.store_id
    WHERE c.status <> 'TRANSFERRED'
    GROUP BY s.owner_id`.execute(db);
  await sql`
    INSERT INTO free_tier_usage (owner_id, kind, period, used)
    SELECT s.owner_id, 'transactions', SUBSTR(t.business_date, 1, 7), COUNT(*)
    FROM shop_transactions t JOIN stores s ON s.id = t.store_id
    WHERE t.status <> 'PARKED'
    GROUP BY s.owner_id, SUBSTR(t.business_date, 1, 7)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('free_tier_usage').execute();
}
