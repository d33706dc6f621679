import type { Kysely } from 'kysely';

/**
 * The folded item list sorted by last change (`sort=-updatedAt`, GET /item/search/window) walks
 * this index for its window, as the name sorts walk items_store_name_idx, instead of sorting every
 * item of the store for each page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('items_store_updated_idx')
    .on('items')
    .columns(['store_id', 'updated_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('items_store_updated_idx').execute();
}
