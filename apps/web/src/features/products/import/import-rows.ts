import type { CsvRecord, ImportRow } from '@shopdesk/shared';

export type ImportField =
  | 'code'
  | 'name'
  | 'brand'
  | 'category'
  | 'price'
  | 'cost'
  | 'quantity'
  | 'description'
  | 'taxRate'
  | 'unit'
  | (typeof ITEM_FIELDS)[number];

/** The item columns (one row per variant); a fourth option is read only for the server to refuse it. */
const ITEM_FIELDS = [
  'handle',
  'option1Name',
  'option1Value',
  'option2Name',
  'option2Value',
  'option3Name',
  'option3Value',
  'option4Name',
  'option4Value',
] as const;

/** Header names people use for each field (our export's own names first), compared loosely. */
const ALIASES: Record<ImportField, string[]> = {
  code: ['code', 'barcode', 'ean', 'jan', 'upc', 'sku', 'バーコード', 'コード'],
  name: ['name', 'product', 'productname', 'item', 'title', '商品名', '名前'],
  brand: ['brand', 'maker', 'manufacturer', 'ブランド', 'メーカー'],
  category: ['category', 'group', 'department', 'カテゴリ', 'カテゴリー'],
  price: ['price', 'saleprice', 'retailprice', '価格', '売価'],
  cost: ['cost', 'costprice', 'purchaseprice', '原価'],
  quantity: ['quantity', 'qty', 'stock', 'onhand', '在庫', '在庫数', '数量'],
  description: ['description', 'notes', 'note', 'details', '説明'],
  taxRate: ['taxrate', 'tax', 'vat', 'vatrate', 'taxpercent', '税率'],
  unit: ['unit', 'uom', 'unitofmeasure', '単位'],
  handle: ['handle', 'itemhandle', 'ハンドル'],
  option1Name: ['option1name', 'オプション1名'],
  option1Value: ['option1value', 'オプション1値'],
  option2Name: ['option2name', 'オプション2名'],
  option2Value: ['option2value', 'オプション2値'],
  option3Name: ['option3name', 'オプション3名'],
  option3Value: ['option3value', 'オプション3値'],
  // Any option past the third: the server says an item has at most 3.
  option4Name: ['option4name', 'option5name', 'option6name'],
  option4Value: ['option4value', 'option5value', 'option6value'],
};

export const REQUIRED_FIELDS: ImportField[] = ['code', 'name', 'price'];

const normalize = (h: string) => h.toLowerCase().replace(/[\s_\-.()]/g, '');

/** Column index of each field found in the header row. */
export function mapHeader(header: string[]): Partial<Record<ImportField, number>> {
  const map: Partial<Record<ImportField, number>> = {};
  header.forEach((raw, index) => {
    const h = normalize(raw);
    for (const [field, names] of Object.entries(ALIASES) as Array<[ImportField, string[]]>) {
      if (map[field] === undefined && names.includes(h)) map[field] = index;
    }
  });
  return map;
}

export function missingFields(map: Partial<Record<ImportField, number>>): ImportField[] {
  return REQUIRED_FIELDS.filter((f) => map[f] === undefined);
}

/** Rows of the import call from CSV records (the first is the header). Values are sent as text. */
export function toImportRows(records: CsvRecord[], map: Partial<Record<ImportField, number>>): ImportRow[] {
  const cell = (r: CsvRecord, f: ImportField) => {
    const i = map[f];
    return i === undefined ? undefined : (r.fields[i] ?? '').trim();
  };
  return records.slice(1).map((r) => {
    const row: ImportRow = {
      line: r.line,
      code: cell(r, 'code') ?? '',
      name: cell(r, 'name') ?? '',
      price: cell(r, 'price') ?? '',
    };
    for (const f of [
      'brand',
      'category',
      'cost',
      'quantity',
      'description',
      'taxRate',
      'unit',
      ...ITEM_FIELDS,
    ] as const) {
      const v = cell(r, f);
      if (v) row[f] = v;
    }
    return row;
  });
}
