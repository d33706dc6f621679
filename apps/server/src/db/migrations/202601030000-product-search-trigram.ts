import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only: a trigram GIN index on the search text, so `search LIKE '%term%'` finds a rare
 * term's products without reading the store's every row (a 100k-product search window took
 * ~120 ms reading them; SQLite gets the same from its covering sort indexes, see
 * 202601020100-product-search-indexes.ts, and skips this migration).
 *
 * pg_trgm is created once per database in `public` unless it already exists in some schema (an
 * administrator may pre-install it; it is a trusted extension, so a role with CREATE on the
 * database may create it). The operator class is named with the extension's schema, so a
 * database schema whose search_path lacks that schema (the tests' one schema per file) still
 * finds it; `LIKE` itself is built in, so the queries need no search_path change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // Schemas migrating side by side (the tests) would race to create the extension: one at a time.
  await sql`select pg_advisory_xact_lock(hashtext('shopdesk:pg_trgm'))`.execute(db);
  const schema = await trigramSchema(db);
  if (schema === undefined) await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const opclass = sql.id(schema ?? 'public', 'gin_trgm_ops');
  await sql`create index products_search_trgm_idx on products using gin (search ${opclass})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // The extension stays: other schemas of the database may use it.
  await sql`drop index if exists products_search_trgm_idx`.execute(db);
}

async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'
  `.execute(db);
  return rows[0]?.schema;
}
