/**
 * PostgreSQL's COPY text format (the table data of pg_dump's plain output), both ways: a row is
 * one line, columns split by tabs, `\N` for null, and backslash escapes for the characters that
 * would break the line. The move between engines (restore of a backup of the other engine) reads
 * a dump's rows with `decodeCopyLine` and writes a SQLite database's rows with `encodeCopyValue`.
 */

export type CellValue = string | number | bigint | null;

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One value as COPY text reads it back exactly. */
export function encodeCopyValue(value: CellValue): string {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  return value.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c]!);
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
