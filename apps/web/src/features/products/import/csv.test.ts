import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseCsv } from './csv.ts';

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
