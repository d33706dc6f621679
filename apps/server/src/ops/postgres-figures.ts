import pg from 'pg';
import type { Catalog } from './load-script.ts';
import { isTextPostgres, isWholePostgres } from './move-columns.ts';
import { TableCounter, type FigureCounter, type Figures } from './move-figures.ts';
import { copyOut } from './postgres-tools.ts';

/**
 * The figures (move-figures.ts) of every table of `schema`, computed from what PostgreSQL itself
 * gives back: each table's rows as `COPY … TO STDOUT` prints them, in the column order the backup's
 * side hashed (`backup`), hashed line by line as the text streams in (never a table in memory, no
 * value parsed in Node), and each whole-number column's sum by PostgreSQL's own exact `sum`. Every
 * column is a whole number or text (a move carries no other type), so COPY's text is canonical: no
 * date style, time zone or float digits play a part.
 */
export async function readPostgresFigures(
  client: pg.Client,
  url: string,
  schema: string,
  catalog: Catalog,
  backup: FigureCounter,
): Promise<Figures> {
  const q = pg.escapeIdentifier;
  const figures: Figures = new Map();
  for (const table of catalog.tables) {
    const types = catalog.types.get(table)!;
    const columns = backup.columns(table) ?? [...types.keys()];
    const other = columns.find((c) => !isWholePostgres(types.get(c) ?? '') && !isTextPostgres(types.get(c) ?? ''));
    if (other) throw new Error(`${table}.${other} is neither a whole number nor text; a move does not compare it`);
    const counter = new TableCounter(
      columns,
      columns.map((c) => isWholePostgres(types.get(c)!)),
    );
    const from = `${q(schema)}.${q(table)}`;
    const whole = columns.filter((c) => isWholePostgres(types.get(c)!));
    // PostgreSQL sums while psql streams the rows: two backends, the machine's two cores.
    const sums = whole.length
      ? client.query<string[]>({
          text: `select ${whole.map((c) => `sum(${q(c)})::text`).join(', ')} from ${from}`,
          rowMode: 'array',
        })
      : null;
    sums?.catch(() => undefined);
    for await (const chunk of copyOut(url, `COPY ${from} (${columns.map((c) => q(c)).join(', ')}) TO STDOUT`))
      counter.addLines(chunk);
    const row = (await sums)?.rows[0] ?? [];
    counter.setSums(
      new Map(whole.flatMap((c, k) => (row[k] === null || row[k] === undefined ? [] : [[c, BigInt(row[k])]]))),
    );
    figures.set(table, counter.figures());
  }
  return figures;
}
