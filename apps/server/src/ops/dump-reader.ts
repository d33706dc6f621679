import { createReadStream } from 'node:fs';
import { RestoreRefused } from './archive.ts';

/**
 * Reads a PostgreSQL backup's `database.sql` (pg_dump's plain output) as data, never as code: only
 * its table data (`COPY … FROM stdin` blocks, into tables and columns this version's migrations
 * make), its sequence positions and its client encoding are taken; any psql command (`\!`, `\i`, …)
 * outside table data refuses the backup. Used by the restore into PostgreSQL (pg-restore.ts) and by
 * the move into SQLite (postgres-to-sqlite.ts).
 */

/** No row of ours is near this; a longer line is a damaged or hostile dump, not read into memory. */
const MAX_LINE_BYTES = 16 * 1024 * 1024;
const NEWLINE = 0x0a;
export const CARRIAGE_RETURN = 0x0d;

/** The dump's lines as bytes, split on `\n` only (COPY data never holds a raw `\r`; psql splits on `\n`). */
async function* lines(file: string): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, end);
      yield pending.length ? Buffer.concat([...pending, piece]) : piece;
      pending = [];
      pendingBytes = 0;
      start = end + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > MAX_LINE_BYTES) throw refused('a line longer than 16 MB');
    }
  }
  if (pendingBytes) yield Buffer.concat(pending);
}

export function refused(what: string): RestoreRefused {
  return new RestoreRefused(
    `The backup's database.sql is not what ShopDesk's backup writes (${what}); nothing was restored.`,
  );
}

const IDENT = String.raw`(?:[a-z_][a-z0-9_$]*|"(?:[^"]|"")+")`;
const COPY_LINE = new RegExp(String.raw`^COPY (${IDENT})\.(${IDENT}) \((${IDENT}(?:, ${IDENT})*)\) FROM stdin;$`);
const SETVAL_LINE = new RegExp(
  String.raw`^SELECT pg_catalog\.setval\('(${IDENT})\.(${IDENT})', (\d{1,19}), (true|false)\);$`,
);
const ENCODING_LINE = /^SET client_encoding = '([A-Z0-9_]{1,20})';$/;
/** pg_dump (15.14, 16.10, 17.6 and later) brackets its output with these; they run nothing. */
const RESTRICT_LINE = /^\\(?:un)?restrict [A-Za-z0-9]{1,100}$/;

function unquote(identifier: string): string {
  return identifier.startsWith('"') ? identifier.slice(1, -1).replaceAll('""', '"') : identifier;
}

function splitIdentifiers(list: string): string[] {
  return [...list.matchAll(new RegExp(IDENT, 'g'))].map((m) => unquote(m[0]));
}

/** What a reader of the dump is told, in the dump's order. */
export interface DumpVisitor {
  /** A table's data begins: its name and the dump's column order. */
  copy(table: string, columns: string[]): Promise<void> | void;
  /** One row of the current table, as COPY text (no `\r`: a row holding one refuses the backup). */
  row(line: Buffer): Promise<void> | void;
  endCopy(): Promise<void> | void;
  setval?(sequence: string, value: string, called: boolean): void;
  /** The dump's client encoding, before its first table. */
  encoding?(name: string): void;
}

/**
 * Reads the dump of schema `source`, checking each table and column against `known` (table →
 * its columns) and each sequence against `sequences`; returns the dump's client encoding.
 */
export async function readDump(
  dump: string,
  source: string,
  known: Map<string, Set<string>>,
  sequences: Set<string>,
  visitor: DumpVisitor,
): Promise<{ encoding: string; tables: number }> {
  let encoding = 'UTF8';
  let copying = false;
  let tables = 0;
  for await (const line of lines(dump)) {
    if (copying) {
      if (line.length === 2 && line[0] === 0x5c && line[1] === 0x2e) {
        await visitor.endCopy();
        copying = false;
      } else if (line.includes(CARRIAGE_RETURN)) {
        throw refused('a carriage return in table data');
      } else await visitor.row(line);
      continue;
    }
    const text = line.toString('utf8');
    if (text.startsWith('\\')) {
      if (RESTRICT_LINE.test(text)) continue;
      throw refused(`a psql command outside table data: ${text.slice(0, 40)}`);
    }
    const encodingLine = ENCODING_LINE.exec(text);
    if (encodingLine) {
      encoding = encodingLine[1]!;
      visitor.encoding?.(encoding);
      continue;
    }
    const setval = SETVAL_LINE.exec(text);
    if (setval) {
      const sequence = unquote(setval[2]!);
      if (unquote(setval[1]!) !== source || !sequences.has(sequence)) {
        throw refused(`a sequence this version does not have: ${text.slice(0, 80)}`);
      }
      visitor.setval?.(sequence, setval[3]!, setval[4] === 'true');
      continue;
    }
    if (!text.startsWith('COPY ')) continue;
    const copy = COPY_LINE.exec(text);
    const table = copy && unquote(copy[2]!);
    const columns = table !== null ? known.get(table) : undefined;
    if (!copy || unquote(copy[1]!) !== source || !columns) {
      throw refused(`table data for a table this version does not have: ${text.slice(0, 80)}`);
    }
    const listed = splitIdentifiers(copy[3]!);
    const unknown = listed.find((c) => !columns.has(c));
    if (unknown !== undefined) throw refused(`a column ${table}.${unknown} this version does not have`);
    await visitor.copy(table!, listed);
    tables++;
    copying = true;
  }
  if (copying) throw refused('it ends inside table data');
  if (tables === 0) throw refused('it holds no table data');
  return { encoding, tables };
}
