import type { Kysely } from 'kysely';

/**
 * A cargo line's own unit: `cargo_contents.unit` is KG, L or M for a line whose quantities are
 * thousandths though the store has no product with its code yet (a new weighed product added while
 * receiving, or a line handed over from a store where it is weighed), so arrival creates the
 * product in that unit. Null: the line follows its product, else pieces, as every line before this
 * migration did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cargo_contents').addColumn('unit', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cargo_contents').dropColumn('unit').execute();
}
