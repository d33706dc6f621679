import { open } from 'node:fs/promises';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { knownMigrations, migrateTo } from '../db/migrate.ts';
import { RestoreRefused } from './archive.ts';
import { decodeCopyLine, type CellValue } from './copy-text.ts';
import { readDump } from './dump-reader.ts';
import { ledgerRows } from './ledger-checks.ts';
import { copyLine, isWholeSqlite, refusedRow } from './move-columns.ts';
import { compareFigures, FigureCounter, TableCounter, type Figures, type VerificationRow } from './move-figures.ts';
import { unknownMigration } from './pg-restore.ts';
import { MoveDiffers } from './sqlite-to-postgres.ts';

/**
 * The move from PostgreSQL to SQLite: a PostgreSQL backup restored into an empty DATA_DIR. A new
 * SQLite database is built by this version's migrations up to the backup's migration, then the
 * dump's table data (read as data: dump-reader.ts) is inserted row by row in one transaction, each
 * value checked against its column; triggers are off while rows load (the rows already hold what
 * they would write) and foreign keys are checked over every row after. The database is then read
 * back and its figures compared with the dump's (move-figures.ts); the caller moves the file into
 * place only when all are the same.
 */

const BATCH = 5_000;
const NEWLINE = Buffer.from('\n');

