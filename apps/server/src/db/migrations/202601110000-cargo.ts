import type { Kysely } from 'kysely';

/**
 * Cargo (issue 11): shipments and their contents, store-scoped like every other table.
 *
 * - `cargos.code` is globally unique (8 Crockford characters; a code read from paper finds one
 *   cargo), and unique with `store_id` too so lookups by (store, code) use one index.
 * - `handed_to_store_id` / `handed_to_cargo_id` link a TRANSFERRED cargo to the receiver's copy, so the sender can read
 *   the receiver's counts; `cargo_contents.source_content_id` links each copied line to the sent one.
 * - `cargo_contents` has one line per code within a cargo (unique with store and cargo), which is
 *   what lets two scanners of the same code merge instead of making two lines.
 * - `cargo_client_ops` remembers each device's difference by its clientId (unique per store), so
 *   a difference replayed from an offline queue applies once.
 * - `cargo_qr_tokens` keeps the hash of each QR hand-over's random nonce with its cargo, expiry and
 *   use: the token's signature is checked against these, and `used_at` makes it single use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cargos')
    .addColumn('id', 'text', (c) => c.primaryKey())
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
    .execute();
  await db.schema.createIndex('cargos_code_unique').on('cargos').column('code').unique().execute();
  await db.schema.createIndex('cargos_store_code_unique').on('cargos').columns(['store_id', 'code']).unique().execute();
  await db.schema
    .createIndex('cargos_store_status_created_idx')
    .on('cargos')
    .columns(['store_id', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('cargos_store_created_idx').on('cargos').columns(['store_id', 'created_at']).execute();

  await db.schema
    .createTable('cargo_contents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('cargo_id', 'text', (c) => c.notNull().references('cargos.id'))
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
    .execute();
  await db.schema
    .createIndex('cargo_contents_store_cargo_code_unique')
    .on('cargo_contents')
    .columns(['store_id', 'cargo_id', 'code'])
    .unique()
    .execute();
  await db.schema
    .createIndex('cargo_contents_cargo_created_idx')
    .on('cargo_contents')
    .columns(['cargo_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createIndex('cargo_contents_source_idx')
    .on('cargo_contents')
    .columns(['source_content_id'])
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
  await db.schema.dropTable('cargos').execute();
}
