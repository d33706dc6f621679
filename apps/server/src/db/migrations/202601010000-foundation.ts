import type { Kysely } from 'kysely';

/**
 * Accounts, stores and sessions. Only portable column types (text, integer) so the same migration
 * runs on SQLite and PostgreSQL; ids are UUID text, timestamps ISO-8601 UTC text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en-US'))
    .addColumn('image_id', 'text')
    // No foreign key: users and stores reference each other; the service keeps this consistent.
    .addColumn('default_store_id', 'text')
    .addColumn('premium', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_confirmed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();

  await db.schema
    .createTable('stores')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('url_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('main_currency', 'text', (c) => c.notNull())
    .addColumn('second_currency', 'text')
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // url_name is stored lowercased, so a plain unique index makes it unique case-insensitively.
  await db.schema.createIndex('stores_url_name_unique').on('stores').column('url_name').unique().execute();
  await db.schema.createIndex('stores_owner_id_idx').on('stores').column('owner_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('email_confirmations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_confirmations_token_hash_unique')
    .on('email_confirmations')
    .column('token_hash')
    .unique()
    .execute();
  await db.schema.createIndex('email_confirmations_user_id_idx').on('email_confirmations').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('code_expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code_used_at', 'text')
    .addColumn('reset_token_hash', 'text')
    .addColumn('reset_expires_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One pending reset per user: a new request replaces the old code.
  await db.schema
    .createIndex('password_resets_user_id_unique')
    .on('password_resets')
    .column('user_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('password_resets_reset_token_hash_unique')
    .on('password_resets')
    .column('reset_token_hash')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['password_resets', 'email_confirmations', 'sessions', 'stores', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
