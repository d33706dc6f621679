import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { CLAIM_FIRST } from './202611280500-sale-claim-before-free-tier.ts';

/**
 * A change of stock no longer stamps `products.updated_at`; it stamps the new
 * `quantity_changed_at`, which no index holds. `updated_at` leads an index (the "recently edited"
 * sort and the product changes feed's edits), so every sale moved each sold product's entry in it:
 * a page at a random place a product, on every sale. The feed now finds stock changes in the ledger
 * (product-changes.service.ts) and a product answer's `updatedAt` is the later of the two times, so
 * devices see the same version as before.
 *
 * Rows keep their `updated_at`: it held the last stock change too until now, which only makes an
 * older product look recently edited until it is next edited. On PostgreSQL `shopdesk_store_sale`
 * is created again with that one assignment changed; everything else is 202611280500's text.
 */
const OLD_STAMP = "updated_at = m->>'created_at'";
const NEW_STAMP = "quantity_changed_at = m->>'created_at'";

function withStamp(text: string, from: string, to: string): string {
  // One occurrence, or the function this was written against is not the one in the database.
  if (text.split(from).length !== 2) throw new Error(`expected one "${from}" in shopdesk_store_sale`);
  return text.replace(from, to);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('quantity_changed_at', 'text').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql.raw(withStamp(CLAIM_FIRST, OLD_STAMP, NEW_STAMP)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql.raw(CLAIM_FIRST).execute(db);
  // The stock times go back into `updated_at`, where they were kept before.
  await sql`update products set updated_at = quantity_changed_at where quantity_changed_at > updated_at`.execute(db);
  await db.schema.alterTable('products').dropColumn('quantity_changed_at').execute();
}
