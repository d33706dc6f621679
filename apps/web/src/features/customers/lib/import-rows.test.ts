import { describe, expect, it } from 'vitest';
import { parseCsv } from '@shopdesk/shared';
import {
  countNewRows,
  customerTemplateCsv,
  lacksNameAndPhone,
  mapCustomerHeader,
  toCustomerRows,
} from './import-rows.ts';

describe('reading a customers CSV', () => {
  it('finds columns by our export names and the names people use, in English and Japanese', () => {
    expect(mapCustomerHeader(['Code', 'Name', 'Name Kana', 'Phone', 'E-mail', 'Note', 'Marketing consent'])).toEqual({
      code: 0,
      name: 1,
      nameKana: 2,
      phone: 3,
      email: 4,
      note: 5,
      marketingConsent: 6,
    });
    expect(mapCustomerHeader(['氏名', 'フリガナ', '電話番号', 'メールアドレス'])).toEqual({
      name: 0,
      nameKana: 1,
      phone: 2,
      email: 3,
    });
  });

  it('needs a name or a phone column', () => {
    expect(lacksNameAndPhone(mapCustomerHeader(['email', 'note']))).toBe(true);
    expect(lacksNameAndPhone(mapCustomerHeader(['tel']))).toBe(false);
  });

  it('keeps each row’s line and sends empty cells as absent', () => {
    const records = parseCsv('name,phone,email\r\nTaro,090-1,\r\n"Smith, Jane",,jane@example.com\r\n');
    const rows = toCustomerRows(records, mapCustomerHeader(records[0]!.fields));
    expect(rows).toEqual([
      { line: 2, name: 'Taro', phone: '090-1' },
      { line: 3, name: 'Smith, Jane', email: 'jane@example.com' },
    ]);
  });

  it('reads its own template back', () => {
    const records = parseCsv(customerTemplateCsv());
    const map = mapCustomerHeader(records[0]!.fields);
    expect(Object.keys(map)).toHaveLength(7);
    expect(toCustomerRows(records, map)[0]).toMatchObject({ name: '山田 太郎', nameKana: 'ヤマダ タロウ' });
  });

  it('counts rows of known member codes as updates', () => {
    const rows = [
      { line: 2, name: 'a', code: 'M0000000001' },
      { line: 3, name: 'b', code: 'm0000000002' },
      { line: 4, name: 'c' },
    ];
    expect(countNewRows(rows, new Set(['M0000000002']))).toEqual({ fresh: 2, updates: 1 });
  });
});
