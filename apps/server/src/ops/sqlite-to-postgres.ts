import SQLite from 'better-sqlite3';
import type { Writable } from 'node:stream';
import pg from 'pg';
import { RestoreRefused } from './archive.ts';
import { encodeCopyText } from './copy-text.ts';
import { ledgerRows } from './ledger-checks.ts';
import { LoadScript, type Catalog } from './load-script.ts';
import { isTextPostgres, isWholePostgres, refusedRow } from './move-columns.ts';
import { compareFigures, FigureCounter, type TableCounter, type VerificationRow } from './move-figures.ts';
import { restoreIntoPostgres } from './pg-restore.ts';
import { streamScript } from './postgres-tools.ts';
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

/** Rows go to psql this many characters at a time: one write for hundreds of rows. */
const BATCH_CHARS = 1 << 16;

/**
 * A table's row encoder, built once per table: each row's values checked against the columns
 * PostgreSQL will hold them in (a refusal names the table and row) and written as the row's COPY
 * text line; whole numbers are added to the table's sums on the way.
 */
function rowEncoder(
  table: string,
  columns: readonly string[],
  types: readonly string[],
  counter: TableCounter,
): (values: readonly unknown[], row: number) => string {
  const whole = types.map(isWholePostgres);
  const text = types.map(isTextPostgres);
  const idAt = columns.indexOf('id');
  const refuse = (values: readonly unknown[], row: number, what: string) =>
    refusedRow('PostgreSQL', table, row, what, idAt >= 0 ? values[idAt] : undefined);
  return (values, row) => {
    let line = '';
    for (let k = 0; k < values.length; k++) {
      const value = values[k];
      if (k > 0) line += '\t';
      if (value === null) {
        line += '\\N';
      } else if (whole[k]) {
        // safeIntegers: SQLite's integers come as bigint, its reals as numbers.
        const n = typeof value === 'bigint' ? value : Number.isInteger(value) ? BigInt(value as number) : null;
        if (n === null)
          throw refuse(
            values,
            row,
            `${columns[k]} holds ${JSON.stringify(String(value)).slice(0, 40)}, not a whole number`,
          );
        counter.addSum(k, n);
        line += n.toString();
      } else if (text[k]) {
        if (typeof value === 'string') {
          if (value.includes('\u0000'))
            throw refuse(values, row, `${columns[k]} holds a NUL character, which PostgreSQL's text cannot`);
          line += encodeCopyText(value);
        } else if (typeof value === 'number' || typeof value === 'bigint') line += String(value);
        else throw refuse(values, row, `${columns[k]} holds binary data, not text`);
      } else {
        throw refuse(values, row, `${columns[k]} is of type ${types[k]}, which a move does not carry`);
      }
    }
    return line;
  };
}

/** SQLite's own tables, never data of ours. */
const isInternal = (name: string) => name.startsWith('sqlite_');

export async function moveSqliteIntoPostgres(options: {
  file: string;
  url: string;
  target: string;
  migration: string | null;
  progress?: (line: string) => void;
}): Promise<VerificationRow[]> {
  const { file, url, target, migration, progress } = options;
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return await restoreIntoPostgres({
      url,
      target,
      migration,
      load: async (client, schema, catalog) => {
        // psql loads while the rows are read: the script streams into it, never onto the disk.
        const psql = streamScript(url);
        let backup: FigureCounter;
        try {
          backup = await writeScript(source, psql.input, schema, catalog, progress);
          progress?.('loading into PostgreSQL: indexes and foreign keys…');
          await psql.done;
        } catch (error) {
          psql.stop();
          const failed = await psql.done.then(
            () => null,
            (e: Error) => e,
          );
          if (error instanceof RestoreRefused) throw error;
          throw new RestoreRefused(
            `The backup's rows do not fit PostgreSQL's tables (${(failed ?? (error as Error)).message.replace(/^psql failed \([^)]*\): /, '')}). Nothing was restored.`,
          );
        }
        progress?.('reading the restored tables back to compare…');
        const restored = await readPostgresFigures(client, url, schema, catalog, backup);
        const rows = [
          ...compareFigures(backup.figures, restored),
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
  script: Writable,
  schema: string,
  catalog: Catalog,
  progress?: (line: string) => void,
): Promise<FigureCounter> {
  const tables = (
    source.prepare(`select name from sqlite_master where type = 'table' order by name`).all() as { name: string }[]
  )
    .map((t) => t.name)
    .filter((name) => !isInternal(name));
  const figures = new FigureCounter();
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
      const counter = figures.table(table, columns, (c) => isWholePostgres(known.get(c)!));
      const encode = rowEncoder(table, columns, types, counter);
      await load.copy(table, columns);
      const select = source
        .prepare(
          `select ${columns.map((c) => `"${c.replaceAll('"', '""')}"`).join(', ')} from "${table.replaceAll('"', '""')}"`,
        )
        .raw(true)
        .safeIntegers(true);
      let row = 0;
      let batch = '';
      // The bytes psql is given are the bytes hashed: the figures are of exactly what was sent.
      const flush = async () => {
        const bytes = Buffer.from(batch, 'utf8');
        batch = '';
        counter.addLines(bytes);
        await load.putRows(bytes);
      };
      for (const values of select.iterate() as IterableIterator<unknown[]>) {
        row++;
        batch += `${encode(values, row)}\n`;
        if (batch.length >= BATCH_CHARS) await flush();
        if (row % 200_000 === 0) progress?.(`${table}: ${row.toLocaleString('en-US')} rows read`);
      }
      await flush();
      await load.endCopy();
      if (row >= 200_000) progress?.(`${table}: ${row.toLocaleString('en-US')} rows read`);
    }
    await load.finish();
  } catch (error) {
    load.abort();
    throw error;
  }
  return figures;
}
