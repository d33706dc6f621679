import { sql, type Kysely } from 'kysely';
import { nameSortKey } from '../../core/text-keys.ts';

/** Rows read per step; an update carries at most this many (two bound values each, under 999). */
const STEP = 300;

/**
 * Natural name order ("Green tea 2" before "Green tea 10"): recomputes `products.name_key` with
 * `nameSortKey`, which the app now writes. Walks the table by id in steps and rewrites only the rows
 * whose key changes (names with digits), one statement per step, so a large catalogue migrates in
 * bounded memory and without a statement per row. Same code on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; name: string; name_key: string }>`
      select id, name, name_key from products where id > ${after} order by id limit ${STEP}
    `.execute(db);
    if (rows.length === 0) return;
    const changed = rows.flatMap((row) => {
      const key = nameSortKey(row.name);
      return key === row.name_key ? [] : [{ id: row.id, key }];
    });
    if (changed.length > 0) {
      const cases = sql.join(
        changed.map((c) => sql`when ${c.id} then ${c.key}`),
        sql` `,
      );
      const ids = sql.join(changed.map((c) => c.id));
      await sql`update products set name_key = case id ${cases} end where id in (${ids})`.execute(db);
    }
    after = rows[rows.length - 1]!.id;
  }
}

/** The keys stay natural: the earlier plain lowercase keys sort the same names, only in another order. */
export async function down(): Promise<void> {}