function tableColumns(db: SQLite.Database, table: string): { name: string; type: string }[] {
  return db.prepare(`select name, type from pragma_table_info(?) order by cid`).all(table) as {
    name: string;
    type: string;
  }[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function movePostgresIntoSqlite(options: {
  dump: string;
  file: string;
  source: string;
  migration: string | null;
  progress?: (line: string) => void;
}): Promise<VerificationRow[]> {
  const { dump, file, source, migration, progress } = options;
  if (!migration || !(await knownMigrations()).includes(migration)) throw unknownMigration(migration);
  const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
  try {
    await migrateTo(kysely, migration);
  } finally {
    await kysely.destroy();
  }
  const db = new SQLite(file);
  try {
    db.pragma('journal_mode = DELETE');
    // The file is new and thrown away on any failure: no journal sync while rows load.
    db.pragma('synchronous = OFF');
    db.pragma('foreign_keys = OFF');
    const tables = (
      db
        .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`)
        .all() as {
        name: string;
      }[]
    ).map((t) => t.name);
    const types = new Map(tables.map((t) => [t, new Map(tableColumns(db, t).map((c) => [c.name, c.type]))]));
    const known = new Map([...types].map(([t, columns]) => [t, new Set(columns.keys())]));
    const triggers = db.prepare(`select name, sql from sqlite_master where type = 'trigger'`).all() as {
      name: string;
      sql: string;
    }[];

    const backup = await loadDump(db, dump, source, known, types, progress);
    for (const { sql } of triggers) db.exec(sql);
    const broken = db.prepare('pragma foreign_key_check').all() as { table: string; rowid: number; parent: string }[];
    if (broken.length > 0) {
      const first = broken[0]!;
      throw new RestoreRefused(
        `Row ${first.rowid} of table ${first.table} in the backup names a ${first.parent} row the backup does not hold (${broken.length} such rows). Nothing was restored.`,
      );
    }
    progress?.('reading the restored tables back to compare…');
    const restored = readSqliteFigures(db, tables, types, backup);
    const rows = [
      ...compareFigures(backup.figures, restored),
      ...(await ledgerRows(null, {
        count: (sql) => Promise.resolve(Number((db.prepare(sql).get() as { n: number }).n)),
        tables: new Set(tables),
        prefix: '',
      })),
    ];
    if (rows.some((r) => !r.same)) throw new MoveDiffers(rows);
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`The restored database failed its integrity check: ${String(check)}`);
    db.pragma('journal_mode = WAL');
    return rows;
  } finally {
    db.close();
    const handle = await open(file, 'r').catch(() => undefined);
    await handle?.sync();
    await handle?.close();
  }
}

async function loadDump(
  db: SQLite.Database,
  dump: string,
  source: string,
  known: Map<string, Set<string>>,
  types: Map<string, Map<string, string>>,
  progress?: (line: string) => void,
): Promise<FigureCounter> {
  const figures = new FigureCounter();
  const triggers = db.prepare(`select name from sqlite_master where type = 'trigger'`).all() as { name: string }[];
  db.exec('begin');
  try {
    for (const { name } of triggers) db.exec(`drop trigger ${quote(name)}`);
    // A migration may seed rows; the backup's rows replace them.
    for (const table of known.keys()) db.exec(`delete from ${quote(table)}`);
    let table = '';
    let columns: string[] = [];
    let whole: boolean[] = [];
    let counter: TableCounter | null = null;
    let insert: SQLite.Statement | null = null;
    let row = 0;
    await readDump(dump, source, known, new Set(), {
      copy: (name, listed) => {
        table = name;
        columns = listed;
        whole = listed.map((c) => isWholeSqlite(types.get(name)!.get(c)!));
        insert = db.prepare(
          `insert into ${quote(name)} (${listed.map(quote).join(', ')}) values (${listed.map(() => '?').join(', ')})`,
        );
        counter = figures.table(name, listed, (c) => isWholeSqlite(types.get(name)!.get(c)!));
        row = 0;
      },
      row: async (line) => {
        row++;
        const fields = decodeCopyLine(line.toString('utf8'));
        if (fields.length !== columns.length)
          throw refusedRow('SQLite', table, row, `it has ${fields.length} values for ${columns.length} columns`);
        const values: CellValue[] = fields.map((field, k) => {
          if (field === null || !whole[k]) return field;
          if (!/^-?\d{1,19}$/.test(field))
            throw refusedRow('SQLite', table, row, `${columns[k]} holds "${field.slice(0, 30)}", not a whole number`);
          const n = BigInt(field);
          counter!.addSum(k, n);
          return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
        });
        // The dump's own line is hashed: pg_dump writes COPY's canonical text, as the read-back does.
        counter!.addLines(line);
        counter!.addLines(NEWLINE);
        try {
          insert!.run(values);
        } catch (error) {
          const id = columns.indexOf('id');
          throw refusedRow('SQLite', table, row, (error as Error).message, id >= 0 ? fields[id] : null);
        }
        if (row % BATCH === 0) {
          if (row % 200_000 === 0) progress?.(`${table}: ${row.toLocaleString('en-US')} rows loaded`);
          // Lets the process answer signals and write its progress between slices of a long table.
          await new Promise((resolve) => setImmediate(resolve));
        }
      },
      endCopy: () => {
        if (row >= 200_000) progress?.(`${table}: ${row.toLocaleString('en-US')} rows loaded`);
        insert = null;
      },
    });
    db.exec('commit');
  } catch (error) {
    if (db.inTransaction) db.exec('rollback');
    throw error;
  }
  return figures;
}

/**
 * The restored database's figures: each table's rows as COPY text lines in the column order the
 * dump gave (move-columns.ts `copyLine`), hashed as the dump's lines were, its whole numbers summed.
 */
function readSqliteFigures(
  db: SQLite.Database,
  tables: string[],
  types: Map<string, Map<string, string>>,
  backup: FigureCounter,
): Figures {
  const figures: Figures = new Map();
  for (const table of tables) {
    const columns = backup.columns(table) ?? [...types.get(table)!.keys()];
    const whole = columns.map((c) => isWholeSqlite(types.get(table)!.get(c) ?? ''));
    const counter = new TableCounter(columns, whole);
    const select = db
      .prepare(`select ${columns.map(quote).join(', ')} from ${quote(table)}`)
      .raw(true)
      .safeIntegers(true);
    let batch = '';
    for (const values of select.iterate() as IterableIterator<CellValue[]>) {
      for (let k = 0; k < values.length; k++) {
        const value = values[k];
        if (whole[k] && typeof value === 'bigint') counter.addSum(k, value);
      }
      batch += `${copyLine(values)}\n`;
      if (batch.length >= 1 << 16) {
        counter.addLines(Buffer.from(batch, 'utf8'));
        batch = '';
      }
    }
    counter.addLines(Buffer.from(batch, 'utf8'));
    figures.set(table, counter.figures());
  }
  return figures;
}
