import type { TFunction } from '../../lib/i18n/types.ts';
import { translateMessage } from '../../lib/describe-error.ts';

/**
 * The server says why an import row was refused in English sentences, some with a value inside
 * ("JPY has no decimals", "Name must be at most 120 characters"). These patterns turn them into
 * translated sentences with the value kept; anything else goes through the exact-text messages.
 */
/** "Size, Colour and Fit" (the server's English list) as "Size・Colour・Fit", which reads in any language. */
const optionNames = (list: string) => list.split(/, | and /).join('・');

const PATTERNS: Array<[RegExp, string, (m: RegExpMatchArray) => Record<string, string>]> = [
  [/^([A-Z]{3}) has no decimals$/, 'noDecimals', (m) => ({ currency: m[1]! })],
  [/^([A-Z]{3}) has at most (\d+) decimals$/, 'maxDecimals', (m) => ({ currency: m[1]!, count: m[2]! })],
  [/^Must be an amount in digits, such as (\S+)$/, 'amountWhole', (m) => ({ example: m[1]! })],
  [/^Must be an amount in digits with a decimal point, such as (\S+)$/, 'amountDecimal', (m) => ({ example: m[1]! })],
  [/^Must not be negative$/, 'negative', () => ({})],
  [/^(?:The amount|Amount) is too large$/, 'tooLarge', () => ({})],
  [/^Price is required$/, 'priceRequired', () => ({})],
  [/^Quantity must be a whole number$/, 'quantityWhole', () => ({})],
  [/^Quantity must be between -1,000,000 and 1,000,000$/, 'quantityRange', () => ({})],
  [
    /^Quantity must be a number of (\S+) with at most 3 decimals, such as 1\.250$/,
    'quantityMeasured',
    (m) => ({ unit: m[1]! }),
  ],
  [/^Quantity must be between -1,000 and 1,000 (\S+)$/, 'quantityMeasuredRange', (m) => ({ unit: m[1]! })],
  [/^Barcode is required$/, 'codeRequired', () => ({})],
  [/^Barcode must be 1–48 letters, digits, dots, dashes or underscores$/, 'codeFormat', () => ({})],
  [
    /^The last digit of this (\d+)-digit barcode does not match: check for a typo$/,
    'checkDigit',
    (m) => ({ count: m[1]! }),
  ],
  [/^(\w+) is required$/, 'required', (m) => ({ field: m[1]! })],
  [/^(\w+) must be at most (\d+) characters$/, 'tooLong', (m) => ({ field: m[1]!, count: m[2]! })],
  [/^(\w+) must be text$/, 'notText', (m) => ({ field: m[1]! })],
  [/^(\w+) contains characters that are not text$/, 'notText', (m) => ({ field: m[1]! })],
  [/^(\w+) must be one line without control characters$/, 'oneLine', (m) => ({ field: m[1]! })],
  [/^(\w+) must not contain control characters$/, 'controlChars', (m) => ({ field: m[1]! })],
  [/^Must be a whole number of minor units$/, 'amountWholeMinor', () => ({})],
  [/^The validated value is not a number$/, 'notANumber', () => ({})],
  // Variant rows (one item per handle).
  [
    /^The row has (.+) but the item's options are (.+)$/,
    'optionsMismatch',
    (m) => ({ row: optionNames(m[1]!), item: optionNames(m[2]!) }),
  ],
  [/^Line (\d+) has the same options for this item$/, 'sameOptions', (m) => ({ line: m[1]! })],
  [/^The item already has these options on barcode (\S+)$/, 'optionsTaken', (m) => ({ code: m[1]! })],
  [/^This barcode is already on line (\d+) of another item$/, 'codeOnOtherItem', (m) => ({ line: m[1]! })],
  [/^Option (\d) is filled but option (\d) is empty$/, 'optionGap', (m) => ({ option: m[1]!, empty: m[2]! })],
  [/^Option (\d) has a value but no name$/, 'optionNoName', (m) => ({ option: m[1]! })],
  [/^Option (\d) has a name but no value$/, 'optionNoValue', (m) => ({ option: m[1]! })],
];

/** Field labels the shared schemas use in their messages, by the import's field key. */
const LABELS: Record<string, string> = {
  Name: 'name',
  Brand: 'brand',
  Category: 'category',
  Description: 'description',
  Barcode: 'code',
  Furigana: 'nameKana',
  Phone: 'phone',
  Email: 'email',
  Note: 'note',
};

/** The key of `message` in `import.messages`, or null when no pattern knows it. */
export function rowMessageKey(message: string): { key: string; values: Record<string, string> } | null {
  for (const [pattern, key, values] of PATTERNS) {
    const m = message.match(pattern);
    if (m) return { key, values: values(m) };
  }
  return null;
}

export function rowMessage(t: TFunction, message: string): string {
  const known = rowMessageKey(message);
  if (!known) return translateMessage(t, message);
  // English keeps the server's own sentence ("{{message}}"); other languages rebuild it.
  const values: Record<string, string | number> = { ...known.values, message };
  if (values.field !== undefined) {
    const field = LABELS[values.field];
    values.field = field ? t(`import.fields.${field}`) : String(values.field);
  }
  if (values.count !== undefined) values.count = Number(values.count);
  return t(`import.messages.${known.key}`, values);
}
