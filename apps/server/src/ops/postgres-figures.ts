import pg from 'pg';
import type { Catalog } from './load-script.ts';
import { FigureCounter, type Figures } from './move-figures.ts';

const WHOLE = /^(bigint|integer|smallint)$/;
const FETCH = 10_000;

/**
 * The figures (move-figures.ts) of every table of `schema`, read back through a cursor a few
 * thousand rows at a time, so a table of millions of rows never sits in memory.
 */
export async function readPostgresFigures(client: pg.Client, schema: string, catalog: Catalog): Promise<Figures> {
  const counter = new FigureCounter();
  const q = pg.escapeIdentifier;
  await client.query('begin isolation level repeatable read read only');
  try {
    for (const table of catalog.tables) {
      const types = catalog.types.get(table)!;
      const columns = [...types.keys()];
      counter.table(table, columns, (c) => WHOLE.test(types.get(c)!));
      await client.query(
        `declare figures no scroll cursor for select ${columns.map((c) => q(c)).join(', ')} from ${q(schema)}.${q(table)}`,
      );
      for (;;) {
        const { rows } = await client.query<unknown[]>({ text: `fetch ${FETCH} from figures`, rowMode: 'array' });
        for (const values of rows) counter.add(table, values as (string | number | null)[]);
        if (rows.length < FETCH) break;
      }
      await client.query('close figures');
    }
  } finally {
    await client.query('commit');
  }
  return counter.figures;
}
