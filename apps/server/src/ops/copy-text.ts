/**
 * PostgreSQL's COPY text format (the table data of pg_dump's plain output), both ways: a row is
 * one line, columns split by tabs, `\N` for null, and backslash escapes for the characters that
 * would break the line. The move between engines (restore of a backup of the other engine) reads
 * a dump's rows with `decodeCopyLine` and writes a SQLite database's text with `encodeCopyText`.
 */

export type CellValue = string | number | bigint | null;

/**
 * The escapes PostgreSQL's `COPY … TO` writes (CopyAttributeOutText): a backslash and the six
 * control characters with a letter of their own; any other character is written as itself. Writing
 * exactly these makes a value's text canonical: the same bytes COPY prints when it is read back.
 */
const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
};
const ESCAPED = /[\\\b\f\n\r\t\v]/;
const ESCAPED_ALL = /[\\\b\f\n\r\t\v]/g;

/** Text as COPY text (not null): most values hold nothing to escape and are returned as they are. */
export function encodeCopyText(value: string): string {
  return ESCAPED.test(value) ? value.replace(ESCAPED_ALL, (c) => ESCAPES[c]!) : value;
}

const SIMPLE: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

function unescape(field: string): string {
  if (!field.includes('\\')) return field;
  let out = '';
  for (let i = 0; i < field.length; i++) {
    const c = field[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = field[i + 1];
    if (next === undefined) throw new Error('a row ends in a lone backslash');
    if (SIMPLE[next] !== undefined) {
      out += SIMPLE[next];
      i++;
    } else if (/[0-7]/.test(next)) {
      const digits = /^[0-7]{1,3}/.exec(field.slice(i + 1))![0];
      out += String.fromCharCode(parseInt(digits, 8));
      i += digits.length;
    } else if (next === 'x' && /^[0-9A-Fa-f]/.test(field[i + 2] ?? '')) {
      const digits = /^[0-9A-Fa-f]{1,2}/.exec(field.slice(i + 2))![0];
      out += String.fromCharCode(parseInt(digits, 16));
      i += 1 + digits.length;
    } else {
      // COPY takes any other escaped character as itself.
      out += next;
      i++;
    }
  }
  return out;
}

/** The values of one COPY text row (strings, or null for `\N`). */
export function decodeCopyLine(line: string): (string | null)[] {
  return line.split('\t').map((field) => (field === '\\N' ? null : unescape(field)));
}
