import { sql, type Kysely } from 'kysely';

/**
 * A refund line records how many of its units went back on the shelf: a refund that asked to
 * restock a product deleted since the sale restocks nothing, and says so. Earlier restocking
 * refunds are taken to have restocked everything (what they were asked to do). Sale lines of
 * products deleted before now lose their product id, as product.md says (a line keeps its own code
 * and name); from now on a product's deletion does that itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('shop_refund_lines')
    .addColumn('restocked', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update shop_refund_lines set restocked = quantity where exists (
    select 1 from shop_refunds r
    where r.store_id = shop_refund_lines.store_id and r.id = shop_refund_lines.refund_id and r.restock = 1)`.execute(
    db,
  );
  await sql`update shop_transaction_lines set product_id = null where product_id is not null and not exists (
    select 1 from products p where p.store_id = shop_transaction_lines.store_id and p.id = shop_transaction_lines.product_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_refund_lines').dropColumn('restocked').execute();
}
