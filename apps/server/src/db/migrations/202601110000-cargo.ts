import type { Kysely } from 'kysely';

/**
 * Cargo: shipments and their contents, store-scoped like every other table, keyed for sharding by
 * store (convention 5, db/shard-keys.test.ts): primary keys `(store_id, id)`, unique keys and
 * foreign keys between store tables carry `store_id`.
 *
 * - `cargos.code` is unique within its store (`(store_id, code)`, what every screen looks up) and
 *   globally unique through `cargo_codes` (product.md §5: a code read from paper finds one cargo),
 *   the code → store lookup like `receipt_codes`: a distributed table can only check uniqueness
 *   within one store's shard, so the global check lives in this one small global table.
 * - `handed_to_store_id` / `handed_to_cargo_id` link a TRANSFERRED cargo to the receiver's copy, so the sender can read
 *   the receiver's counts; `cargo_contents.source_content_id` links each copied line to the sent one.
 *   Both point into another store, so neither is a foreign key (it could not be one across shards).
 * - `cargo_contents` has one line per code within a cargo (unique with store and cargo), which is
 *   what lets two scanners of the same code merge instead of making two lines.
 * - `cargo_client_ops` remembers each device's difference by its clientId (unique per store), so
 *   a difference replayed from an offline queue applies once.
 * - `cargo_qr_tokens` keeps the hash of each QR hand-over's random nonce with its cargo, expiry and
 *   use: the token's signature is checked against these, and `used_at` makes it single use. It is
 *   a global token → cargo lookup, keyed by the nonce hash alone: the receiver redeems the token
 *   from their own store and knows nothing but the token (which carries no store), so the lookup
 *   cannot be routed to the sender's shard first. Listed in GLOBAL_TABLES for that reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cargos')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // Lowercased code, name and origin, one per line, for the search window.
    .addColumn('search', 'text', (c) => c.notNull())
    .addColumn('transferred_from', 'text')
    .addColumn('transferred_to', 'text')
    // Set on a cargo received from another store: its quantities are what was sent.
    .addColumn('received', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('handed_to_store_id', 'text')
    .addColumn('handed_to_cargo_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('arrived_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cargos_pk', ['store_id', 'id'])
    .execute();
  await db.schema.createIndex('cargos_store_code_unique').on('cargos').columns(['store_id', 'code']).unique().execute();
  await db.schema
    .createIndex('cargos_store_status_created_idx')
    .on('cargos')
    .columns(['store_id', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('cargos_store_created_idx').on('cargos').columns(['store_id', 'created_at']).execute();

  // Written with its cargo in one transaction and deleted with it; no foreign key to `cargos`, as a
  // global table cannot reference a distributed one (the same as `receipt_codes`).
  await db.schema
    .createTable('cargo_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('cargo_id', 'text', (c) => c.notNull())
    .execute();
  // Deleting a cargo (and an account's stores) finds its code's entry by store and cargo.
  await db.schema
    .createIndex('cargo_codes_store_cargo_idx')
    .on('cargo_codes')
    .columns(['store_id', 'cargo_id'])
    .execute();

  await db.schema
    .createTable('cargo_contents')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('cargo_id', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('received_quantity', 'bigint')
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('price_converted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source_content_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cargo_contents_pk', ['store_id', 'id'])
    .addForeignKeyConstraint('cargo_contents_cargo_fk', ['store_id', 'cargo_id'], 'cargos', ['store_id', 'id'])
    .execute();
  await db.schema
    .createIndex('cargo_contents_store_cargo_code_unique')
    .on('cargo_contents')
    .columns(['store_id', 'cargo_id', 'code'])
    .unique()
    .execute();
  await db.schema
    .createIndex('cargo_contents_store_cargo_created_idx')
    .on('cargo_contents')
    .columns(['store_id', 'cargo_id', 'created_at', 'id'])
    .execute();
  // The sender reads the receiver's counts by (receiver's store, source line).
  await db.schema
    .createIndex('cargo_contents_store_source_idx')
    .on('cargo_contents')
    .columns(['store_id', 'source_content_id'])
    .execute();

  await db.schema
    .createTable('cargo_client_ops')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('cargo_id', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cargo_client_ops_pk', ['store_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('cargo_client_ops_store_cargo_idx')
    .on('cargo_client_ops')
    .columns(['store_id', 'cargo_id'])
    .execute();

  await db.schema
    .createTable('cargo_qr_tokens')
    .addColumn('nonce_hash', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('cargo_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cargo_qr_tokens_store_cargo_idx')
    .on('cargo_qr_tokens')
    .columns(['store_id', 'cargo_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cargo_qr_tokens').execute();
  await db.schema.dropTable('cargo_client_ops').execute();
  await db.schema.dropTable('cargo_contents').execute();
  await db.schema.dropTable('cargo_codes').execute();
  await db.schema.dropTable('cargos').execute();
}
