import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvLine, detectDelimiter, parseCsv, parseCsvRows, protectFormula, unprotectFormula } from './csv.ts';

describe('parseCsv', () => {
  it('reads a header and plain rows, CRLF or LF, skipping blank lines', () => {
    const rows = parseCsv('code,name,price\r\n4901234567894,Tea,1.50\r\n\r\n123,Rice,2\n');
    expect(rows).toEqual([
      { line: 1, fields: ['code', 'name', 'price'] },
      { line: 2, fields: ['4901234567894', 'Tea', '1.50'] },
      { line: 4, fields: ['123', 'Rice', '2'] },
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    const rows = parseCsv('code,name,description\n1,"Tea, green","He said ""hi""\nsecond line"\n2,Rice,\n');
    expect(rows[1]).toEqual({ line: 2, fields: ['1', 'Tea, green', 'He said "hi"\nsecond line'] });
    // The record after a two-line field starts on physical line 4, as a spreadsheet shows it.
    expect(rows[2]).toEqual({ line: 4, fields: ['2', 'Rice', ''] });
  });

  it('drops a UTF-8 byte-order mark and reads a last line without a newline', () => {
    const rows = parseCsv('\uFEFFcode,name\nA1,"お茶"');
    expect(rows[0]!.fields[0]).toBe('code');
    expect(rows[1]!.fields).toEqual(['A1', 'お茶']);
  });

  it('detects semicolon and tab separated files from the header', () => {
    expect(detectDelimiter('code;name;price\n1;a;1,5')).toBe(';');
    expect(detectDelimiter('code\tname\n')).toBe('\t');
    expect(parseCsv('code;name\n1;"a;b"')[1]!.fields).toEqual(['1', 'a;b']);
  });
});

describe('csvLine', () => {
  it('quotes fields with quotes, commas, line breaks or edge spaces, and ends with CRLF', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', ' pad', 7])).toBe(
      'a,"b,c","say ""hi""","two\nlines"," pad",7\r\n',
    );
  });

  it('is read back to the same fields, whatever the text', () => {
    const field = fc.string({ unit: 'grapheme', maxLength: 20 });
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const header = rows[0]!.map((_, i) => `c${i}`);
        const text = [header, ...rows].map(csvLine).join('');
        expect(parseCsvRows(text, ',')).toEqual([header, ...rows]);
      }),
      { seed: 20260104 },
    );
  });
});

describe('formula protection', () => {
  it('puts an apostrophe before text a spreadsheet would run, and import takes it off again', () => {
    for (const text of ['=HYPERLINK("http://evil")', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(protectFormula(text)).toBe(`'${text}`);
      expect(unprotectFormula(protectFormula(text))).toBe(text);
    }
    expect(protectFormula('Tea')).toBe('Tea');
    expect(unprotectFormula("'quoted")).toBe("'quoted");
  });
});
