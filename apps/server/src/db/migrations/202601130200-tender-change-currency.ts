import type { Kysely } from 'kysely';

/**
 * `shop_tenders.change_currency`: the currency a cash tender's change was handed back in, when the
 * cashier gave it in the main currency for a second-currency tender (dollars taken, yen given
 * back). Null: in the tender's own currency, as every earlier sale did. The shift's drawer books
 * the change where it left. Nullable with no default, so adding it rewrites no row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_tenders').addColumn('change_currency', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shop_tenders').dropColumn('change_currency').execute();
}
