import { sql, type Kysely } from 'kysely';

/**
 * Staff (product.md §2): who may act on a store. Every store has exactly one OWNER row (its
 * creator, written with the store) and any number of MANAGER and CASHIER rows. Access to a store is
 * decided by this table alone (modules/access), so an owner and a member reach a store the same
 * way. `permissions` is a JSON array of product.md §2's permission names, read only for members
 * (the owner has every right); `max_discount` is in basis points; `pin_hash` is the member's till
 * PIN as a salted slow hash, null until set. Keyed (store_id, user_id) so Citus can distribute it
 * by store; the user index serves the store picker ("my stores and the stores I work in"). Deleting
 * a store or a user takes their rows; what members did keeps its user id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('store_members')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('max_discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pin_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_members_pkey', ['store_id', 'user_id'])
    .execute();
  await db.schema.createIndex('store_members_user_idx').on('store_members').column('user_id').execute();
  // Every existing store gets its owner's row: access keeps exactly today's answer.
  await sql`
    INSERT INTO store_members (store_id, user_id, role, permissions, max_discount, pin_hash, created_at, updated_at)
    SELECT id, owner_id, 'OWNER', '[]', 10000, NULL, created_at, created_at FROM stores
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('store_members').execute();
}
