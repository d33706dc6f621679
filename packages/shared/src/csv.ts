/**
 * The one CSV module (RFC 4180) of the app: the web import reads files with it, the server writes
 * the export with it and the tests read the export back with it, so all three agree on quoting,
 * line breaks and the formula guard.
 */

/** One parsed record and the 1-based line of the file it starts on (what error messages cite). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Commas, unless the header line has more semicolons (spreadsheets in comma-decimal locales) or tabs. */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (ch: string) => firstLine.split(ch).length - 1;
  const tabs = count('\t');
  const semis = count(';');
  const commas = count(',');
  if (tabs > commas && tabs > semis) return '\t';
  return semis > commas ? ';' : ',';
}

/**
 * Reads CSV: quoted fields may hold the delimiter, quotes (doubled) and line breaks; CRLF, LF and a
 * UTF-8 byte-order mark are accepted; blank lines are skipped. Line numbers count physical lines,
 * so a record after a multi-line field still gets the line a spreadsheet shows.
 */
export function parseCsv(input: string, delimiter: string = detectDelimiter(input)): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;

  const endField = () => {
    fields.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
  };

  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && !fieldStarted && field === '') {
      quoted = true;
      fieldStarted = true;
    } else if (ch === delimiter) {
      endField();
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += ch;
      fieldStarted = true;
    }
  }
  if (field !== '' || fields.length > 0 || quoted) endRecord();
  return records;
}

/** The fields of each record, for callers that do not need line numbers. */
export function parseCsvRows(input: string, delimiter?: string): string[][] {
  return parseCsv(input, delimiter).map((r) => r.fields);
}

/**
 * Spreadsheet apps run a cell that starts with = + - @ (or a tab/CR) as a formula, so exported
 * text fields get a leading apostrophe there (OWASP "CSV injection"), and import takes it off
 * again so a round trip returns the same text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function protectFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function unprotectFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** One field, quoted when it holds a quote, comma, line break or edge whitespace. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF. */
export function csvLine(values: Array<string | number>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
