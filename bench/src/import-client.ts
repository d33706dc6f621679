/**
 * A catalogue import through the API the way the web client sends it: sequential batches of
 * 1,000 rows under one importId. Rows are built batch by batch, so a 100,000-row import does not
 * keep 100,000 row objects alive for the garbage collector to walk.
 */
import { randomUUID } from 'node:crypto';
import { CSV_HEADER, csvRow } from './catalogue.ts';
import { call } from './server.ts';

export const IMPORT_BATCH = 1000;

/** Rows `from` .. `to - 1` of the bench catalogue as the importer sends them (line 1 is the header). */
function csvRows(from: number, to: number): Array<Record<string, string | number>> {
  const keys = CSV_HEADER.split(',');
  return Array.from({ length: to - from }, (_, k) => {
    const values = csvRow(from + k).split(',');
    const row: Record<string, string | number> = { line: from + k + 2 };
    keys.forEach((key, j) => (row[key] = values[j]!));
    return row;
  });
}

/** Imports the first `count` products of the bench catalogue into the store of `headers`. */
export async function importCatalogue(url: string, headers: Record<string, string>, count: number): Promise<void> {
  const importId = randomUUID();
  for (let b = 0; b * IMPORT_BATCH < count; b++) {
    const rows = csvRows(b * IMPORT_BATCH, Math.min(count, (b + 1) * IMPORT_BATCH));
    const result = await call<{ errors: unknown[] }>(`${url}/api/secure/product/import`, {
      method: 'POST',
      headers,
      json: { importId, batch: b, rows },
    });
    if (result.errors.length) throw new Error(`import errors: ${JSON.stringify(result.errors.slice(0, 3))}`);
  }
}
