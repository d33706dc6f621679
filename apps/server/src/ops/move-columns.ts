import { RestoreRefused } from './archive.ts';
import { encodeCopyText } from './copy-text.ts';

/**
 * What both moves between engines say about a column and a row, in one place: which columns hold
 * whole numbers (their sums are figures, and a value that is not one is refused), the refusal that
 * names the table and row, and the row's COPY text line the figures hash on both sides.
 */

/** PostgreSQL's whole-number types, as `format_type` names them. */
export const isWholePostgres = (type: string): boolean => /^(bigint|integer|smallint)$/.test(type);

/** PostgreSQL's text types; a move carries no other (every ShopDesk column is one or a whole number). */
export const isTextPostgres = (type: string): boolean => /^(text|character varying|character)\b/.test(type);

/** SQLite's integer affinity (its rule: a declared type containing INT). */
export const isWholeSqlite = (type: string): boolean => /int/i.test(type);

export function refusedRow(
  engine: 'PostgreSQL' | 'SQLite',
  table: string,
  row: number,
  what: string,
  id?: unknown,
): RestoreRefused {
  const named = typeof id === 'string' && id ? ` (id ${id.slice(0, 64)})` : '';
  return new RestoreRefused(
    `Row ${row}${named} of table ${table} in the backup cannot be stored in ${engine}: ${what}. Nothing was restored.`,
  );
}

/**
 * A row's values (whole numbers as bigint or number, text as string, null) as one COPY text line,
 * without its newline: exactly what PostgreSQL's `COPY … TO STDOUT` prints for the same row of
 * integer and text columns, so a line written from one engine and a line read back from the other
 * can be compared byte for byte.
 */
export function copyLine(values: readonly unknown[]): string {
  let line = '';
  for (let k = 0; k < values.length; k++) {
    const value = values[k];
    if (k > 0) line += '\t';
    line +=
      value === null || value === undefined ? '\\N' : encodeCopyText(typeof value === 'string' ? value : String(value));
  }
  return line;
}
