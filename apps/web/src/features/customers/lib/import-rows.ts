import type { CsvRecord } from '@shopdesk/shared';
import type { CustomerImportRow } from '../api/import-customers.ts';

export type CustomerField = 'code' | 'name' | 'nameKana' | 'phone' | 'email' | 'note' | 'marketingConsent';
export const CUSTOMER_FIELDS: CustomerField[] = [
  'code',
  'name',
  'nameKana',
  'phone',
  'email',
  'note',
  'marketingConsent',
];

/** Header names people use for each column (our export's own names first), compared loosely. */
const ALIASES: Record<CustomerField, string[]> = {
  code: ['code', 'membercode', 'member', 'memberno', 'membernumber', 'card', 'cardno', '会員番号', '会員コード'],
  name: ['name', 'customer', 'customername', 'fullname', '名前', '氏名', 'お名前', '顧客名'],
  nameKana: ['namekana', 'kana', 'furigana', 'reading', 'フリガナ', 'ふりがな', 'よみがな', 'カナ'],
  phone: ['phone', 'tel', 'telephone', 'mobile', 'phonenumber', '電話', '電話番号', '携帯'],
  email: ['email', 'mail', 'emailaddress', 'メール', 'メールアドレス'],
  note: ['note', 'notes', 'memo', 'comment', 'メモ', '備考'],
  marketingConsent: ['marketingconsent', 'consent', 'marketing', 'optin', 'newsletter', '配信同意', 'お知らせ'],
};

const normalize = (h: string) =>
  h
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-.()]/g, '');

/** Column index of each field found in the header row. */
export function mapCustomerHeader(header: string[]): Partial<Record<CustomerField, number>> {
  const map: Partial<Record<CustomerField, number>> = {};
  header.forEach((raw, index) => {
    const h = normalize(raw);
    for (const field of CUSTOMER_FIELDS) {
      if (map[field] === undefined && ALIASES[field].includes(h)) map[field] = index;
    }
  });
  return map;
}

/** A file needs a name or a phone column: a customer is known by one of them. */
export function lacksNameAndPhone(map: Partial<Record<CustomerField, number>>): boolean {
  return map.name === undefined && map.phone === undefined;
}

/** Rows of the import call from CSV records (the first is the header). Values are sent as text. */
export function toCustomerRows(records: CsvRecord[], map: Partial<Record<CustomerField, number>>): CustomerImportRow[] {
  const cell = (r: CsvRecord, f: CustomerField) => {
    const i = map[f];
    return i === undefined ? undefined : (r.fields[i] ?? '').trim();
  };
  return records.slice(1).map((r) => {
    const row: CustomerImportRow = { line: r.line, name: cell(r, 'name') ?? '' };
    for (const f of ['code', 'nameKana', 'phone', 'email', 'note', 'marketingConsent'] as const) {
      const v = cell(r, f);
      if (v) row[f] = v;
    }
    return row;
  });
}

/** The import's template: the export's columns and two example customers. */
export function customerTemplateCsv(): string {
  return [
    'code,name,nameKana,phone,email,note,marketingConsent',
    ',山田 太郎,ヤマダ タロウ,090-1234-5678,taro@example.com,Prefers paper receipts,yes',
    ',Jane Smith,,555-0100,,,no',
  ].join('\r\n');
}

/** How many rows add customers and how many update ones the store has (matched by member code). */
export function countNewRows(
  rows: CustomerImportRow[],
  known: ReadonlySet<string>,
): { fresh: number; updates: number } {
  let updates = 0;
  for (const r of rows) if (r.code && known.has(r.code.normalize('NFKC').toUpperCase())) updates++;
  return { fresh: rows.length - updates, updates };
}
