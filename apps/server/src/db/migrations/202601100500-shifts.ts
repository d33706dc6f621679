import { sql, type Kysely } from 'kysely';

/**
 * Shifts (closing the till). `stores.shifts_enabled` (0/1) turns them on. A shift is numbered per
 * store; the partial unique index on (store_id) over open shifts lets a store have at most one open
 * shift, decided by the database even for two opens at the same moment (same statement on SQLite
 * and PostgreSQL). `shift_cash` holds a shift's money per currency: the float from opening, the
 * rest (expected, counted, difference, the count by denomination as JSON) written once when it
 * closes. Sales and refunds carry the shift they were made in (null: none was open).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stores')
    .addColumn('shifts_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('shifts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('number', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('opened_by', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'text')
    // The Z report's sale figures, frozen when the shift closes (JSON of ShiftReport's sale fields).
    .addColumn('totals', 'text')
    .execute();
  await db.schema
    .createIndex('shifts_store_number_unique')
    .on('shifts')
    .columns(['store_id', 'number'])
    .unique()
    .execute();
  await db.schema
    .createIndex('shifts_store_open_unique')
    .on('shifts')
    .column('store_id')
    .unique()
    .where(sql<boolean>`status = 'OPEN'`)
    .execute();

  await db.schema
    .createTable('shift_cash')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('shift_id', 'text', (c) => c.notNull().references('shifts.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('float', 'bigint', (c) => c.notNull())
    .addColumn('cash_sales', 'bigint')
    .addColumn('cash_refunds', 'bigint')
    .addColumn('pay_ins', 'bigint')
    .addColumn('pay_outs', 'bigint')
    .addColumn('expected', 'bigint')
    .addColumn('counted', 'bigint')
    .addColumn('difference', 'bigint')
    .addColumn('denominations', 'text')
    .addPrimaryKeyConstraint('shift_cash_pk', ['store_id', 'shift_id', 'currency'])
    .execute();

  await db.schema
    .createTable('shift_cash_moves')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('shift_id', 'text', (c) => c.notNull().references('shifts.id'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shift_cash_moves_store_client_unique')
    .on('shift_cash_moves')
    .columns(['store_id', 'client_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('shift_cash_moves_store_shift_idx')
    .on('shift_cash_moves')
    .columns(['store_id', 'shift_id', 'created_at'])
    .execute();

  for (const table of ['shop_transactions', 'shop_refunds']) {
    await db.schema.alterTable(table).addColumn('shift_id', 'text').execute();
    await db.schema
      .createIndex(`${table}_store_shift_idx`)
      .on(table)
      .columns(['store_id', 'shift_id'])
      .where('shift_id', 'is not', null)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['shop_transactions', 'shop_refunds']) {
    await db.schema.dropIndex(`${table}_store_shift_idx`).execute();
    await db.schema.alterTable(table).dropColumn('shift_id').execute();
  }
  await db.schema.dropTable('shift_cash_moves').execute();
  await db.schema.dropTable('shift_cash').execute();
  await db.schema.dropTable('shifts').execute();
  await db.schema.alterTable('stores').dropColumn('shifts_enabled').execute();
}
