import { sql, type Kysely } from 'kysely';

/**
 * A cargo's revision: a counter raised by every change of the cargo or its lines, in the same
 * transaction, under the cargo's row lock. Devices counting one cargo poll it (one primary-key
 * read) and reload the lines only when it moved, so each sees the others' counts within seconds,
 * across every app process on the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cargos')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cargos').dropColumn('revision').execute();
}
