import SQLite from 'better-sqlite3';
import pg from 'pg';
import { RestoreRefused } from './archive.ts';
import { encodeCopyValue, type CellValue } from './copy-text.ts';
import { ledgerRows } from './ledger-checks.ts';
import { LoadScript, type Catalog } from './load-script.ts';
import { compareFigures, FigureCounter, type Figures, type VerificationRow } from './move-figures.ts';
import { restoreIntoPostgres } from './pg-restore.ts';
import { runScript } from './postgres-tools.ts';
import { readPostgresFigures } from './postgres-figures.ts';

/**
 * The move from SQLite to PostgreSQL: a SQLite backup restored into an empty PostgreSQL schema.
 * The backup's database (already checked: integrity, no SQL of its own) is read table by table,
 * row by row (never a whole table in memory), each value checked against the column PostgreSQL
 * will hold it in, and written as COPY text into the psql load script a PostgreSQL backup's
 * restore uses; the tables are this version's own, built at the backup's migration. Before the new
 * tables move into place, every table is read back and its figures compared with the backup's
 * (move-figures.ts); a difference refuses the move and leaves the target empty.
 */

const WHOLE = /^(bigint|integer|smallint)$/;
const TEXT = /^(text|character varying|character)\b/;

function refusedRow(table: string, row: number, what: string, id?: unknown): RestoreRefused {
  const named = typeof id === 'string' ? ` (id ${id.slice(0, 64)})` : '';
  return new RestoreRefused(
    `Row ${row}${named} of table ${table} in the backup cannot be stored in PostgreSQL: ${what}. Nothing was restored.`,
  );
}

/** The value as PostgreSQL's column of `type` takes it, or a refusal naming the table and row. */
function checked(value: unknown, type: string, table: string, row: number, column: string, id: unknown): CellValue {
  if (value === null) return null;
  if (WHOLE.test(type)) {
    if (typeof value === 'bigint') return value;
    if (typeof value === 'number' && Number.isInteger(value)) return value;
    throw refusedRow(
      table,
      row,
      `${column} holds ${JSON.stringify(String(value)).slice(0, 40)}, not a whole number`,
      id,
    );
  }
  if (TEXT.test(type)) {
    if (typeof value === 'string') {
      if (value.includes('\u0000'))
        throw refusedRow(table, row, `${column} holds a NUL character, which PostgreSQL's text cannot`, id);
      return value;
    }
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    throw refusedRow(table, row, `${column} holds binary data, not text`, id);
  }
  throw refusedRow(table, row, `${column} is of type ${type}, which a move does not carry`, id);
}

/** SQLite's own tables, never data of ours. */
const isInternal = (name: string) => name.startsWith('sqlite_');

export async function moveSqliteIntoPostgres(options: {
  file: string;
  url: string;
  target: string;
  migration: string | null;
  script: string;
  progress?: (line: string) => void;
}): Promise<VerificationRow[]> {
  const { file, url, target, migration, script, progress } = options;
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return await restoreIntoPostgres({
      url,
      target,
      migration,
      load: async (client, schema, catalog) => {
        const backup = await writeScript(source, script, schema, catalog, progress);
        progress?.('loading into PostgreSQL…');
        try {
          await runScript(url, script);
        } catch (error) {
          throw new RestoreRefused(
            `The backup's rows do not fit PostgreSQL's tables (${(error as Error).message.replace(/^psql failed \([^)]*\): /, '')}). Nothing was restored.`,
          );
        }
        progress?.('reading the restored tables back to compare…');
        const restored = await readPostgresFigures(client, schema, catalog);
        const rows = [
          ...compareFigures(backup, restored),
          ...(await ledgerRows(
            {
              count: (sql) => Promise.resolve(Number((source.prepare(sql).get() as { n: number }).n)),
              tables: new Set(catalog.tables),
              prefix: '',
            },
            {
              count: async (sql) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n),
              tables: new Set(catalog.tables),
              prefix: `${pg.escapeIdentifier(schema)}.`,
            },
          )),
        ];
        const differs = rows.find((r) => !r.same);
        if (differs) throw new MoveDiffers(rows);
        return rows;
      },
    });
  } finally {
    source.close();
  }
}

/** A move whose restored figures differ from the backup's: nothing was restored; the table says where. */
export class MoveDiffers extends RestoreRefused {
  constructor(readonly rows: VerificationRow[]) {
    super(
      `The restored database differs from the backup (${rows
        .filter((r) => !r.same)
        .map((r) => r.what)
        .join('; ')}). Nothing was restored.`,
    );
  }
}

async function writeScript(
  source: SQLite.Database,
  script: string,
  schema: string,
  catalog: Catalog,
  progress?: (line: string) => void,
): Promise<Figures> {
  const tables = (
    source.prepare(`select name from sqlite_master where type = 'table' order by name`).all() as { name: string }[]
  )
    .map((t) => t.name)
    .filter((name) => !isInternal(name));
  const counter = new FigureCounter();
  const load = new LoadScript(script, schema, catalog);
  try {
    for (const table of tables) {
      const known = catalog.types.get(table);
      if (!known)
        throw new RestoreRefused(
          `The backup holds a table (${table}) that this version does not make; nothing was restored.`,
        );
      const columns = (
        source.prepare(`select name from pragma_table_info(?) order by cid`).all(table) as { name: string }[]
      ).map((c) => c.name);
      const unknown = columns.find((c) => !known.has(c));
      if (unknown)
        throw new RestoreRefused(
          `The backup's table ${table} has a column (${unknown}) this version does not make; nothing was restored.`,
        );
      const types = columns.map((c) => known.get(c)!);
      counter.table(table, columns, (c) => WHOLE.test(known.get(c)!));
      await load.copy(table, columns);
      const select = source
        .prepare(
          `select ${columns.map((c) => `"${c.replaceAll('"', '""')}"`).join(', ')} from "${table.replaceAll('"', '""')}"`,
        )
        .raw(true)
        .safeIntegers(true);
      const idAt = columns.indexOf('id');
      let row = 0;
      for (const values of select.iterate() as IterableIterator<unknown[]>) {
        row++;
        const id = idAt >= 0 ? values[idAt] : undefined;
        const cells = values.map((v, k) => checked(v, types[k]!, table, row, columns[k]!, id));
        counter.add(table, cells);
        await load.put(cells.map(encodeCopyValue).join('\t'));
        if (row % 200_000 === 0) progress?.(`${table}: ${row.toLocaleString('en-US')} rows read`);
      }
      await load.endCopy();
      if (row >= 200_000) progress?.(`${table}: ${row.toLocaleString('en-US')} rows read`);
    }
    await load.finish();
  } catch (error) {
    load.abort();
    throw error;
  }
  return counter.figures;
}
