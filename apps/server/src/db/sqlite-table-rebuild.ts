import { sql, type Kysely } from 'kysely';

/**
 * SQLite cannot change a table's primary key or foreign keys in place: the table is rebuilt (the
 * procedure of https://sqlite.org/lang_altertable.html#otheralter). For each table a new one is
 * created from the old `CREATE TABLE` text as `edit` rewrites it, every row is copied, the old
 * table dropped and the new one renamed into its place, and its indexes are created again from
 * their own text. Triggers and views are taken off the whole schema first and put back last: a
 * rename checks every trigger, and one naming a table dropped meanwhile would fail it.
 *
 * Foreign keys are off while tables are swapped (a drop would otherwise check, or fail on, the
 * rows pointing at the old table; `PRAGMA foreign_keys` cannot change inside a transaction), and
 * `PRAGMA foreign_key_check` must find nothing before the one transaction commits.
 */
export async function rebuildSqliteTables(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run without table types
  db: Kysely<any>,
  edits: { table: string; edit: (createSql: string) => string }[],
  editTrigger: (name: string, createSql: string) => string = (_name, createSql) => createSql,
): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const dependents = await sql<{ type: string; name: string; sql: string }>`
        select type, name, sql from sqlite_master where type in ('trigger', 'view') order by type desc, name`.execute(
        trx,
      );
      for (const item of dependents.rows) {
        await sql`${sql.raw(item.type === 'view' ? 'DROP VIEW' : 'DROP TRIGGER')} ${sql.id(item.name)}`.execute(trx);
      }
      for (const { table, edit } of edits) await rebuild(trx, table, edit);
      for (const item of [...dependents.rows].reverse()) {
        const text = item.type === 'trigger' ? editTrigger(item.name, item.sql) : item.sql;
        await sql.raw(text).execute(trx);
      }
      const broken = await sql<{ table: string; parent: string }>`PRAGMA foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) {
        const first = broken.rows[0];
        throw new Error(
          `table rebuild left ${broken.rows.length} rows of ${first?.table} without their ${first?.parent}`,
        );
      }
    });
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function rebuild(db: Kysely<any>, table: string, edit: (createSql: string) => string): Promise<void> {
  const created = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const createSql = created.rows[0]?.sql;
  if (!createSql) throw new Error(`table rebuild: no table ${table}`);
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null order by name`.execute(
    db,
  );
  const columns = await sql<{ name: string }>`select name from pragma_table_info(${table}) order by cid`.execute(db);
  const temporary = `${table}_rebuild`;
  const head = `CREATE TABLE "${table}" (`;
  if (!createSql.startsWith(head)) throw new Error(`table rebuild: ${table} is not created as expected`);
  const edited = edit(createSql);
  await sql.raw(`CREATE TABLE "${temporary}" (${edited.slice(head.length)}`).execute(db);
  const list = sql.join(columns.rows.map((c) => sql.id(c.name)));
  await sql`INSERT INTO ${sql.id(temporary)} (${list}) SELECT ${list} FROM ${sql.id(table)}`.execute(db);
  await sql`DROP TABLE ${sql.id(table)}`.execute(db);
  await sql`ALTER TABLE ${sql.id(temporary)} RENAME TO ${sql.id(table)}`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

/** `text` with `search` replaced once; throws when it is not there, so an edit never silently misses. */
export function replaceOnce(text: string, search: string, replacement: string): string {
  const at = text.indexOf(search);
  if (at < 0 || text.indexOf(search, at + 1) >= 0) {
    throw new Error(`table rebuild: expected one "${search}" in ${text.slice(0, 60)}…`);
  }
  return text.slice(0, at) + replacement + text.slice(at + search.length);
}
